/**
 * /admin/staff (staff.manage, owners): the staff accounts with their role (a select; a change is
 * confirmed and signs the member out everywhere), two-step sign-in and last sign-in, "Sign-in"
 * (another member's sessions, Sign out everywhere, Reset two-step for a lost phone), Remove
 * (confirmed: the account stays a customer's), the pending invitations with Revoke, and the
 * "Invite staff" form. The server keeps one owner at least (409, shown as a toast). Changing or
 * removing one's own owner role ends one's own session too: the screen then goes to /login.
 * Rules: docs/architecture.md#staff-and-roles.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { STAFF_ROLES, type StaffRole } from '../../../core/permissions';
import type { StaffInvitation, StaffList, StaffMember } from '../../../core/schemas/staff';
import { ROLE_LABELS } from '../../../core/staff-roles';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { PageLoader } from '../../components/ui/spinner';
import { adminMeta } from '../../features/admin/admin-meta';
import { formatDateTime } from '../../features/admin/format';
import { adminStaffKey, changeStaffRole, removeStaff, revokeInvitation, useAdminStaff } from '../../features/admin/staff/api';
import { InviteForm } from '../../features/admin/staff/invite-form';
import { MemberSignIn } from '../../features/admin/staff/member-sign-in';
import { errorMessage } from '../../lib/api';
import { clearToken } from '../../lib/auth';
import { useAdmin } from './admin-layout';

/** Page title. */
export const meta = () => adminMeta('Staff');

type Pending = { kind: 'role'; member: StaffMember; role: StaffRole } | { kind: 'remove'; member: StaffMember } | null;

function MemberRow({
  member,
  isYou,
  onRole,
  onRemove,
}: {
  member: StaffMember;
  isYou: boolean;
  onRole: (role: StaffRole) => void;
  onRemove: () => void;
}) {
  const [signInOpen, setSignInOpen] = useState(false);
  return (
    <>
      <div role="group" aria-label={member.name} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-stone-900">{member.name}</span>
            {isYou ? <Badge tone="blue">You</Badge> : null}
            {member.twoStep ? <Badge tone="green">Two-step on</Badge> : <Badge tone="grey">Two-step off</Badge>}
          </div>
          <p className="mt-0.5 truncate text-sm text-stone-600">{member.email}</p>
          <p className="mt-0.5 text-xs text-stone-500">
            {member.lastSignInAt ? `Last signed in ${formatDateTime(member.lastSignInAt)}` : 'No sign-in recorded yet'}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <label className="sr-only" htmlFor={`role-${member._id}`}>
            Role of {member.name}
          </label>
          <select
            id={`role-${member._id}`}
            value={member.role}
            onChange={(e) => onRole(e.target.value as StaffRole)}
            className="h-9 rounded-md border border-stone-300 bg-white px-2.5 text-sm text-stone-900 shadow-sm focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none"
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          {isYou ? null : (
            <Button size="sm" variant="outline" aria-expanded={signInOpen} onClick={() => setSignInOpen((open) => !open)}>
              Sign-in
            </Button>
          )}
          <Button size="sm" variant="danger" onClick={onRemove}>
            Remove
          </Button>
        </div>
      </div>
      {signInOpen ? <MemberSignIn member={member} /> : null}
    </>
  );
}

function InvitationRow({ invitation, revoking, onRevoke }: { invitation: StaffInvitation; revoking: boolean; onRevoke: () => void }) {
  return (
    <div role="group" aria-label={invitation.email} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-stone-900">{invitation.email}</span>
          <Badge tone="yellow">{ROLE_LABELS[invitation.role]}</Badge>
        </div>
        <p className="mt-0.5 text-xs text-stone-500">
          Invited by {invitation.invitedBy} · expires {formatDateTime(invitation.expiresAt)}
        </p>
      </div>
      <Button size="sm" variant="outline" loading={revoking} onClick={onRevoke} className="self-start sm:self-auto">
        Revoke
      </Button>
    </div>
  );
}

/** The staff screen. */
export default function AdminStaff() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const me = useAdmin();
  const staff = useAdminStaff();
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [revokingId, setRevokingId] = useState<string | null>(null);

  useEffect(() => {
    if (staff.isError) toast.error('Failed to load staff', { id: 'admin-staff-load' });
  }, [staff.isError]);

  const update = (change: (old: StaffList) => StaffList) => qc.setQueryData<StaffList>(adminStaffKey, (old) => (old ? change(old) : old));

  /** After a change to one's own account the token no longer works: sign in again. */
  const signedOutIfSelf = (member: StaffMember) => {
    if (member._id !== me._id) return false;
    clearToken();
    qc.removeQueries();
    void navigate('/login', { replace: true });
    return true;
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === 'role') {
        const saved = await changeStaffRole(pending.member._id, pending.role);
        toast.success(`${saved.name} is now ${ROLE_LABELS[saved.role]}`);
        if (!signedOutIfSelf(pending.member)) {
          update((old) => ({ ...old, staff: old.staff.map((m) => (m._id === saved._id ? { ...m, role: saved.role } : m)) }));
        }
      } else {
        const { message } = await removeStaff(pending.member._id);
        toast.success(message);
        if (!signedOutIfSelf(pending.member)) update((old) => ({ ...old, staff: old.staff.filter((m) => m._id !== pending.member._id) }));
      }
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to change staff access'));
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const revoke = async (invitation: StaffInvitation) => {
    setRevokingId(invitation._id);
    try {
      await revokeInvitation(invitation._id);
      update((old) => ({ ...old, invitations: old.invitations.filter((i) => i._id !== invitation._id) }));
      toast.success(`Invitation to ${invitation.email} revoked`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to revoke the invitation'));
    } finally {
      setRevokingId(null);
    }
  };

  const data = staff.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link to="/admin/dashboard" className="text-sm font-medium text-stone-500 hover:text-brand">
            ← Back to Dashboard
          </Link>
          <h1 className="mt-1 font-display text-3xl font-semibold text-stone-900">Staff{data ? ` (${data.staff.length})` : ''}</h1>
          <p className="mt-1 text-sm text-stone-600">
            Who can open the admin area, and as what. A change of role or a removal signs that person out everywhere at once.
          </p>
        </div>
        {inviting ? null : <Button onClick={() => setInviting(true)}>+ Invite staff</Button>}
      </div>

      {inviting ? (
        <InviteForm
          onInvited={(invitation) => {
            setInviting(false);
            update((old) => ({ ...old, invitations: [invitation, ...old.invitations.filter((i) => i.email !== invitation.email)] }));
            toast.success(`Invitation sent to ${invitation.email}`);
          }}
          onCancel={() => setInviting(false)}
        />
      ) : null}

      {staff.isPending ? (
        <PageLoader text="Loading staff..." />
      ) : staff.isError ? (
        <EmptyState
          icon="alert"
          title="Failed to load staff"
          description={staff.error.message}
          action={<Button onClick={() => void staff.refetch()}>Try again</Button>}
        />
      ) : (
        <>
          <section aria-labelledby="members-heading" className="space-y-3">
            <h2 id="members-heading" className="text-lg font-semibold text-stone-900">
              Team
            </h2>
            <ul aria-label="Staff" className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
              {data!.staff.map((member) => (
                <li key={member._id}>
                  <MemberRow
                    member={member}
                    isYou={member._id === me._id}
                    onRole={(role) => setPending({ kind: 'role', member, role })}
                    onRemove={() => setPending({ kind: 'remove', member })}
                  />
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="invitations-heading" className="space-y-3">
            <h2 id="invitations-heading" className="text-lg font-semibold text-stone-900">
              Pending invitations
            </h2>
            {data!.invitations.length === 0 ? (
              <p className="rounded-xl border border-dashed border-stone-300 bg-white px-4 py-6 text-center text-sm text-stone-500">
                No invitations waiting.
              </p>
            ) : (
              <ul aria-label="Pending invitations" className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
                {data!.invitations.map((invitation) => (
                  <li key={invitation._id}>
                    <InvitationRow
                      invitation={invitation}
                      revoking={revokingId === invitation._id}
                      onRevoke={() => void revoke(invitation)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}

      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'remove' ? 'Remove staff access?' : 'Change role?'}
        message={
          pending ? (
            pending.kind === 'role' ? (
              <>
                <strong className="font-medium text-stone-900">{pending.member.name}</strong> becomes {ROLE_LABELS[pending.role]} and is
                signed out everywhere{pending.member._id === me._id ? ' (you too)' : ''}.
              </>
            ) : (
              <>
                <strong className="font-medium text-stone-900">{pending.member.name}</strong> can no longer open the admin area and is
                signed out everywhere. Their account and orders stay.
              </>
            )
          ) : null
        }
        confirmLabel={pending?.kind === 'remove' ? 'Remove' : 'Change role'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
