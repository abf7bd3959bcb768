/**
 * The shipping part of the admin order modal: the order's parcels (courier, AWB with the
 * tracking link, where each is, Shiprocket's label), the "Ship order" form (courier, AWB, tracking
 * link filled from the courier's pattern until the admin types their own) or "Ship with Shiprocket", the "Out for delivery" and "Delivered"
 * buttons when the state machine allows them (Delivered on a Cash on Delivery order still to pay
 * asks first whether the courier collected the cash, since that records it collected), and the
 * packing slip and shipping label PDFs. While a
 * return is open (the order is 'return_requested', or a request is requested, approved or received)
 * the moves are hidden: the return is handled under Returns (docs/decisions/0016-returns-and-exchanges.md).
 */
import { cashOnDelivery } from '../../../../core/cod-advance';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { AWB_RE, COURIER_NAMES, COURIERS, shipmentCreateSchema, trackingUrlFor, type ShipmentCreateInput } from '../../../../core/couriers';
import { formatINR } from '../../../../core/money';
import { canMove } from '../../../../core/order-status';
import { OPEN_RETURN_STATUSES } from '../../../../core/returns';
import { orderRef, type AdminOrder } from '../../../../core/schemas/admin-orders';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../format';
import { AdminStatusBadge } from './order-status';
import { downloadOrderPdf, useAdminOrderReturns, useShippingAction, type ShipBody } from './shipping-api';

const SHIPMENT_WORDS = { shipped: 'In transit', out_for_delivery: 'Out for delivery', delivered: 'Delivered', returned: 'Returned' };

function ShipForm({ order }: { order: AdminOrder }) {
  const action = useShippingAction(order._id);
  const linkEdited = useRef(false);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<ShipmentCreateInput, unknown, ShipBody>({
    resolver: zodResolver(shipmentCreateSchema),
    defaultValues: { courier: 'delhivery', awb: '', trackingUrl: '' },
  });
  const courier = watch('courier');
  const awb = watch('awb');

  // Fill the tracking link from the courier's pattern until the admin edits it.
  useEffect(() => {
    if (linkEdited.current) return;
    const number = awb.trim();
    setValue('trackingUrl', AWB_RE.test(number) ? (trackingUrlFor(courier, number.toUpperCase()) ?? '') : '');
  }, [courier, awb, setValue]);

  const link = register('trackingUrl', {
    onChange: () => {
      linkEdited.current = true;
    },
  });
  return (
    <form
      noValidate
      aria-label="Ship order"
      className="space-y-3 rounded-lg border border-stone-200 bg-stone-50 p-3 sm:p-4"
      onSubmit={(event) => void handleSubmit((body) => action.mutate({ kind: 'ship', body }))(event)}
    >
      <h4 className="text-sm font-semibold text-stone-900">Ship order</h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select label="Courier" error={errors.courier?.message} {...register('courier')}>
          {COURIERS.map((c) => (
            <option key={c} value={c}>
              {COURIER_NAMES[c]}
            </option>
          ))}
        </Select>
        <Input label="AWB number" autoComplete="off" spellCheck={false} error={errors.awb?.message} {...register('awb')} />
        <Input
          label="Tracking link"
          type="url"
          inputMode="url"
          autoComplete="off"
          className="sm:col-span-2"
          hint={courier === 'other' ? 'Paste the courier’s tracking page, if it has one' : 'Filled from the courier’s tracking page'}
          error={errors.trackingUrl?.message}
          {...link}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" loading={action.isPending && action.variables?.kind === 'ship'} disabled={action.isPending}>
          Ship order
        </Button>
        <span className="text-sm text-stone-500">or</span>
        <Button
          type="button"
          variant="outline"
          loading={action.isPending && action.variables?.kind === 'shiprocket'}
          disabled={action.isPending}
          onClick={() => action.mutate({ kind: 'shiprocket' })}
        >
          Ship with Shiprocket
        </Button>
      </div>
      <p className="text-xs text-stone-500">Shiprocket picks the courier, assigns the AWB and makes its label.</p>
    </form>
  );
}

/** The shipping block of the modal for `order`. */
export function ShippingPanel({ order }: { order: AdminOrder }) {
  const action = useShippingAction(order._id);
  const [printing, setPrinting] = useState<string | null>(null);
  const [confirmingCash, setConfirmingCash] = useState(false);
  const ref = orderRef(order._id);
  const cashToCollect = order.payment.method === 'cod' && order.payment.status !== 'collected';
  const print = async (doc: 'packing-slip' | 'shipping-label') => {
    setPrinting(doc);
    try {
      await downloadOrderPdf(order._id, doc, ref);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to download the document'));
    } finally {
      setPrinting(null);
    }
  };
  // Shipments and returns are one order's two workflows: while a return is open, Returns leads.
  const returns = useAdminOrderReturns(order._id);
  const openReturn =
    order.status === 'return_requested' || (returns.data ?? []).find((r) => OPEN_RETURN_STATUSES.includes(r.status)) !== undefined;
  const canOut = !openReturn && canMove(order.status, 'out_for_delivery');
  const canDeliver = !openReturn && canMove(order.status, 'delivered');
  return (
    <div className="space-y-3">
      {order.shipments.length > 0 ? (
        <ul className="space-y-2">
          {order.shipments.map((s) => (
            <li key={s._id} className="rounded-lg border border-stone-200 p-3">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium text-stone-900">{s.courierName}</span>
                <span className="text-stone-500">AWB</span>
                {s.trackingUrl ? (
                  <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer" className="font-mono text-brand hover:underline">
                    {s.awb}
                  </a>
                ) : (
                  <span className="font-mono">{s.awb}</span>
                )}
                <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">{SHIPMENT_WORDS[s.status]}</span>
              </p>
              <p className="mt-1 text-xs text-stone-500">
                Shipped {formatDateTime(s.createdAt)}
                {s.labelUrl ? (
                  <>
                    {' · '}
                    <a href={s.labelUrl} target="_blank" rel="noopener noreferrer" className="text-brand hover:underline">
                      Shiprocket label
                    </a>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {canOut || canDeliver ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="flex items-center gap-2 text-sm text-stone-600">
            Now: <AdminStatusBadge status={order.status} />
          </span>
          {canOut ? (
            <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => action.mutate({ kind: 'out-for-delivery' })}>
              Out for delivery
            </Button>
          ) : null}
          {canDeliver && !confirmingCash ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={action.isPending}
              onClick={() => (cashToCollect ? setConfirmingCash(true) : action.mutate({ kind: 'delivered' }))}
            >
              Delivered
            </Button>
          ) : null}
        </div>
      ) : null}
      {canDeliver && confirmingCash ? (
        <div
          role="group"
          aria-label="Confirm cash collected"
          className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
        >
          <p className="text-amber-900">
            Did the courier collect <strong>{formatINR(cashOnDelivery(order))}</strong> in cash? Marking the order delivered records the
            payment as collected.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => setConfirmingCash(false)}>
              Back
            </Button>
            <Button
              size="sm"
              loading={action.isPending}
              onClick={() => action.mutate({ kind: 'delivered' }, { onSettled: () => setConfirmingCash(false) })}
            >
              Delivered, cash collected
            </Button>
          </div>
        </div>
      ) : null}
      {openReturn ? (
        <p className="rounded-lg border border-orange-200 bg-orange-50 p-3 text-sm text-orange-900" role="note">
          A return is open: handle it under{' '}
          <Link to="/admin/returns" className="font-semibold underline underline-offset-2 hover:text-orange-700">
            Returns
          </Link>
          .
        </p>
      ) : null}
      {!openReturn && canMove(order.status, 'shipped') ? <ShipForm order={order} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" loading={printing === 'packing-slip'} onClick={() => void print('packing-slip')}>
          Packing slip (PDF)
        </Button>
        {order.shipments.length > 0 ? (
          <Button size="sm" variant="outline" loading={printing === 'shipping-label'} onClick={() => void print('shipping-label')}>
            Shipping label (PDF)
          </Button>
        ) : null}
      </div>
    </div>
  );
}
