/**
 * How the staff screens and the invitation mail name each role, with one line on what it may do
 * (the role table: docs/decisions/0023-staff-roles.md, src/core/permissions.ts). No imports beyond
 * the role list, so the web bundle takes it without zod.
 */
import type { StaffRole } from './permissions';

/** A role's name as people read it ('Fulfilment'). */
export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: 'Owner',
  manager: 'Manager',
  fulfilment: 'Fulfilment',
  support: 'Support',
  content: 'Content',
};

/** One line per role: what it may do in the admin area. */
export const ROLE_DESCRIPTIONS: Readonly<Record<StaffRole, string>> = {
  owner: 'Everything, including staff, tax settings and the activity log.',
  manager: 'Runs the shop: catalogue, orders, refunds, coupons, returns, reviews, homepage; no staff or tax settings.',
  fulfilment: 'Packs and ships orders, prints slips and labels, receives returns; sees no prices, refunds or exports.',
  support: 'Reads orders and messages, cancels orders, decides returns, replies to reviews, small refunds.',
  content: 'Products, categories, pictures, the homepage and the catalogue import; no orders.',
};

/** The message when a change would leave the shop without an owner (docs/architecture.md#staff-and-roles). */
export const LAST_OWNER_MESSAGE = 'The shop needs at least one owner';

/** The message for an invitation link that is unknown, expired, revoked or already used. */
export const INVITATION_GONE_MESSAGE = 'This invitation link has expired or was already used';
