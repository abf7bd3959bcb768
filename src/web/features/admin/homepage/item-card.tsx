/**
 * A homepage item's card: its media or text, an Active/Inactive switch, and
 * Edit and Delete buttons, each named after the item for screen readers.
 */
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

/** An on/off switch for an item's active state. */
function ActiveSwitch({ active, onToggle, busy, itemLabel }: { active: boolean; onToggle: () => void; busy: boolean; itemLabel: string }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={active}
      aria-label={`Active: ${itemLabel}`}
      onClick={onToggle}
      disabled={busy}
      className="group inline-flex items-center gap-2 rounded-full text-sm font-medium text-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${active ? 'bg-emerald-600' : 'bg-stone-300'}`}
      >
        <span
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${active ? 'translate-x-5.5' : 'translate-x-0.5'}`}
        />
      </span>
      {busy ? <Spinner size="sm" /> : null}
      <span>{active ? 'Active' : 'Inactive'}</span>
    </button>
  );
}

/** Props of ItemCard. */
export interface ItemCardProps {
  /** Names the item in button labels ('Edit {itemLabel}'). */
  itemLabel: string;
  media?: ReactNode;
  children: ReactNode;
  isActive: boolean;
  toggling: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Extra controls (e.g. move up/down) shown before Edit. */
  extra?: ReactNode;
  /** Highlights the card being edited. */
  editing?: boolean;
}

/** One item of a homepage collection. */
export function ItemCard({
  itemLabel,
  media,
  children,
  isActive,
  toggling,
  onToggle,
  onEdit,
  onDelete,
  extra,
  editing = false,
}: ItemCardProps) {
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-xl border bg-white shadow-sm ${editing ? 'border-brand ring-2 ring-brand/20' : 'border-stone-200'}`}
    >
      {media ? <div className="relative bg-stone-100">{media}</div> : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0 flex-1 space-y-1 text-sm text-stone-700">{children}</div>
          {!isActive ? <Badge tone="grey">Hidden</Badge> : null}
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-3">
          <ActiveSwitch active={isActive} onToggle={onToggle} busy={toggling} itemLabel={itemLabel} />
          <div className="flex flex-wrap items-center gap-1.5">
            {extra}
            <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${itemLabel}`}>
              Edit
            </Button>
            <Button variant="danger" size="sm" onClick={onDelete} aria-label={`Delete ${itemLabel}`}>
              Delete
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}
