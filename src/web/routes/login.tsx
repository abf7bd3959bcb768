/**
 * Login (/login): e-mail and password; stores the token, then resumes the login gate's pending
 * action or goes home (spec 4 "Login", "Login gate").
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { BRAND } from '../../core/constants';
import type { LoginInput } from '../../core/schemas/auth';
import { AuthCard } from '../components/layout/auth-card';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/field';
import { login } from '../features/auth/api';
import { PasswordInput } from '../features/auth/password-input';
import { resumeAfterLogin } from '../features/auth/post-login';
import { errorMessage } from '../lib/api';
import { setToken } from '../lib/auth';
import { lazyZodResolver } from '../lib/lazy-resolver';
import { useHydrated } from '../lib/hydration';
import { pageMeta } from '../lib/meta';

/** Title of the login page. */
export function meta() {
  return pageMeta('Login', `Log in to your ${BRAND.name} account to see your cart and orders.`);
}

function stateMessage(state: unknown): string | null {
  if (state && typeof state === 'object' && 'message' in state && typeof state.message === 'string') {
    return state.message;
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
  const success = hydrated ? stateMessage(location.state) : null;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, { email: string; password: string }>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  useEffect(() => resolver.preload(), []);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { token } = await login(values);
      setToken(token);
      queryClient.removeQueries();
      await resumeAfterLogin(navigate, queryClient);
    } catch (error) {
      setFormError(errorMessage(error, 'Login failed'));
    }
  });

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
