/**
 * Verify e-mail (/verify-email): the six-digit code from signup, with a 30-second resend cooldown.
 * The verification id and e-mail arrive in router state from /signup; a right code creates the
 * account and signs it in (the answer carries the token), then resumes the login gate's pending
 * action or goes home, replacing this page in history.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ButtonLink } from '../components/ui/button';
import { PageLoader } from '../components/ui/spinner';
import { resendOtp, verifyOtp } from '../features/auth/api';
import { CodeEntryForm, VerificationNotFound } from '../features/auth/code-entry-form';
import { readVerificationState } from '../features/auth/flow-state';
import { resumeAfterLogin } from '../features/auth/post-login';
import { setToken } from '../lib/auth';
import { useHydrated } from '../lib/hydration';
import { pageMeta } from '../lib/meta';
import { toast } from '../lib/toast';

/** Title of the code entry page. */
export function meta() {
  return pageMeta('Verify your email', 'Enter the 6-digit code we sent to your e-mail.');
}

/** The code entry page, or 'Verification Not Found' when opened without a signup. */
export default function VerifyEmail() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  if (!hydrated) return <PageLoader />;
  const state = readVerificationState(location.state);
  if (!state) {
    return (
      <VerificationNotFound
        description="Your sign-up session was not found or has expired. Please sign up again."
        action={
          <ButtonLink to="/signup" size="lg" className="w-full">
            Go to Sign Up
          </ButtonLink>
        }
      />
    );
  }
  const { verificationId, email } = state;
  return (
    <CodeEntryForm
      title="Verify your email"
      subtitle={
        <>
          We sent a 6-digit code to <strong className="font-semibold text-stone-900">{email || 'your e-mail'}</strong>. The code expires in
          10 minutes.
        </>
      }
      submitLabel="Verify email"
      verifyFallback="Invalid or expired code. Please try again."
      onVerify={async (code) => {
        const { token, user } = await verifyOtp({ verificationId, code });
        // As the login form does: store the token, drop a guest's cached answers, then resume.
        setToken(token);
        queryClient.removeQueries();
        toast.success(`Email verified. Welcome, ${user.name.split(' ')[0]}!`);
        await resumeAfterLogin(navigate, queryClient);
      }}
      onResend={() => resendOtp({ verificationId }).then(() => undefined)}
    />
  );
}
