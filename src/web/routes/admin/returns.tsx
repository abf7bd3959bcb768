/**
 * /admin/returns: return and exchange requests, newest first, filtered by status. Each
 * card shows the order, the lines (and the sizes asked for), the reason, the shopper's comment and
 * photos, and the next step: approve or reject with a note, mark received, ship the exchange
 * (courier and AWB), or refund a received return (the refunds module's refundOrder, with its credit
 * note; a Cash on Delivery order needs the bank or UPI reference of the transfer). An approved
 * exchange prints its parcel's packing slip, and once shipped its shipping label: the new sizes.
 */
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { COURIER_NAMES, COURIERS, shipmentCreateSchema, type Courier } from '../../../core/couriers';
import { DAY_MONTH_TIME, formatIndiaTime } from '../../../core/india-time';
import { formatINR } from '../../../core/money';
import { RETURN_REASON_LABELS, RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus } from '../../../core/returns';
import { describeRefundDestination, type ReturnRequest } from '../../../core/schemas/returns';
import { Badge } from '../../components/ui/badge';
import { RETURN_STATUS_TONES } from '../../features/orders/returns-panel';
import { Button } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { adminMeta } from '../../features/admin/admin-meta';
import { downloadExchangePdf, useAdminReturns, useReturnAction, type ReturnAction } from '../../features/admin/returns/api';
import { errorMessage } from '../../lib/api';

/** Page title. */
export const meta = () => adminMeta('Returns');

/** The next step of one return: a note with approve/reject, received, or the exchange's courier and AWB. */
function NextStep({ ret }: { ret: ReturnRequest }) {
  const action = useReturnAction();
  const [note, setNote] = useState('');
  const [courier, setCourier] = useState<Courier>('delhivery');
  const [awb, setAwb] = useState('');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = (a: ReturnAction) => action.mutate({ id: ret._id, action: a });

  if (ret.status === 'requested' || ret.status === 'approved') {
    return (
      <div className="mt-3 space-y-3 border-t border-stone-100 pt-3">
        <Input label="Note to the shopper" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        <div className="flex flex-wrap gap-2">
          {ret.status === 'requested' ? (
            <Button size="sm" loading={action.isPending} onClick={() => run({ kind: 'approve', note })}>
              Approve
            </Button>
          ) : (
            <Button size="sm" loading={action.isPending} onClick={() => run({ kind: 'received', note })}>
              Mark received
            </Button>
          )}
          <Button size="sm" variant="danger" disabled={action.isPending} onClick={() => run({ kind: 'reject', note })}>
            Reject
          </Button>
        </div>
      </div>
    );
  }
  if (ret.status === 'received' && ret.resolution === 'exchange') {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      const parsed = shipmentCreateSchema.safeParse({ courier, awb, trackingUrl: null });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? 'Please check the form');
        return;
      }
      setError(null);
      run({ kind: 'ship-exchange', body: parsed.data });
    };
    return (
      <form
        onSubmit={submit}
        className="mt-3 grid gap-3 border-t border-stone-100 pt-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        noValidate
      >
        <Select label="Courier" value={courier} onChange={(e) => setCourier(e.target.value as Courier)}>
          {COURIERS.map((c) => (
            <option key={c} value={c}>
              {COURIER_NAMES[c]}
            </option>
          ))}
        </Select>
        <Input label="AWB number" value={awb} maxLength={40} error={error ?? undefined} onChange={(e) => setAwb(e.target.value)} />
        <Button type="submit" size="sm" className="h-11" loading={action.isPending}>
          Ship exchange
        </Button>
      </form>
    );
  }
  if (ret.status === 'received') {
    return (
      <div className="mt-3 grid gap-3 border-t border-stone-100 pt-3 sm:grid-cols-[1fr_auto] sm:items-end">
        {ret.refundTo ? (
          <p className="text-sm text-stone-800 sm:col-span-2">
            Send {formatINR(ret.refundAmount)} to <strong>{describeRefundDestination(ret.refundTo, true)}</strong>, then record the
            transfer&apos;s reference.
          </p>
        ) : null}
        <Input
          label="Bank or UPI reference (Cash on Delivery only)"
          value={reference}
          maxLength={100}
          onChange={(e) => setReference(e.target.value)}
        />
        <Button size="sm" className="h-11" loading={action.isPending} onClick={() => run({ kind: 'refund', manualReference: reference })}>
          Refund {formatINR(ret.refundAmount)}
        </Button>
      </div>
    );
  }
  return null;
}

/** An exchange's parcel documents: its packing slip once approved, its shipping label once shipped (it needs the AWB). */
function ExchangeDocuments({ ret }: { ret: ReturnRequest }) {
  const [printing, setPrinting] = useState<string | null>(null);
  if (ret.resolution !== 'exchange' || ret.status === 'requested' || ret.status === 'rejected') return null;
  const print = async (doc: 'packing-slip' | 'shipping-label') => {
    setPrinting(doc);
    try {
      await downloadExchangePdf(ret._id, doc, ret.orderRef);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to download the document'));
    } finally {
      setPrinting(null);
    }
  };
  return (
    <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Exchange parcel documents">
      <Button size="sm" variant="outline" loading={printing === 'packing-slip'} onClick={() => void print('packing-slip')}>
        Exchange packing slip (PDF)
      </Button>
      {ret.shipment ? (
        <Button size="sm" variant="outline" loading={printing === 'shipping-label'} onClick={() => void print('shipping-label')}>
          Exchange shipping label (PDF)
        </Button>
      ) : null}
    </div>
  );
}

function ReturnCard({ ret }: { ret: ReturnRequest }) {
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5" data-testid="return-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-stone-900">
            {ret.resolution === 'exchange' ? 'Exchange' : 'Return'} · Order #{ret.orderRef}
          </p>
          <p className="text-sm text-stone-600">
            {ret.email} · {formatIndiaTime(ret.createdAt, DAY_MONTH_TIME)}
          </p>
        </div>
        <Badge tone={RETURN_STATUS_TONES[ret.status]}>{RETURN_STATUS_LABELS[ret.status]}</Badge>
      </div>
      <ul className="mt-3 text-sm text-stone-800">
        {ret.lines.map((l) => (
          <li key={l.orderItemId}>
            {l.quantity} × {l.title}
            {l.size ? ` (${l.size})` : ''}
            {l.exchangeSize ? ` → size ${l.exchangeSize}` : ` · ${formatINR(l.refundAmount)}`}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-stone-700">
        Reason: <strong>{RETURN_REASON_LABELS[ret.reason]}</strong>
        {ret.comment ? ` — “${ret.comment}”` : ''}
      </p>
      {ret.photos.length ? (
        <ul className="mt-2 flex gap-2">
          {ret.photos.map((url) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <img src={url} alt="Shopper's photo" width={64} height={64} className="h-16 w-16 rounded-md object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {ret.adminNote ? <p className="mt-2 text-sm text-stone-600">Note: {ret.adminNote}</p> : null}
      {ret.shipment ? (
        <p className="mt-2 text-sm text-stone-600">
          Shipped with {ret.shipment.courierName}, AWB {ret.shipment.awb}
        </p>
      ) : null}
      <ExchangeDocuments ret={ret} />
      <NextStep ret={ret} />
    </li>
  );
}

/** The returns screen. */
export default function AdminReturns() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? '';
  const status = (RETURN_STATUSES as readonly string[]).includes(raw) ? (raw as ReturnStatus) : '';
  const query = useAdminReturns(status);
  const list = query.data ?? [];

  return (
    <div className="max-w-4xl space-y-6">
      <Link to="/admin/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-brand">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <div>
        <h1 className="font-serif text-3xl font-semibold text-stone-900">Returns</h1>
        <p className="mt-1 text-stone-600">Return and size-exchange requests, newest first.</p>
      </div>
      <div className="max-w-xs">
        <Select label="Status" value={status} onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {})}>
          <option value="">All statuses</option>
          {RETURN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {RETURN_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      {query.isPending ? (
        <div className="flex items-center justify-center gap-3 py-16 text-sm text-stone-500" role="status">
          <Spinner /> Loading returns…
        </div>
      ) : query.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          Failed to load returns
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600">No returns here.</p>
      ) : (
        <ul className="space-y-4">
          {list.map((r) => (
            <ReturnCard key={r._id} ret={r} />
          ))}
        </ul>
      )}
    </div>
  );
}
