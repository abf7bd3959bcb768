/**
 * The History panel of one order or product: its audit rows, newest first (who, when in India time,
 * the summary, changed fields before → after), ten at a time. Shown only to a role holding
 * audit.read (the server refuses the rest anyway); nothing renders for the others.
 */
import type { User } from '../../../../core/api-types';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { allows } from '../staff-permissions';
import { ActivityCard } from './activity-entry';
import { useActivity } from './api';

/** The history of `entity` `entityId` for `user`, or nothing without audit.read. */
export function EntityHistory({
  user,
  entity,
  entityId,
}: {
  user: Pick<User, 'permissions'>;
  entity: 'order' | 'product';
  entityId: string;
}) {
  const may = allows(user, 'audit.read');
  const query = useActivity({ entity, entityId }, 10, may);
  if (!may) return null;
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section aria-labelledby={`history-${entityId}`} className="space-y-3">
      <h3 id={`history-${entityId}`} className="text-sm font-semibold text-stone-900">
        History
      </h3>
      {query.isPending ? (
        <p className="flex items-center gap-2 text-sm text-stone-500" role="status">
          <Spinner size="sm" /> Loading history…
        </p>
      ) : query.isError ? (
        <p className="text-sm text-red-700">Failed to load the history</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-stone-500">No changes recorded yet.</p>
      ) : (
        <>
          <ul className="space-y-2">
            {entries.map((e) => (
              <ActivityCard key={e._id} entry={e} showTarget={false} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button variant="outline" size="sm" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              Older changes
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
