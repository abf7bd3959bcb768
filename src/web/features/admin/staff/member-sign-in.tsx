/**
 * The owner's view of another staff member's sign-in (docs/architecture.md#accounts-and-sign-in):
 * where they are signed in (device, address, last seen), "Sign out everywhere", and, when their
 * two-step sign-in is on, "Reset two-step" for a lost phone (which signs them out everywhere too).
 * Both are confirmed; the server audits them.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { DAY_MONTH_TIME, formatIndiaTime } from '../../../../core/india-time';
import type { StaffMember } from '../../../../core/schemas/staff';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { adminStaffKey, memberSessionsKey, resetMemberTwoStep, signOutMemberEverywhere, useMemberSessions } from './api';

type Action = 'sign-out' | 'reset' | null;

/** The member's sessions and the owner's two actions on them. */
export function MemberSignIn({ member }: { member: StaffMember }) {
  const qc = useQueryClient();
  const sessions = useMemberSessions(member._id);
  const [action, setAction] = useState<Action>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const done = await (action === 'reset' ? resetMemberTwoStep(member._id) : signOutMemberEverywhere(member._id));
      toast.success(done.message);
      await Promise.all([
        qc.invalidateQueries({ queryKey: memberSessionsKey(member._id) }),
        qc.invalidateQueries({ queryKey: adminStaffKey }),
      ]);
      setAction(null);
    } catch (error) {
      toast.error(errorMessage(error, 'Something went wrong'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label={`Sign-in of ${member.name}`} className="space-y-3 border-t border-stone-100 bg-stone-50 px-4 py-3">
      {sessions.isPending ? (
        <p className="flex items-center gap-2 text-sm text-stone-500" role="status">
          <Spinner size="sm" /> Loading sessions…
        </p>
      ) : sessions.isError ? (
        <p className="text-sm text-red-700">{errorMessage(sessions.error, 'Failed to load the sessions')}</p>
      ) : sessions.data.length === 0 ? (
        <p className="text-sm text-stone-600">Not signed in anywhere.</p>
      ) : (
        <ul aria-label={`Sessions of ${member.name}`} className="space-y-1 text-sm text-stone-700">
          {sessions.data.map((s) => (
            <li key={s._id}>
              <span className="font-medium text-stone-900">{s.device}</span> · {s.ip || 'unknown address'} · last seen{' '}
              {formatIndiaTime(s.lastSeenAt, DAY_MONTH_TIME)}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" disabled={!sessions.data?.length} onClick={() => setAction('sign-out')}>
          Sign out everywhere
        </Button>
        {member.twoStep ? (
          <Button size="sm" variant="outline" onClick={() => setAction('reset')}>
            Reset two-step
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={action !== null}
        title={action === 'reset' ? 'Reset two-step sign-in?' : 'Sign out everywhere?'}
        message={
          action === 'reset' ? (
            <>
              <strong className="font-medium text-stone-900">{member.name}</strong>&apos;s two-step sign-in goes off and they are signed out
              everywhere. They sign in with their password and set it up again on a new phone.
            </>
          ) : (
            <>
              <strong className="font-medium text-stone-900">{member.name}</strong> is signed out on every device and signs in again.
            </>
          )
        }
        confirmLabel={action === 'reset' ? 'Reset two-step' : 'Sign out everywhere'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAction(null)}
      />
    </section>
  );
}
