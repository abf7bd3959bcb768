/**
 * Where the account is signed in (docs/architecture.md#accounts-and-sign-in): each session's
 * device, address and last sight, this device marked; "Sign out" per other session and "Sign out
 * everywhere else".
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { DATE, DAY_MONTH_TIME, formatIndiaTime } from '../../../core/india-time';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageLoader } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api';
import { sessionsKey, signOutOthers, signOutSession, useSessions } from './sign-in-api';

/** The sessions list with its sign-out buttons. */
export function SessionsList() {
  const qc = useQueryClient();
  const sessions = useSessions();
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: sessionsKey });

  const run = async (key: string, action: () => Promise<{ message: string }>) => {
    setBusy(key);
    try {
      toast.success((await action()).message);
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error, 'Something went wrong'));
    } finally {
      setBusy(null);
    }
  };

  if (sessions.isPending) return <PageLoader />;
  if (sessions.isError) return <p className="text-sm text-red-700">{errorMessage(sessions.error, 'Could not load your sessions')}</p>;
  const others = sessions.data.filter((s) => !s.current);
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200" aria-label="Signed-in sessions">
        {sessions.data.map((s) => (
          <li key={s._id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-medium text-stone-900">
                {s.device} {s.current ? <Badge tone="green">This device</Badge> : null}
              </p>
              <p className="text-sm text-stone-600">
                {s.ip || 'Unknown address'} · last seen {formatIndiaTime(s.lastSeenAt, DAY_MONTH_TIME)} · signed in{' '}
                {formatIndiaTime(s.createdAt, DATE)}
              </p>
            </div>
            {s.current ? null : (
              <Button
                variant="outline"
                size="sm"
                loading={busy === s._id}
                disabled={busy !== null}
                onClick={() => void run(s._id, () => signOutSession(s._id))}
                aria-label={`Sign out ${s.device}`}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Button variant="danger" loading={busy === 'others'} disabled={busy !== null} onClick={() => void run('others', signOutOthers)}>
          Sign out everywhere else
        </Button>
      ) : (
        <p className="text-sm text-stone-600">You are signed in on this device only.</p>
      )}
    </div>
  );
}
