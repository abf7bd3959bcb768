/**
 * Admin coupon calls: the list, save (POST or PUT with the whole record, also used to
 * toggle active) and delete. Errors carry the server's message.
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminCoupon, CouponInput } from '../../../../core/schemas/coupons';
import { apiFetch } from '../../../lib/api';

/** Query key of the admin coupon list. */
export const adminCouponsKey = ['admin', 'coupons'] as const;

/** Every coupon, newest first. */
export function useAdminCoupons() {
  return useQuery({
    queryKey: adminCouponsKey,
    queryFn: () => apiFetch<AdminCoupon[]>('/api/admin/coupons', { auth: true, fallbackMessage: 'Failed to load coupons' }),
  });
}

/** POST /api/admin/coupons, or PUT /api/admin/coupons/{id} when `id` is given; answers the saved coupon. */
export function saveCoupon(body: CouponInput, id?: string): Promise<AdminCoupon> {
  return apiFetch<AdminCoupon>(id ? `/api/admin/coupons/${encodeURIComponent(id)}` : '/api/admin/coupons', {
    method: id ? 'PUT' : 'POST',
    auth: true,
    body,
    fallbackMessage: 'Failed to save coupon',
  });
}

/** DELETE /api/admin/coupons/{id}; a 409 says the coupon was used and should be deactivated. */
export function deleteCoupon(id: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/admin/coupons/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
    fallbackMessage: 'Failed to delete coupon',
  });
}

/** The whole record as a save body (toggling re-sends it with isActive flipped). */
export function couponBody(c: AdminCoupon, changes: Partial<CouponInput> = {}): CouponInput {
  return {
    code: c.code,
    kind: c.kind,
    percentOff: c.percentOff,
    amountOff: c.amountOff,
    minSubtotal: c.minSubtotal,
    maxDiscount: c.maxDiscount,
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    maxUses: c.maxUses,
    maxUsesPerShopper: c.maxUsesPerShopper,
    firstOrderOnly: c.firstOrderOnly,
    isActive: c.isActive,
    showInOffers: c.showInOffers,
    ...changes,
  };
}
