import { z } from 'zod';
import { EMAIL_SETTING_KEYS } from '#shared/constants/accounts.ts';

// Lengths here only stop absurd input; the spec's own rules and messages run on the server.
/** Body of POST /api/accounts/sign-up (form fields Email, Username, Password). */
export const SignUpInputSchema = z.strictObject({
  email: z.string().max(320),
  username: z.string().max(64),
  password: z.string().max(1024),
});
export type SignUpInput = z.infer<typeof SignUpInputSchema>;

/** Query of GET /api/accounts/availability: one or both of the fields sign-up checks early. */
export const AvailabilityQuerySchema = z.strictObject({
  email: z.string().max(320).optional(),
  username: z.string().max(64).optional(),
});

/** For each field asked about: null when free, else sign-up's own message. */
export const AvailabilityResponseSchema = z.object({
  email: z.string().nullable().optional(),
  username: z.string().nullable().optional(),
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponseSchema>;

/** Body of POST /api/accounts/sign-in. */
export const SignInInputSchema = z.strictObject({
  email: z.string().max(320),
  password: z.string().max(1024),
});
export type SignInInput = z.infer<typeof SignInInputSchema>;

/** The nine e-mail flags of a profile. */
export const EmailSettingsSchema = z.strictObject(
  Object.fromEntries(EMAIL_SETTING_KEYS.map((key) => [key, z.boolean()])) as Record<
    (typeof EMAIL_SETTING_KEYS)[number],
    z.ZodBoolean
  >,
);

/** A user profile as the spec's section 3 names its fields. */
export const ProfileSchema = z.object({
  uId: z.string(),
  email: z.string(),
  username: z.string(),
  usernameHistory: z.array(z.string()),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastTokenUpdate: z.iso.datetime(),
  followers: z.number().int(),
  following: z.number().int(),
  subscribing: z.number().int(),
  quote: z.string(),
  profileImageURL: z.string(),
  emailSettings: EmailSettingsSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

/** The signed-in person: id and e-mail of the account, and the profile (null when it did not load). */
export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  profile: ProfileSchema.nullable(),
  /** 'admin' may open /admin; the first account created is one. */
  role: z.enum(['user', 'admin']),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** Answer of GET /api/accounts/session and of sign-up and sign-in. */
export const SessionResponseSchema = z.object({ user: SessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** Body of POST /api/accounts/change-password. */
export const ChangePasswordInputSchema = z.strictObject({
  currentPassword: z.string().max(1024),
  newPassword: z.string().max(1024),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** Body of POST /api/accounts/password-reset. */
export const PasswordResetRequestSchema = z.strictObject({ email: z.string().max(320) });

/** Body of POST /api/accounts/password-reset/complete. */
export const PasswordResetCompleteSchema = z.strictObject({
  token: z.string().min(1).max(512),
  newPassword: z.string().max(1024),
});
