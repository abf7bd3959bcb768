/**
 * Login (/login): e-mail and password; stores the token, then resumes the login gate's pending
 * action or goes home. Says why when the gate sent the shopper here
 * with a line to add or buy, and has the e-mail filled in after a password reset.
 * An account with two-step sign-in on is asked next for the code of its authenticator app (or a
 * recovery code); an account moved from the old shop without a password goes to the code entry
 * page with the code just mailed (docs/architecture.md#accounts-and-sign-in).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { BRAND } from '../../core/constants';
import type { LoginInput } from '../../core/schemas/auth';
import { AuthCard } from '../components/layout/auth-card';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/field';
import { login, loginTwoStep, passwordNotSet } from '../features/auth/api';
import { PasswordInput } from '../features/auth/password-input';
import { gateReason } from '../lib/gate-reason';
import { resumeAfterLogin } from '../features/auth/post-login';
import { ApiRequestError, errorMessage } from '../lib/api';
import { peekPostLoginAction, setToken } from '../lib/auth';
import { lazyZodResolver } from '../lib/lazy-resolver';
import { useHydrated } from '../lib/hydration';
import { pageMeta } from '../lib/meta';

/** Title of the login page. */
export function meta() {
  return pageMeta('Login', `Log in to your ${BRAND.name} account to see your cart and orders.`);
}

/** A string field of the router state the previous page passed (a reset's message and e-mail). */
function stateField(state: unknown, key: 'message' | 'email'): string | null {
  if (state && typeof state === 'object' && key in state) {
    const value = (state as Record<string, unknown>)[key];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

const resolver = lazyZodResolver(() => import('../../core/schemas/auth').then((m) => m.loginSchema));

/** The login form. */
export default function Login() {
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const success = hydrated ? stateField(location.state, 'message') : null;
  // Why the login gate sent the shopper here; read once hydrated (sessionStorage).
  const reason = hydrated ? gateReason(peekPostLoginAction()) : null;
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, { email: string; password: string }>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  useEffect(() => resolver.preload(), []);
  // After a password reset the e-mail comes along: fill it in and go straight to the password.
  useEffect(() => {
    const email = stateField(location.state, 'email');
    if (!email) return;
    setValue('email', email);
    setFocus('password');
  }, [location.state, setValue, setFocus]);

  const [challenge, setChallenge] = useState<string | null>(null);

  const signedIn = async (token: string) => {
    setToken(token);
    queryClient.removeQueries();
    await resumeAfterLogin(navigate, queryClient);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await login(values);
      if ('twoStepRequired' in answer) setChallenge(answer.challenge);
      else await signedIn(answer.token);
    } catch (error) {
      const moved = passwordNotSet(error);
      if (moved) {
        await navigate('/verify-reset-otp', { state: { verificationId: moved.verificationId, email: values.email, moved: true } });
        return;
      }
      setFormError(errorMessage(error, 'Login failed'));
    }
  });

  if (challenge) {
    return (
      <TwoStepForm
        challenge={challenge}
        onSignedIn={signedIn}
        onRestart={() => {
          setChallenge(null);
          setFormError('Your sign-in took too long. Please log in again.');
        }}
      />
    );
  }

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to continue shopping"
      footer={
        <>
          New to {BRAND.name}?{' '}
          <Link to="/signup" className="font-semibold text-brand hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
        {success ? <Alert tone="success">{success}</Alert> : null}
        {reason ? <Alert tone="info">{reason}</Alert> : null}
        {formError ? <Alert>{formError}</Alert> : null}
        <Input label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <div>
          <PasswordInput label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
          <div className="mt-2 text-right">
            <Link to="/forgot-password" className="text-sm font-medium text-stone-600 hover:text-brand">
              Forgot password?
            </Link>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Log in
        </Button>
      </form>
    </AuthCard>
  );
}

/** The second step: a code of the authenticator app, or a recovery code. */
function TwoStepForm({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (token: string) => Promise<void>;
  onRestart: () => void;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = value.trim();
    if (!useRecovery && !/^\d{6}$/.test(typed.replace(/\s+/g, ''))) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    if (useRecovery && !typed) {
      setError('Enter one of your recovery codes');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { token } = await loginTwoStep(useRecovery ? { challenge, recoveryCode: typed } : { challenge, code: typed });
      await onSignedIn(token);
    } catch (err) {
      if (err instanceof ApiRequestError && err.message.startsWith('Your sign-in took too long')) onRestart();
      else setError(errorMessage(err, 'That code is not right.'));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Two-step sign-in"
      subtitle={useRecovery ? 'Enter one of the recovery codes you saved.' : 'Enter the 6-digit code from your authenticator app.'}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
        {error ? <Alert>{error}</Alert> : null}
        <Input
          key={useRecovery ? 'recovery' : 'code'}
          label={useRecovery ? 'Recovery code' : 'Code'}
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" loading={busy}>
          Verify and log in
        </Button>
        <button
          type="button"
          className="w-full text-center text-sm font-medium text-stone-600 hover:text-brand"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
            setError(null);
          }}
        >
          {useRecovery ? 'Use a code from the app instead' : 'Lost your phone? Use a recovery code'}
        </button>
      </form>
    </AuthCard>
  );
}
