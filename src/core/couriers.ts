/**
 * Couriers an admin can ship with (docs/decisions/0009-order-states-and-shipping.md) and their public tracking
 * pages. `trackingUrlFor` fills the tracking link from the courier's pattern when the admin leaves
 * it empty; India Post's page takes no number in its address, so its link is the page itself and
 * the shopper types the AWB shown beside it. 'other' has no pattern: its link is whatever the admin gives.
 */
import { z } from 'zod';

export const COURIERS = ['delhivery', 'bluedart', 'dtdc', 'ekart', 'xpressbees', 'indiapost', 'shiprocket', 'other'] as const;
export type Courier = (typeof COURIERS)[number];

/** Where a parcel is: with the courier, out for delivery, delivered, or back at the shop. */
export const SHIPMENT_STATUSES = ['shipped', 'out_for_delivery', 'delivered', 'returned'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
/** One step of a parcel's journey (ISO time). */
export interface ShipmentEvent {
  status: ShipmentStatus;
  at: string;
  note: string;
  /** The courier update it came from (Shiprocket: status id and time), to ignore a replay. */
  key?: string;
}

/** Display names, in the select's order. */
export const COURIER_NAMES: Readonly<Record<Courier, string>> = {
  delhivery: 'Delhivery',
  bluedart: 'Blue Dart',
  dtdc: 'DTDC',
  ekart: 'Ekart',
  xpressbees: 'Xpressbees',
  indiapost: 'India Post',
  shiprocket: 'Shiprocket',
  other: 'Other',
};

/** Tracking page patterns; `{awb}` is replaced by the URL-encoded AWB. */
export const COURIER_TRACKING_PATTERNS: Readonly<Record<Courier, string | null>> = {
  delhivery: 'https://www.delhivery.com/track/package/{awb}',
  bluedart: 'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={awb}',
  dtdc: 'https://www.dtdc.in/tracking/tracking_results.asp?Ttype=awb_no&strCnno={awb}',
  ekart: 'https://ekartlogistics.com/shipmenttrack/{awb}',
  xpressbees: 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}',
  indiapost: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx',
  shiprocket: 'https://shiprocket.co/tracking/{awb}',
  other: null,
};

/** The courier's tracking page for `awb`, or null when the courier has no pattern ('other'). */
export function trackingUrlFor(courier: Courier, awb: string): string | null {
  const pattern = COURIER_TRACKING_PATTERNS[courier];
  return pattern ? pattern.replace('{awb}', encodeURIComponent(awb.trim())) : null;
}

/** AWB numbers: letters, digits and dashes, 4 to 40 of them (every courier above fits). */
export const AWB_RE = /^[A-Za-z0-9-]{4,40}$/;
export const AWB_MESSAGE = 'Please enter a valid AWB number (4-40 letters, digits or dashes)';
export const TRACKING_URL_MESSAGE = 'Please enter a valid tracking link starting with https://';

const noNul = (v: string) => !v.includes('\u0000');

/**
 * POST /api/orders/admin/{id}/shipments body: `{ courier, awb, trackingUrl? }`. An empty tracking
 * link means "fill it from the courier's pattern"; the AWB is upper-cased.
 */
export const shipmentCreateSchema = z.object({
  courier: z.enum(COURIERS, { error: 'Please choose a courier' }),
  awb: z
    .string({ error: 'AWB number is required' })
    .trim()
    .min(1, 'AWB number is required')
    .regex(AWB_RE, AWB_MESSAGE)
    .transform((v) => v.toUpperCase()),
  trackingUrl: z
    .string({ error: TRACKING_URL_MESSAGE })
    .trim()
    .max(500, 'Tracking link must be at most 500 characters')
    .refine(noNul, TRACKING_URL_MESSAGE)
    .refine((v) => v === '' || isHttpsUrl(v), TRACKING_URL_MESSAGE)
    .nullish()
    .transform((v) => v || null),
});
export type ShipmentCreateInput = z.input<typeof shipmentCreateSchema>;

/** Body of the "Out for delivery" and "Delivered" actions: an optional note for the timeline. */
export const shipmentStepSchema = z
  .object({
    note: z
      .string({ error: 'Note must be text' })
      .refine(noNul, 'Note contains invalid characters')
      .trim()
      .max(500, 'Note must be at most 500 characters')
      .nullish()
      .transform((v) => v ?? ''),
  })
  .nullish()
  .transform((v) => v ?? { note: '' });

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}
