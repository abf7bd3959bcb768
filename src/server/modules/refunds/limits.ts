/**
 * Refund limits per staff role (docs/decisions/0023-staff-roles.md "Refund limits"): an owner refunds
 * any amount; a manager and a support member each refund at most their role's limit, set by the owner
 * in the staff policy (shop_settings, `StaffPolicy` in rupees). The limit holds for each discretionary
 * refund on its own (the admin's Refund, a return's refund); a cancellation's or an undelivered
 * parcel's automatic refund and a retry of a recorded refund return money already owed and are not
 * limited.
 */
import { formatINR, toPaise, toRupees } from '../../../core/money';
import type { StaffPolicy } from '../../../core/schemas/settings';
import { forbidden } from '../../errors';

/** How each limited role is named in the refusal. */
const LIMITED: Record<string, { noun: string; limit: (policy: StaffPolicy) => number }> = {
  manager: { noun: 'a manager', limit: (p) => p.refundLimitManagerRupees },
  support: { noun: 'a support member', limit: (p) => p.refundLimitSupportRupees },
};

/**
 * The largest refund `role` may issue, in paise: null (any size) for an owner; the policy's limit for
 * a manager or support member; 0 for any other role (none holds 'orders.refund').
 */
export function refundLimitPaise(role: string, policy: StaffPolicy): number | null {
  if (role === 'owner') return null;
  const limited = LIMITED[role];
  return limited ? toPaise(limited.limit(policy)) : 0;
}

/**
 * Throws 403 'Refunds above ₹10,000 need an owner: a manager may refund up to ₹10,000' when
 * `amountPaise` is above `role`'s limit (`refundLimitPaise`); returns otherwise.
 */
export function assertWithinRefundLimit(role: string, amountPaise: number, policy: StaffPolicy): void {
  const limit = refundLimitPaise(role, policy);
  if (limit === null || amountPaise <= limit) return;
  const most = formatINR(toRupees(limit));
  throw forbidden(`Refunds above ${most} need an owner: ${LIMITED[role]?.noun ?? `the ${role} role`} may refund up to ${most}`);
}
