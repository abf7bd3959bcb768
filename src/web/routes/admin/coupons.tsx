/**
 * /admin/coupons: the coupon list (code, offer, limits, India-time window, uses), each
 * with Activate/Deactivate, Edit and Delete (confirmed; a used coupon is refused with the server's
 * reason), the inline add/edit form, a back link and an empty state, like the other admin screens.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { formatINR } from '../../../core/money';
import type { AdminCoupon } from '../../../core/schemas/coupons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { PageLoader } from '../../components/ui/spinner';
import { adminCouponsKey, couponBody, deleteCoupon, saveCoupon, useAdminCoupons } from '../../features/admin/coupons/api';
import { CouponForm } from '../../features/admin/coupons/coupon-form';
import { errorMessage } from '../../lib/api';

/** Title; admin pages stay out of search engines. */
export function meta() {
  return [{ title: 'Coupons | Admin | Rangmanch' }, { name: 'robots', content: 'noindex, nofollow' }];
}

type FormState = { coupon: AdminCoupon | null } | null;

/** '10% off, up to ₹300' or '₹200 off'. */
function offerText(c: AdminCoupon): string {
  if (c.kind === 'flat') return `${formatINR(c.amountOff ?? 0)} off`;
  return c.maxDiscount !== null ? `${c.percentOff}% off, up to ${formatINR(c.maxDiscount)}` : `${c.percentOff}% off`;
}

/** The India-time window, e.g. '2026-11-01 00:00 – 2026-11-30 23:59 IST'. */
function windowText(c: AdminCoupon): string {
  const at = (v: string) => v.replace('T', ' ');
  if (!c.startsAt && !c.endsAt) return 'No time limit';
  if (!c.endsAt) return `From ${at(c.startsAt!)} IST`;
  if (!c.startsAt) return `Until ${at(c.endsAt)} IST`;
  return `${at(c.startsAt)} – ${at(c.endsAt)} IST`;
}

function CouponRow({
  coupon,
  toggling,
  onToggle,
  onEdit,
  onDelete,
}: {
  coupon: AdminCoupon;
  toggling: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const limits = [
    coupon.minSubtotal > 0 ? `Above ${formatINR(coupon.minSubtotal)}` : 'Any subtotal',
    coupon.maxUsesPerShopper !== null ? `${coupon.maxUsesPerShopper} per shopper` : 'Unlimited per shopper',
  ];
  return (
    <div role="group" aria-label={coupon.code} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className={`font-mono font-semibold ${coupon.isActive ? 'text-stone-900' : 'text-stone-500'}`}>{coupon.code}</span>
          {coupon.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="grey">Inactive</Badge>}
          {coupon.firstOrderOnly ? <Badge tone="blue">First order</Badge> : null}
          {coupon.showInOffers ? <Badge tone="blue">In offers</Badge> : null}
        </div>
        <p className="mt-1 text-sm text-stone-700">
          {offerText(coupon)} · {limits.join(' · ')}
        </p>
        <p className="mt-0.5 text-xs text-stone-500">
          {windowText(coupon)} · Used {coupon.used}
          {coupon.maxUses !== null ? ` of ${coupon.maxUses}` : ''}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button size="sm" variant="ghost" onClick={onToggle} loading={toggling}>
          {coupon.isActive ? 'Deactivate' : 'Activate'}
        </Button>
        <Button size="sm" variant="outline" onClick={onEdit}>
          Edit
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete}>
          Delete
        </Button>
      </div>
    </div>
  );
}

/** The admin coupons screen. */
export default function AdminCoupons() {
  const qc = useQueryClient();
  const coupons = useAdminCoupons();
  const [form, setForm] = useState<FormState>(null);
  const [togglingId, setTogglingId] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<AdminCoupon | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (coupons.isError) toast.error('Failed to load coupons', { id: 'admin-coupons-load' });
  }, [coupons.isError]);

  const list = coupons.data ?? [];

  const applySaved = (saved: AdminCoupon) => {
    qc.setQueryData<AdminCoupon[]>(adminCouponsKey, (old) =>
      old?.some((c) => c._id === saved._id) ? old.map((c) => (c._id === saved._id ? saved : c)) : [saved, ...(old ?? [])],
    );
  };

  const toggle = async (coupon: AdminCoupon) => {
    setTogglingId(coupon._id);
    try {
      const saved = await saveCoupon(couponBody(coupon, { isActive: !coupon.isActive }), coupon._id);
      applySaved(saved);
      toast.success(saved.isActive ? 'Coupon activated' : 'Coupon deactivated');
    } catch {
      toast.error('Failed to update coupon status');
    } finally {
      setTogglingId(null);
    }
  };

  const confirmDelete = async () => {
    const coupon = pendingDelete;
    if (!coupon) return;
    setDeleting(true);
    try {
      await deleteCoupon(coupon._id);
      qc.setQueryData<AdminCoupon[]>(adminCouponsKey, (old) => old?.filter((c) => c._id !== coupon._id));
      toast.success('Coupon deleted successfully');
      if (form?.coupon?._id === coupon._id) setForm(null);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete coupon'));
    } finally {
      setDeleting(false);
      setPendingDelete(null);
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link to="/admin/dashboard" className="text-sm font-medium text-stone-500 hover:text-brand">
            ← Back to Dashboard
          </Link>
          <h1 className="mt-1 font-display text-3xl font-semibold text-stone-900">Coupons{coupons.data ? ` (${list.length})` : ''}</h1>
          <p className="mt-1 text-sm text-stone-600">
            Codes shoppers apply in the cart. The larger of a coupon and the automatic discount applies.
          </p>
        </div>
        {form === null ? <Button onClick={() => setForm({ coupon: null })}>+ Add Coupon</Button> : null}
      </div>

      {form !== null ? (
        <CouponForm
          key={form.coupon?._id ?? 'new'}
          coupon={form.coupon}
          onSaved={(saved) => {
            setForm(null);
            applySaved(saved);
          }}
          onCancel={() => setForm(null)}
        />
      ) : null}

      {coupons.isPending ? (
        <PageLoader text="Loading coupons..." />
      ) : coupons.isError ? (
        <EmptyState
          icon="alert"
          title="Failed to load coupons"
          description={coupons.error.message}
          action={<Button onClick={() => void coupons.refetch()}>Try again</Button>}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon="box"
          title="No coupons yet"
          description="Add a code such as WELCOME10 for first orders or FLAT200 above ₹1,999."
          action={form === null ? <Button onClick={() => setForm({ coupon: null })}>+ Add Coupon</Button> : undefined}
        />
      ) : (
        <ul aria-label="Coupons" className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {list.map((coupon) => (
            <li key={coupon._id}>
              <CouponRow
                coupon={coupon}
                toggling={togglingId === coupon._id}
                onToggle={() => void toggle(coupon)}
                onEdit={() => setForm({ coupon })}
                onDelete={() => setPendingDelete(coupon)}
              />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete coupon?"
        message={
          pendingDelete ? (
            <>
              <strong className="font-medium text-stone-900">{pendingDelete.code}</strong> will be removed for good.{' '}
              {pendingDelete.used > 0
                ? 'It has been used, so it cannot be deleted: deactivate it instead.'
                : 'To pause it for a while, deactivate it instead.'}
            </>
          ) : null
        }
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}
