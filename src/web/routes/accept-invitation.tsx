/**
 * /accept-invitation?token=... (the link of a staff invitation mail, inside the site layout): says
 * "<inviter> invited you to join Rangmanch as <Role>" and asks for a name and a new password (the
 * signup's rule), or, when the e-mail already has an account, for its current password. Accepting
 * signs in (the token stored as a login stores it) and opens /admin. A used, revoked or expired
 * link says so. Rules: docs/architecture.md#staff-and-roles.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BRAND } from '../../core/constants';
import type { AcceptInvitationInput, InvitationPreview } from '../../core/schemas/staff';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../../core/staff-roles';
import { AuthCard } from '../components/layout/auth-card';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/field';
import { PageLoader } from '../components/ui/spinner';
import { PasswordInput } from '../features/auth/password-input';
import { acceptInvitation, useInvitation } from '../features/staff-invitation/api';
import { errorMessage } from '../lib/api';
import { setToken } from '../lib/auth';
import { lazyZodResolver } from '../lib/lazy-resolver';
import { pageMeta } from '../lib/meta';

/** Title; a one-time link's page stays out of search engines. */
export function meta() {
  return [
    ...pageMeta('Join the team', `Accept your invitation to the ${BRAND.name} team.`),
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

const newAccount = lazyZodResolver<AcceptInvitationInput, AcceptInvitationInput>(() =>
  import('../../core/schemas/staff').then((m) => m.acceptAsNewAccountSchema),
);
const existingAccount = lazyZodResolver(() => import('../../core/schemas/staff').then((m) => m.acceptInvitationSchema));

function AcceptForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = invitation.hasAccount ? existingAccount : newAccount;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AcceptInvitationInput, unknown, AcceptInvitationInput>({ resolver, defaultValues: { name: '', password: '' } });
  useEffect(() => resolver.preload(), [resolver]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await acceptInvitation(token, invitation.hasAccount ? { password: values.password } : values);
      setToken(answer.token);
      queryClient.removeQueries();
      await navigate('/admin/dashboard', { replace: true });
    } catch (error) {
      setFormError(errorMessage(error, 'Failed to accept the invitation'));
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
      {formError ? <Alert>{formError}</Alert> : null}
      <Input label="E-mail" value={invitation.email} readOnly />
      {invitation.hasAccount ? (
        <>
          <p className="text-sm text-stone-600">
            This e-mail already has a {BRAND.name} account. Enter its password to add the role to it; your name and password stay as they
            are.
          </p>
          <PasswordInput
            label="Your current password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
        </>
      ) : (
        <>
          <Input label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <PasswordInput
            label="Choose a password"
            autoComplete="new-password"
            hint="At least 8 characters with upper and lower case letters, a number and a symbol"
            error={errors.password?.message}
            {...register('password')}
          />
        </>
      )}
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        Accept and sign in
      </Button>
    </form>
  );
}

/** The accept-invitation page. */
export default function AcceptInvitation() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const invitation = useInvitation(token);

  if (!token || invitation.isError) {
    return (
      <AuthCard
        title="Join the team"
        footer={
          <Link to="/login" className="font-semibold text-brand hover:underline">
            Log in
          </Link>
        }
      >
        <Alert>
          {invitation.isError
            ? errorMessage(invitation.error, 'This invitation link has expired or was already used')
            : 'This invitation link is incomplete.'}{' '}
          Ask the shop owner for a new invitation.
        </Alert>
      </AuthCard>
    );
  }
  if (!invitation.data) return <PageLoader text="Opening your invitation..." />;
  const role = ROLE_LABELS[invitation.data.role];
  return (
    <AuthCard
      title="Join the team"
      subtitle={
        <>
          <span className="font-medium text-stone-900">{invitation.data.invitedBy}</span> invited you to join {BRAND.name} as{' '}
          <span className="font-medium text-stone-900">{role}</span>
          <span className="mt-1 block text-xs text-stone-500">{ROLE_DESCRIPTIONS[invitation.data.role]}</span>
        </>
      }
    >
      <AcceptForm token={token} invitation={invitation.data} />
    </AuthCard>
  );
}
