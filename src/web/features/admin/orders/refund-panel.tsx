/**
 * The money part of the admin order modal (docs/decisions/0017-refunds-and-credit-notes.md): what was paid,
 * refunded and is left; each refund with its state (pending, processed, failed with a Retry), its
 * bank/UPI reference for Cash on Delivery and its GST credit note; "Cancel and refund" while the order
 * has not shipped, and "Refund" (full or part, in rupees to the paisa, with a reason). Both ask for a
 * confirmation naming the amount; a COD order asks for the reference of the admin's own transfer.
 * Money moves only through these actions (docs/architecture.md#refunds-and-returns), never through the status dropdown.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { formatINR, toPaise } from '../../../../core/money';
import { IN_TRANSIT_STATUSES, PRE_SHIPMENT_STATUSES } from '../../../../core/order-status';
import type { AdminOrder } from '../../../../core/schemas/admin-orders';
import { REFUND_STATE_WORDS } from '../../../../core/refunds';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { apiFetch, ApiRequestError, errorMessage } from '../../../lib/api';
import { DownloadCreditNoteButton } from '../../../components/orders/download-invoice';
import { useAdmin } from '../../../routes/admin/admin-layout';
import { formatDateTime } from '../format';
import { allows } from '../staff-permissions';
import { showUpdatedOrder } from './api';
import { useShopSettings } from '../settings/api';
import { CheckField } from '../catalog-form-controls';

type Action =
  | { kind: 'cancel'; body: { reason: string; manualReference?: string } }
  | { kind: 'undelivered'; body: { note: string } }
  | { kind: 'refund'; body: { amount: number; reason: string; manualReference?: string; toStoreCredit?: boolean }; key: string }
  | { kind: 'retry'; refundId: string };

const FAILURE: Record<Action['kind'], string> = {
  cancel: 'Failed to cancel the order',
  undelivered: 'Failed to record the parcel as back',
  refund: 'Failed to refund',
  retry: 'Failed to retry the refund',
};

/** POST cancel | refunds (with its Idempotency-Key) | refunds/{id}/retry; the answer replaces the cached order. */
function useRefundAction(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) => {
      const base = `/api/orders/admin/${encodeURIComponent(orderId)}`;
      const path =
        action.kind === 'cancel'
          ? `${base}/cancel`
          : action.kind === 'undelivered'
            ? `${base}/returned-undelivered`
            : action.kind === 'refund'
              ? `${base}/refunds`
              : `${base}/refunds/${action.refundId}/retry`;
      return apiFetch<AdminOrder>(path, {
        method: 'POST',
        body: action.kind === 'retry' ? {} : action.body,
        headers: action.kind === 'refund' ? { 'Idempotency-Key': action.key } : undefined,
        auth: true,
        fallbackMessage: FAILURE[action.kind],
      });
    },
    onSuccess: (order, action) => {
      showUpdatedOrder(queryClient, order);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'unsettled-refunds'] });
      const last = order.refunds.refunds.at(-1);
      if (action.kind === 'cancel') toast.success('Order cancelled');
      else if (action.kind === 'undelivered') toast.success('Recorded as back undelivered');
      else if (last?.status === 'failed') toast.error(`Razorpay refused the refund: ${last.failureReason ?? 'no reason given'}`);
      else toast.success(last?.status === 'processed' ? 'Refund processed' : 'Refund sent to Razorpay');
    },
  });
}

const STATUS_CLASSES = {
  pending: 'bg-yellow-100 text-yellow-800',
  processed: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
};

/**
 * The dialog of "Refund", "Cancel and refund" or "Back undelivered" (the courier returned the parcel):
 * reason (and amount, reference), then a confirmation naming the amount.
 */
function MoneyDialog({ order, kind, onClose }: { order: AdminOrder; kind: 'cancel' | 'refund' | 'undelivered'; onClose: () => void }) {
  const id = useId();
  const action = useRefundAction(order._id);
  const cod = order.payment.method === 'cod';
  const left = order.refunds.refundable;
  const [amount, setAmount] = useState(kind === 'refund' ? left.toFixed(2) : '');
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One key per dialog: a double click or a retried request is the same refund.
  const [key] = useState(() => crypto.randomUUID());
  const refundPaise = kind === 'refund' ? toPaise(Number(amount)) : toPaise(left);
  // Store credit instead, when the settings offer it (docs/architecture.md#store-credit).
  const shopSettings = useShopSettings().data;
  const creditOffered = kind === 'refund' && shopSettings?.storeCredit.refunds === 'choice';
  const [toCredit, setToCredit] = useState(false);
  const toStoreCredit = creditOffered && toCredit;
  const needsReference = cod && refundPaise > 0 && !toStoreCredit;

  const check = () => {
    const found: Record<string, string> = {};
    if (!reason.trim())
      found.reason = {
        cancel: 'Please give a reason for cancelling',
        refund: 'Please give a reason for the refund',
        undelivered: 'Please say why it came back',
      }[kind];
    if (kind === 'refund') {
      const value = Number(amount);
      if (!amount.trim() || !Number.isFinite(value) || value <= 0) found.amount = 'Please enter an amount above ₹0';
      else if (!/^\d+(\.\d{1,2})?$/.test(amount.trim())) found.amount = 'The amount can have at most 2 decimals (paise)';
      else if (toPaise(value) > toPaise(left)) found.amount = `Only ${formatINR(left)} can still be refunded`;
    }
    if (needsReference && !reference.trim()) found.manualReference = 'Please enter the bank or UPI reference of the refund you sent';
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const submit = () => {
    const manualReference = needsReference ? reference.trim() : undefined;
    const onError = (err: unknown) => {
      setConfirming(false);
      if (err instanceof ApiRequestError && err.errors) setErrors(err.errors);
      toast.error(errorMessage(err, FAILURE[kind]));
    };
    if (kind === 'cancel') action.mutate({ kind, body: { reason: reason.trim(), manualReference } }, { onSuccess: onClose, onError });
    else if (kind === 'undelivered') action.mutate({ kind, body: { note: reason.trim() } }, { onSuccess: onClose, onError });
    else
      action.mutate(
        {
          kind,
          key,
          body: { amount: Number(amount), reason: reason.trim(), manualReference, ...(toStoreCredit ? { toStoreCredit } : {}) },
        },
        { onSuccess: onClose, onError },
      );
  };
  const money = formatINR(refundPaise / 100);
  const title = { cancel: 'Cancel and refund', refund: 'Refund', undelivered: 'Back undelivered' }[kind];
  return (
    <Modal
      open
      onClose={onClose}
      labelledBy={`${id}-title`}
      describedBy={`${id}-message`}
      dismissible={!action.isPending}
      className="max-w-md"
    >
      <form
        noValidate
        className="space-y-4 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (confirming) submit();
          else if (check()) setConfirming(true);
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
          {confirming
            ? refundPaise > 0
              ? `Refund ${money}?`
              : kind === 'undelivered'
                ? 'Record the parcel as back?'
                : 'Cancel this order?'
            : title}
        </h2>
        {confirming ? (
          <p id={`${id}-message`} className="text-sm text-stone-600">
            {kind === 'cancel' ? 'The order will be cancelled and its pieces put back in stock. ' : ''}
            {kind === 'undelivered' ? 'The parcel is recorded as back with you and its pieces put back in stock. ' : ''}
            {refundPaise > 0
              ? toStoreCredit
                ? `${money} goes to the shopper's store credit now (credit spent on the order comes back as credit after the money).`
                : cod
                  ? `${money} is recorded as refunded by your transfer (reference ${reference.trim()}).`
                  : `${money} goes back to the shopper's payment through Razorpay.`
              : 'Nothing was paid, so nothing is refunded.'}{' '}
            The shopper is e-mailed{refundPaise > 0 ? ' with the GST credit note' : ''}.
          </p>
        ) : (
          <>
            <p id={`${id}-message`} className="text-sm text-stone-600">
              Paid {formatINR(order.refunds.paid)} · refunded {formatINR(order.refunds.refunded)} · left {formatINR(left)}
            </p>
            {kind === 'refund' ? (
              <Input
                label="Amount to refund (₹)"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                error={errors.amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            ) : null}
            <Input
              label="Reason"
              autoComplete="off"
              maxLength={200}
              value={reason}
              error={errors.reason}
              onChange={(event) => setReason(event.target.value)}
            />
            {creditOffered ? (
              <CheckField label="Refund to store credit" checked={toCredit} onChange={(e) => setToCredit(e.target.checked)} />
            ) : null}
            {needsReference ? (
              <Input
                label="Bank or UPI reference of your refund"
                autoComplete="off"
                maxLength={100}
                value={reference}
                error={errors.manualReference}
                hint="Cash on Delivery: send the money yourself, then record its reference here"
                onChange={(event) => setReference(event.target.value)}
              />
            ) : null}
          </>
        )}
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={action.isPending}
            onClick={confirming ? () => setConfirming(false) : onClose}
          >
            {confirming ? 'Back' : 'Close'}
          </Button>
          <Button type="submit" size="sm" variant={confirming ? 'danger' : 'primary'} loading={action.isPending}>
            {confirming ? (refundPaise > 0 ? `Refund ${money}` : kind === 'undelivered' ? 'Record as back' : 'Cancel order') : 'Continue'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The panel inside the admin order modal. */
export function RefundPanel({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState<'cancel' | 'refund' | 'undelivered' | null>(null);
  const retry = useRefundAction(order._id);
  const { paid, refunded, refundable, refunds, state } = order.refunds;
  // Each move only for a role holding its permission (core/permissions.ts); the server refuses the rest.
  const admin = useAdmin();
  const canRefund = allows(admin, 'orders.refund');
  const canCancel = PRE_SHIPMENT_STATUSES.includes(order.status) && allows(admin, 'orders.cancel');
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">
        {state !== 'none' ? <strong className="mr-1 font-semibold text-stone-900">{REFUND_STATE_WORDS[state]}:</strong> : null}
        Paid {formatINR(paid)} · Refunded {formatINR(refunded)} · Left to refund {formatINR(refundable)}
      </p>
      {refunds.length > 0 ? (
        <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200">
          {refunds.map((r) => (
            <li key={r._id} className="space-y-2 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold tabular-nums text-stone-900">{formatINR(r.amount)}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[r.status]}`}>{r.status}</span>
                <span className="text-xs text-stone-500">{formatDateTime(r.createdAt)}</span>
              </div>
              <p className="text-stone-700">{r.reason}</p>
              {r.manualReference ? <p className="text-xs text-stone-500">Reference: {r.manualReference}</p> : null}
              {r.method === 'store_credit' ? <p className="text-xs text-stone-500">To the shopper&apos;s store credit</p> : null}
              {r.status === 'failed' && r.failureReason ? <p className="text-xs text-red-700">{r.failureReason}</p> : null}
              <div className="flex flex-wrap items-start gap-2">
                {r.creditNote ? <DownloadCreditNoteButton orderId={order._id} creditNote={r.creditNote} /> : null}
                {r.status !== 'processed' && canRefund ? (
                  <Button
                    size="sm"
                    variant="outline"
                    loading={retry.isPending && retry.variables?.kind === 'retry' && retry.variables.refundId === r._id}
                    onClick={() =>
                      retry.mutate({ kind: 'retry', refundId: r._id }, { onError: (err) => toast.error(errorMessage(err, FAILURE.retry)) })
                    }
                  >
                    {r.status === 'failed' ? 'Retry refund' : 'Check with Razorpay'}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {canCancel ? (
          <Button size="sm" variant="danger" onClick={() => setOpen('cancel')}>
            Cancel and refund
          </Button>
        ) : null}
        {IN_TRANSIT_STATUSES.includes(order.status) && allows(admin, 'orders.ship') ? (
          <Button size="sm" variant="outline" onClick={() => setOpen('undelivered')}>
            Back undelivered
          </Button>
        ) : null}
        {refundable > 0 && canRefund ? (
          <Button size="sm" variant="outline" onClick={() => setOpen('refund')}>
            Refund
          </Button>
        ) : null}
      </div>
      {open ? <MoneyDialog order={order} kind={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
