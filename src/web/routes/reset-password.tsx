/**
 * Reset password (/reset-password): new password and its confirmation, each with show/hide. Needs
 * the verification id and the verified code from /verify-reset-otp in router state; without them
 * it shows 'Session Expired'. Success goes to /login with a message and the e-mail (the login form
 * comes filled in), replacing this page.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../components/layout/auth-card';
import { Alert } from '../components/ui/alert';
import { Button, ButtonLink } from '../components/ui/button';
import { PageLoader } from '../components/ui/spinner';
import { resetPassword } from '../features/auth/api';
import { readVerificationState, type VerificationState } from '../features/auth/flow-state';
import { PasswordInput } from '../features/auth/password-input';
import { errorMessage } from '../lib/api';
import { lazyZodResolver } from '../lib/lazy-resolver';
import { useHydrated } from '../lib/hydration';
import { pageMeta } from '../lib/meta';

/** Title of the reset password page. */
export function meta() {
  return pageMeta('Reset password', 'Choose a new password for your account.');
}

// Shown by the login page after a successful reset.
const RESET_DONE = 'Password reset successfully. Please log in with your new password.';

const resolver = lazyZodResolver(() => import('../../core/schemas/auth').then((m) => m.newPasswordFormSchema));

function NewPasswordForm({ verificationId, email, code }: VerificationState & { code: string }) {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  useEffect(() => resolver.preload(), []);

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFormError(null);
    try {
      await resetPassword({ verificationId, code, newPassword });
      // The e-mail goes along so the login form has it filled in.
      await navigate('/login', { replace: true, state: { message: RESET_DONE, email } });
    } catch (error) {
      setFormError(errorMessage(error, 'Failed to reset password. Please try again.'));
    }
  });

  return (
    <AuthCard title="Choose a new password" subtitle="You will be signed out of every other device.">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
        {formError ? <Alert>{formError}</Alert> : null}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          hint="8+ characters with upper and lower case, a number and a symbol"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Reset Password
        </Button>
      </form>
    </AuthCard>
  );
}

/** The new password form, or 'Session Expired' without a verified reset code. */
export default function ResetPassword() {
  const location = useLocation();
  const hydrated = useHydrated();
  if (!hydrated) return <PageLoader />;
  const state = readVerificationState(location.state);
  if (!state?.code) {
    return (
      <AuthCard title="Session Expired" subtitle="Your password reset session has expired or is invalid. Please start again.">
        <ButtonLink to="/forgot-password" size="lg" className="w-full">
          Start Over
        </ButtonLink>
      </AuthCard>
    );
  }
  return <NewPasswordForm verificationId={state.verificationId} email={state.email} code={state.code} />;
}
