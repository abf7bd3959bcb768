/**
 * The inline status dropdown of an order: a select coloured like the
 * status badge; choosing another status opens a small inline form with an optional note and
 * Save/Cancel. It offers only the moves without side effects (`DROPDOWN_MOVES`,
 * src/core/order-status.ts): between the stages before shipping. Cancelling, shipping, delivering,
 * a parcel back undelivered, returns and refunds are actions in View Details (and Returns), which
 * refund, restock and mail as they should; the server refuses them here.
 */
import { useId, useState } from 'react';
import type { OrderStatus } from '../../../../core/constants';
import { ORDER_NOTE_MAX, orderRef } from '../../../../core/schemas/admin-orders';
import { Button } from '../../../components/ui/button';
import { useUpdateOrderStatus } from './api';
import { DROPDOWN_MOVES } from '../../../../core/order-status';
import { isOrderStatus, STATUS_OPTIONS, STATUS_STYLES } from './order-status';

/** Changes one order's status, with an optional note. */
export function StatusControl({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const id = useId();
  const [next, setNext] = useState<OrderStatus>(status);
  const [note, setNote] = useState('');
  const update = useUpdateOrderStatus();
  const changed = next !== status;
  const ref = orderRef(orderId);
  const options = STATUS_OPTIONS.filter((o) => o.value === status || DROPDOWN_MOVES[status].includes(o.value));

  const cancel = () => {
    setNext(status);
    setNote('');
  };

  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-status`} className="sr-only">
        Status of order #{ref}
      </label>
      <select
        id={`${id}-status`}
        value={next}
        onChange={(event) => {
          if (isOrderStatus(event.target.value)) setNext(event.target.value);
        }}
        disabled={update.isPending || options.length === 1}
        title={options.length === 1 ? 'Change this order through the actions in View Details' : undefined}
        className={`h-9 rounded-full border-0 py-0 pr-8 pl-3 text-xs font-semibold ring-1 ring-inset focus:outline-2 focus:outline-offset-2 focus:outline-brand ${STATUS_STYLES[next]}`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {changed ? (
        <form
          className="w-56 space-y-2 rounded-lg border border-stone-200 bg-white p-2.5 shadow-sm"
          aria-label={`Change status of order #${ref}`}
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ id: orderId, status: next, note: note.trim() }, { onSuccess: () => setNote('') });
          }}
        >
          <label htmlFor={`${id}-note`} className="block text-xs font-medium text-stone-700">
            Note (optional)
          </label>
          <input
            id={`${id}-note`}
            value={note}
            maxLength={ORDER_NOTE_MAX}
            onChange={(event) => setNote(event.target.value)}
            placeholder="e.g. Confirmed on the phone"
            className="block h-9 w-full rounded-md border border-stone-300 px-2.5 text-sm focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none"
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" loading={update.isPending} className="flex-1">
              Save
            </Button>
            <Button variant="outline" size="sm" onClick={cancel} disabled={update.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
