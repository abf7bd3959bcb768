/**
 * Returns and size exchanges as the API speaks them (docs/decisions/0016-returns-and-exchanges.md): the
 * shopper's request body (POST /api/orders/{id}/returns), the admin's decision bodies and the
 * return as both read it. Money in rupees here, paise in the database.
 */
import { z } from 'zod';
import { CART_QTY_MAX } from '../constants';
import { MAX_RETURN_PHOTOS, RETURN_REASONS, RETURN_RESOLUTIONS, RETURN_STATUSES } from '../returns';
import type { returnLineSchema as returnLineAnswerSchema, returnRequestAnswerSchema } from './answers/shopper';

const noNul = (v: string) => !v.includes('\u0000');

/**
 * A photo of the return: a URL the shop's media store gave for the 'return_photos' folder (the
 * disk store's /media/return_photos/<id>.<ext>, or the signed authenticated URL Cloudinary answers
 * a private upload with, https://res.cloudinary.com/<cloud>/image/authenticated/s--<8>--/[v<n>/]return_photos/<id>.<ext>). The server
 * also checks it is this shop's store and the shopper's own upload (docs/decisions/0021-upload-limits.md).
 */
export const RETURN_PHOTO_MESSAGE = 'Please upload the photos through the form';
export const isReturnPhotoUrl = (url: string) =>
  /^\/media\/return_photos\/[A-Za-z0-9_-]{1,100}\.[a-z0-9]{2,5}$/.test(url) ||
  /^https:\/\/res\.cloudinary\.com\/[A-Za-z0-9_-]+\/image\/authenticated\/s--[A-Za-z0-9_-]{8}--\/(v\d+\/)?return_photos\/[A-Za-z0-9_-]{1,100}\.[a-z0-9]{2,5}$/.test(
    url,
  );

/** One line of a return: an order line, how many units, and for an exchange the size wanted instead. */
const returnLineSchema = z.object({
  orderItemId: z.guid({ error: 'Please choose an item of this order' }),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(CART_QTY_MAX, `Quantity must be at most ${CART_QTY_MAX}`),
  exchangeVariantId: z.guid({ error: 'Please choose another size' }).nullish(),
});

/** A UPI ID (virtual payment address): handle@bank, as NPCI's apps show it. */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
/** An IFSC: 4 letters (the bank), a 0, then 6 letters or digits (the branch), as the RBI assigns them. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/**
 * Where a Cash on Delivery refund is sent (nothing was paid online to send it back to): a UPI ID, or
 * a bank account with its IFSC. The shop sends it by transfer and records the reference.
 */
export const refundDestinationSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('upi'),
      upiId: z
        .string({ error: 'Please enter your UPI ID' })
        .trim()
        .max(320, 'Please enter a UPI ID like name@okbank')
        .regex(UPI_ID_PATTERN, 'Please enter a UPI ID like name@okbank'),
    }),
    z.object({
      method: z.literal('bank'),
      accountName: z
        .string({ error: "Please enter the account holder's name" })
        .refine(noNul, 'The name contains invalid characters')
        .trim()
        .min(2, "Please enter the account holder's name")
        .max(100, 'The name must be at most 100 characters'),
      accountNumber: z
        .string({ error: 'Please enter the account number' })
        .trim()
        .regex(/^\d{9,18}$/, 'An account number has 9 to 18 digits'),
      ifsc: z
        .string({ error: 'Please enter the IFSC' })
        .trim()
        .toUpperCase()
        .regex(IFSC_PATTERN, 'Please enter the 11-character IFSC, like SBIN0001234'),
    }),
    /** The shopper's store credit (docs/architecture.md#store-credit), when the shop offers it; any order. */
    z.object({ method: z.literal('store_credit') }),
  ],
  { error: 'Please choose UPI or a bank account for your refund' },
);
export type RefundDestination = z.output<typeof refundDestinationSchema>;

// How a refund destination reads (core/returns.ts: no zod, so the shopper's order page can use it).
export { describeRefundDestination } from '../returns';

/** Body of POST /api/orders/{id}/returns. */
export const returnRequestSchema = z
  .object({
    lines: z
      .array(returnLineSchema, { error: 'Please choose at least one item to return' })
      .min(1, 'Please choose at least one item to return')
      .max(50, 'Too many items'),
    reason: z.enum(RETURN_REASONS, { error: 'Please choose a reason' }),
    comment: z
      .string({ error: 'Comment must be text' })
      .refine(noNul, 'Comment contains invalid characters')
      .trim()
      .max(500, 'Comment must be at most 500 characters')
      .nullish()
      .transform((v) => v ?? ''),
    photos: z
      .array(z.string({ error: RETURN_PHOTO_MESSAGE }).max(500, RETURN_PHOTO_MESSAGE).refine(isReturnPhotoUrl, RETURN_PHOTO_MESSAGE), {
        error: RETURN_PHOTO_MESSAGE,
      })
      .max(MAX_RETURN_PHOTOS, `At most ${MAX_RETURN_PHOTOS} photos`)
      .nullish()
      .transform((v) => v ?? []),
    resolution: z.enum(RETURN_RESOLUTIONS, { error: 'Please choose a refund or another size' }),
    /** Cash on Delivery refunds only: where to send the money. */
    refundTo: refundDestinationSchema.nullish().transform((v) => v ?? null),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.lines.forEach((line, i) => {
      if (seen.has(line.orderItemId)) ctx.addIssue({ code: 'custom', path: ['lines', i], message: 'Each item can be listed only once' });
      seen.add(line.orderItemId);
      if (body.resolution === 'exchange' && !line.exchangeVariantId) {
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'exchangeVariantId'], message: 'Please choose the size you want instead' });
      }
    });
  });
export type ReturnRequestInput = z.input<typeof returnRequestSchema>;
export type ReturnRequestData = z.output<typeof returnRequestSchema>;

const note = (required: string | null) =>
  z
    .string({ error: 'Note must be text' })
    .refine(noNul, 'Note contains invalid characters')
    .trim()
    .max(500, 'Note must be at most 500 characters')
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => required === null || v.length > 0, required ?? '');

/** Body of the admin's approve and mark-received actions: an optional note. */
export const returnNoteSchema = z.object({ note: note(null) });
/** Body of the admin's reject: the note (why) is required, and mailed to the shopper. */
export const returnRejectSchema = z.object({ note: note('Please say why the return is rejected') });

/**
 * Body of the admin's refund of a received return: a Cash on Delivery order needs the transfer's
 * reference, unless the refund goes to store credit (`toStoreCredit`, or the shopper chose it).
 */
export const returnRefundSchema = z.object({
  toStoreCredit: z.boolean({ error: 'toStoreCredit must be true or false' }).optional(),
  manualReference: z
    .string({ error: 'The reference must be text' })
    .refine(noNul, 'The reference contains invalid characters')
    .trim()
    .max(100, 'The reference must be at most 100 characters')
    .nullish()
    .transform((v) => v || undefined),
});

/** GET /api/admin/returns query: an optional status filter. */
export const returnListQuery = z.object({
  status: z.enum(RETURN_STATUSES, { error: 'Unknown return status' }).optional(),
});

/** A return line as the API shows it (refundAmount in rupees): `returnLineSchema`'s shape in answers/shopper.ts. */
export type ReturnLine = z.output<typeof returnLineAnswerSchema>;

/** A return or exchange request as the shopper and the admin read it (rupees): `returnRequestAnswerSchema`'s shape. */
export type ReturnRequest = z.output<typeof returnRequestAnswerSchema>;
