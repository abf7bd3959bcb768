/**
 * Forgot password (/forgot-password): the account's e-mail; the server mails a reset code and the
 * shopper continues on /verify-reset-otp with the verification in router state.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { BRAND } from '../../core/constants';
import { AuthCard } from '../components/layout/auth-card';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/field';
import { forgotPasswordStart } from '../features/auth/api';
import { errorMessage } from '../lib/api';
import { lazyZodResolver } from '../lib/lazy-resolver';
import { pageMeta } from '../lib/meta';

/** Title of the forgot-password page. */
export function meta() {
  return pageMeta('Forgot password', `Reset the password of your ${BRAND.name} account.`);
}

const resolver = lazyZodResolver(() => import('../../core/schemas/auth').then((m) => m.forgotPasswordSchema));

/** The e-mail form that starts a password reset. */
export default function ForgotPassword() {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { email: '' } });
  useEffect(() => resolver.preload(), []);

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      const { verificationId } = await forgotPasswordStart({ email });
      await navigate('/verify-reset-otp', { state: { verificationId, email } });
    } catch (error) {
      setFormError(errorMessage(error, 'Failed to send reset email. Please try again.'));
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail of your account and we'll send you a 6-digit code to reset it."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className="font-semibold text-brand hover:underline">
            Back to login
          </Link>
        </>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
        {formError ? <Alert>{formError}</Alert> : null}
        <Input label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Send Reset Code
        </Button>
      </form>
    </AuthCard>
  );
}
