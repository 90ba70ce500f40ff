import { Alert } from '#client/components/ui/alert.tsx';
import { GOOGLE_SIGN_IN_ERRORS, googleSignInErrorCode } from '#shared/constants/google-sign-in.ts';

/**
 * The failure of a Google sign-in, which the server reports as `/login?error=<code>`. Only the
 * text of a known code is shown (an unknown one reads as the general failure), so a crafted
 * link cannot put its own words on the page.
 */
export function GoogleSignInError({ code }: { code: string | null }) {
  if (code === null) return null;
  return <Alert variant="error" description={GOOGLE_SIGN_IN_ERRORS[googleSignInErrorCode(code)]} isDismissible />;
}
