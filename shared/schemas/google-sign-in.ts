import { z } from 'zod';

/** Answer of GET /api/accounts/providers: which sign-in methods besides e-mail and password are on. */
export const AuthProvidersResponseSchema = z.object({
  /** "Continue with Google" is configured on this server. */
  google: z.boolean(),
});
export type AuthProviders = z.infer<typeof AuthProvidersResponseSchema>;

/** Body of POST /api/accounts/google/start. */
export const GoogleSignInStartInputSchema = z.strictObject({
  /** A path of this site to land on after signing in (one leading '/', no backslash or spaces). */
  next: z
    .string()
    .max(2048)
    .regex(/^\/(?![/\\])[^\s\\]*$/, { error: 'must be a path of this site, like /groups' })
    .optional(),
});
export type GoogleSignInStartInput = z.infer<typeof GoogleSignInStartInputSchema>;

/** Answer of POST /api/accounts/google/start: the provider's authorization URL to go to. */
export const GoogleSignInStartResponseSchema = z.object({ url: z.string() });
export type GoogleSignInStartResponse = z.infer<typeof GoogleSignInStartResponseSchema>;

/** Answer of GET /api/accounts/google/id-token: the signed-in person's latest Google ID token. */
export const GoogleIdTokenResponseSchema = z.object({ idToken: z.string() });
export type GoogleIdTokenResponse = z.infer<typeof GoogleIdTokenResponseSchema>;

/** Body of POST /api/auth/welcome, sent with `Authorization: Bearer <ID token>`. */
export const WelcomeInputSchema = z.strictObject({
  userEmail: z.string().max(320),
  userName: z.string().max(512),
  username: z.string().max(64),
});
export type WelcomeInput = z.infer<typeof WelcomeInputSchema>;

/** What the welcome call did: e-mailed now, e-mailed before (it goes once), or not wanted by the settings. */
export const WelcomeResponseSchema = z.object({ status: z.enum(['sent', 'already_sent', 'not_wanted']) });
export type WelcomeResponse = z.infer<typeof WelcomeResponseSchema>;
