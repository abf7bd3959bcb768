/**
 * /admin/activity (owners: audit.read): the audit log, newest first (docs/architecture.md#audit-log).
 * Filters kept in the address (person, entity, action or its prefix, India dates), 50 rows at a time
 * with "Load more", each row's changed fields behind a toggle, and "Download CSV" of the filters.
 * A table from 1024 px, cards below.
 */
import { Fragment, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { DAY_MONTH_TIME, formatIndiaTime } from '../../../core/india-time';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Input, Select } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { adminMeta } from '../../features/admin/admin-meta';
import { ActivityCard, actorName, ChangeList } from '../../features/admin/activity/activity-entry';
import {
  activityParams,
  downloadActivityCsv,
  NO_FILTERS,
  readActivityFilters,
  useActivity,
  useActivityPeople,
  type ActivityFilterState,
} from '../../features/admin/activity/api';
import { errorMessage } from '../../lib/api';
import type { ActivityEntry } from '../../../core/schemas/audit';

/** Page title. */
export const meta = () => adminMeta('Activity');

/** What was acted on, for the entity filter. */
const ENTITIES = [
  ['order', 'Orders'],
  ['product', 'Products'],
  ['category', 'Categories'],
  ['homepage', 'Homepage'],
  ['review', 'Reviews'],
  ['synonym', 'Search synonyms'],
  ['media', 'Pictures and videos'],
  ['settings', 'Settings'],
  ['staff', 'Staff'],
  ['auth', 'Sign-ins'],
  ['audit', 'Activity log'],
] as const;

/** Kinds of action, for the action filter (a prefix ending in '.' matches them all). */
const ACTIONS = [
  ['order.', 'Any order change'],
  ['order.refund', 'Refunds'],
  ['product.', 'Any product change'],
  ['product.update', 'Product edits'],
  ['stock.adjust', 'Stock adjustments'],
  ['category.', 'Category changes'],
  ['homepage.', 'Homepage changes'],
  ['review.', 'Review moderation and replies'],
  ['synonym.', 'Search synonym changes'],
  ['media.', 'Uploads and deletes'],
  ['settings.', 'Settings changes'],
  ['staff.', 'Staff changes'],
  ['auth.', 'Sign-ins'],
  ['audit.export', 'Activity log downloads'],
] as const;

function Row({ entry }: { entry: ActivityEntry }) {
  const [open, setOpen] = useState(false);
  const count = Object.keys(entry.changes).length;
  return (
    <Fragment>
      <tr className="align-top">
        <td className="py-3 pr-4 whitespace-nowrap text-stone-600">
          <time dateTime={entry.at}>{formatIndiaTime(entry.at, DAY_MONTH_TIME)}</time>
        </td>
        <td className="py-3 pr-4">
          <div className="font-medium text-stone-900">{actorName(entry)}</div>
          <div className="text-xs text-stone-500">{entry.actor.role || '—'}</div>
        </td>
        <td className="py-3 pr-4">
          <code className="rounded bg-stone-100 px-1.5 py-0.5 text-xs text-stone-700">{entry.action}</code>
        </td>
        <td className="py-3 pr-4 text-stone-600">
          {entry.entity}
          {entry.entityId ? <span className="block text-xs text-stone-500">{entry.entityId.slice(-8)}</span> : null}
        </td>
        <td className="py-3 pr-4 text-stone-900">{entry.summary || '—'}</td>
        <td className="py-3 text-right">
          {count > 0 ? (
            <button
              type="button"
              className="text-xs font-medium whitespace-nowrap text-brand hover:underline"
              aria-expanded={open}
              onClick={() => setOpen((v) => !v)}
            >
              {open ? 'Hide' : `Changes (${count})`}
            </button>
          ) : null}
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={6} className="pb-3">
            <ChangeList entry={entry} />
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

/** The activity log screen. */
export default function AdminActivity() {
  const [params, setParams] = useSearchParams();
  const filters = readActivityFilters(params);
  const query = useActivity(filters);
  const people = useActivityPeople();
  const [downloading, setDownloading] = useState(false);

  const change = (patch: Partial<ActivityFilterState>) =>
    setParams(activityParams({ ...filters, ...patch }), { replace: true, preventScrollReset: true });
  const filtered = Object.values(filters).some(Boolean);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];

  const download = async () => {
    setDownloading(true);
    try {
      await downloadActivityCsv(filters);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to download the activity log'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="space-y-6">
      <Link to="/admin/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-brand">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-semibold text-stone-900">Activity</h1>
          <p className="mt-1 text-stone-600">Who changed what in the shop, newest first. Times are India time.</p>
        </div>
        <Button variant="outline" onClick={() => void download()} loading={downloading}>
          <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
            <path
              d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14v2.5h12V14"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.7"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          Download CSV
        </Button>
      </div>

      <form
        role="search"
        aria-label="Filter activity"
        className="grid grid-cols-2 gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-6"
        onSubmit={(e) => e.preventDefault()}
      >
        <Select
          label="Person"
          value={filters.actorId}
          onChange={(e) => change({ actorId: e.target.value })}
          className="col-span-2 sm:col-span-1"
        >
          <option value="">Everyone</option>
          {(people.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name || p.email} ({p.role})
            </option>
          ))}
        </Select>
        <Select label="What" value={filters.entity} onChange={(e) => change({ entity: e.target.value, entityId: '' })}>
          <option value="">Everything</option>
          {ENTITIES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <Select label="Action" value={filters.action} onChange={(e) => change({ action: e.target.value })}>
          <option value="">Any action</option>
          {ACTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <Input
          label="From"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => change({ from: e.target.value })}
        />
        <Input label="To" type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => change({ to: e.target.value })} />
        <div className="flex items-end">
          <Button variant="ghost" size="sm" disabled={!filtered} onClick={() => setParams(activityParams(NO_FILTERS), { replace: true })}>
            Clear filters
          </Button>
        </div>
      </form>
      {filters.entityId ? (
        <p className="text-sm text-stone-600">
          Showing the history of {filters.entity || 'item'} {filters.entityId.slice(-8)}.{' '}
          <button type="button" className="font-medium text-brand hover:underline" onClick={() => change({ entityId: '' })}>
            Show all
          </button>
        </p>
      ) : null}

      {query.isPending ? (
        <div className="flex items-center justify-center gap-3 py-16 text-sm text-stone-500" role="status">
          <Spinner /> Loading activity…
        </div>
      ) : query.isError && entries.length === 0 ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          {errorMessage(query.error, 'Failed to load the activity log')}
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <div className="rounded-xl border border-dashed border-stone-300 bg-white">
          <EmptyState
            icon="search"
            title="No activity found"
            description={filtered ? 'Nothing matches these filters.' : 'Changes made in the admin appear here.'}
          />
        </div>
      ) : (
        <div className="space-y-4">
          <div className="hidden overflow-hidden rounded-xl border border-stone-200 bg-white px-4 lg:block">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 text-xs tracking-wide text-stone-500 uppercase">
                <tr>
                  <th scope="col" className="py-3 pr-4 font-medium">
                    When
                  </th>
                  <th scope="col" className="py-3 pr-4 font-medium">
                    Who
                  </th>
                  <th scope="col" className="py-3 pr-4 font-medium">
                    Action
                  </th>
                  <th scope="col" className="py-3 pr-4 font-medium">
                    What
                  </th>
                  <th scope="col" className="py-3 pr-4 font-medium">
                    Summary
                  </th>
                  <th scope="col" className="py-3 font-medium">
                    <span className="sr-only">Changes</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {entries.map((e) => (
                  <Row key={e._id} entry={e} />
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 lg:hidden" aria-label="Activity">
            {entries.map((e) => (
              <ActivityCard key={e._id} entry={e} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                Load more
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
