/**
 * Verify reset code (/verify-reset-otp): the six-digit code mailed by /forgot-password, with a
 * 30-second resend cooldown; a verified code continues to /reset-password in router state.
 */
import { useLocation, useNavigate } from 'react-router';
import { ButtonLink } from '../components/ui/button';
import { PageLoader } from '../components/ui/spinner';
import { resendOtp, verifyResetOtp } from '../features/auth/api';
import { CodeEntryForm, VerificationNotFound } from '../features/auth/code-entry-form';
import { readVerificationState } from '../features/auth/flow-state';
import { useHydrated } from '../lib/hydration';
import { pageMeta } from '../lib/meta';

/** True when the login sent an account moved from the old shop here (its code was just mailed). */
const movedFromOldShop = (state: unknown) => Boolean(state && typeof state === 'object' && (state as { moved?: unknown }).moved === true);

/** Title of the reset code page. */
export function meta() {
  return pageMeta('Enter reset code', 'Enter the 6-digit code we sent to reset your password.');
}

/** The reset code page, or 'Verification Not Found' when opened without a reset request. */
export default function VerifyResetOtp() {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  if (!hydrated) return <PageLoader />;
  const state = readVerificationState(location.state);
  if (!state) {
    return (
      <VerificationNotFound
        description="Your password reset request was not found or has expired. Please request a new code."
        action={
          <ButtonLink to="/forgot-password" size="lg" className="w-full">
            Request a new code
          </ButtonLink>
        }
      />
    );
  }
  const { verificationId, email } = state;
  return (
    <CodeEntryForm
      title="Enter reset code"
      subtitle={
        movedFromOldShop(location.state) ? (
          <>
            Your account moved from our old shop. We sent a 6-digit code to{' '}
            <strong className="font-semibold text-stone-900">{email}</strong> to set your password. The code expires in 10 minutes.
          </>
        ) : (
          <>
            If an account exists for <strong className="font-semibold text-stone-900">{email || 'your e-mail'}</strong>, we sent a 6-digit
            code to it. The code expires in 10 minutes.
          </>
        )
      }
      submitLabel="Verify code"
      verifyFallback="Invalid or expired code. Please try again."
      onVerify={async (code) => {
        await verifyResetOtp({ verificationId, code });
        await navigate('/reset-password', { replace: true, state: { verificationId, email, code } });
      }}
      onResend={() => resendOtp({ verificationId }).then(() => undefined)}
    />
  );
}
