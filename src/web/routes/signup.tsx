/**
 * Signup (/signup): name, e-mail, phone and password; the server e-mails a one-time code and the
 * shopper continues on /verify-email.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { BRAND } from '../../core/constants';
import { AuthCard } from '../components/layout/auth-card';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/field';
import { registerStart } from '../features/auth/api';
import { PasswordInput } from '../features/auth/password-input';
import { errorMessage } from '../lib/api';
import { phoneInput } from '../lib/digits-input';
import { lazyZodResolver } from '../lib/lazy-resolver';
import { pageMeta } from '../lib/meta';

/** Title of the signup page. */
export function meta() {
  return pageMeta('Create an account', `Sign up to ${BRAND.name} and get 5% off your first order.`);
}

const resolver = lazyZodResolver(() => import('../../core/schemas/auth').then((m) => m.signupSchema));

/** The signup form. */
export default function Signup() {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    defaultValues: { name: '', email: '', phone: '', password: '' },
  });
  useEffect(() => resolver.preload(), []);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { verificationId } = await registerStart(values);
      await navigate('/verify-email', { state: { verificationId, email: values.email } });
    } catch (error) {
      setFormError(errorMessage(error, 'Failed to send OTP'));
    }
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle="5% off your first order, applied automatically at checkout"
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-brand hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
        {formError ? <Alert>{formError}</Alert> : null}
        <Input label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <Input label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <Input
          label="Phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint="10-digit Indian mobile number"
          error={errors.phone?.message}
          {...phoneInput(register('phone'))}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          hint="8+ characters with upper and lower case, a number and a symbol"
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Create account
        </Button>
        <p className="text-center text-xs text-stone-500">
          By signing up you agree to our{' '}
          <Link to="/terms" className="underline hover:text-stone-800">
            Terms
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className="underline hover:text-stone-800">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
