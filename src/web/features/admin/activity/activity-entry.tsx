/**
 * One audit row as the admin screens show it: when (India time), who and their role, the action,
 * what it touched, the summary, and its changed fields (before → after) behind a "Changes" toggle.
 * Used by /admin/activity and by the order's and product's History panels.
 */
import { useState } from 'react';
import { DAY_MONTH_TIME, formatIndiaTime } from '../../../../core/india-time';
import { fieldLabel, valueText, type ActivityEntry } from '../../../../core/schemas/audit';

/** Who: the name (or e-mail), or 'System' / 'Someone unknown'. */
export const actorName = (e: ActivityEntry) => e.actor.name || e.actor.email || (e.actor.role === 'system' ? 'System' : 'Someone unknown');

/** The changed fields of an entry, one line each. */
export function ChangeList({ entry }: { entry: ActivityEntry }) {
  const fields = Object.entries(entry.changes);
  if (fields.length === 0) return null;
  return (
    <dl className="mt-2 space-y-1 rounded-lg bg-stone-50 p-3 text-xs">
      {fields.map(([field, change]) => (
        <div key={field} className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-stone-700">{fieldLabel(field)}</dt>
          <dd className="min-w-0 break-words text-stone-600">
            <span className="text-stone-500 line-through decoration-stone-300">{valueText(field, change.before)}</span>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> changed to </span>
            <span className="text-stone-900">{valueText(field, change.after)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One entry as a card: the phone's layout, and the History panels'. */
export function ActivityCard({ entry, showTarget = true }: { entry: ActivityEntry; showTarget?: boolean }) {
  const [open, setOpen] = useState(false);
  const count = Object.keys(entry.changes).length;
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-stone-500">
        <time dateTime={entry.at}>{formatIndiaTime(entry.at, DAY_MONTH_TIME)}</time>
        <code className="rounded bg-stone-100 px-1.5 py-0.5 text-[11px] text-stone-700">{entry.action}</code>
      </div>
      <p className="mt-1.5 text-sm text-stone-900">{entry.summary || entry.action}</p>
      <p className="mt-1 text-xs text-stone-600">
        {actorName(entry)}
        {entry.actor.role ? <span className="text-stone-500"> · {entry.actor.role}</span> : null}
        {showTarget && entry.entity ? (
          <span className="text-stone-500">
            {' '}
            · {entry.entity}
            {entry.entityId ? ` ${entry.entityId.slice(-8)}` : ''}
          </span>
        ) : null}
      </p>
      {count > 0 ? (
        <>
          <button
            type="button"
            className="mt-2 text-xs font-medium text-brand hover:underline"
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? 'Hide changes' : `Changes (${count})`}
          </button>
          {open ? <ChangeList entry={entry} /> : null}
        </>
      ) : null}
    </li>
  );
}
