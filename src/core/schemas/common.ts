/**
 * Field rules shared by several forms, with the spec's messages.
 */
import { z } from 'zod';
import { OTP_CODE_RE, OTP_INCOMPLETE } from '../constants';
import { normaliseIndianMobile } from '../phone';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INDIAN_MOBILE_RE = /^[6-9]\d{9}$/;
const PINCODE_RE = /^[1-9]\d{5}$/;

/** Strips everything but digits (pincode inputs; phones go through `normaliseIndianMobile`). */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** True for a 10-digit Indian mobile number starting 6-9, once normalised ("+91 98450 12345" is one). */
export const isIndianMobile = (value: string) => INDIAN_MOBILE_RE.test(normaliseIndianMobile(value));
/** True for a 6-digit pincode not starting with 0. */
export const isPincode = (value: string) => PINCODE_RE.test(value);

/** E-mail: required and valid; lower-cased and trimmed. */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .regex(EMAIL_RE, 'Please enter a valid email address')
  .transform((v) => v.toLowerCase());

/** Indian mobile: required; normalised to its 10 digits (+91, a leading 0, spaces and dashes dropped). */
export const mobileField = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .refine(isIndianMobile, 'Please enter a valid 10-digit Indian mobile number')
  .transform(normaliseIndianMobile);

/** Lists what a password lacks against the strength rule; empty when strong. */
export function missingPasswordParts(password: string): string[] {
  const missing: string[] = [];
  if (password.length < 8) missing.push('at least 8 characters');
  if (!/[A-Z]/.test(password)) missing.push('one uppercase letter');
  if (!/[a-z]/.test(password)) missing.push('one lowercase letter');
  if (!/\d/.test(password)) missing.push('one number');
  if (!/[^A-Za-z0-9]/.test(password)) missing.push('one special character');
  return missing;
}

/** A new password: required, 8+ with upper, lower, digit and special ('Password must contain ...'). */
export const strongPasswordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(128, 'Password must be at most 128 characters')
  .superRefine((value, ctx) => {
    const missing = missingPasswordParts(value);
    if (missing.length > 0) {
      ctx.addIssue({ code: 'custom', message: `Password must contain ${missing.join(', ')}` });
    }
  });

/** Six-digit one-time code. */
export const otpCodeField = z.string({ error: OTP_INCOMPLETE }).regex(OTP_CODE_RE, OTP_INCOMPLETE);

/**
 * A record id the API takes in a body or a query (docs/architecture.md#api-contract: ids are strings in
 * `_id`; every table's key is a UUID). Anything that is not a UUID is refused by validation with
 * 400 `Invalid <what> id`, before a query sees it (a malformed id used to reach
 * PostgreSQL and answer 500). An unknown but well-formed id is the service's to answer (404).
 */
export const idField = (what: string) => z.guid({ error: `Invalid ${what} id` });

/**
 * The `{ id }` path parameters of a route that names one record. A malformed id answers 404 with
 * `notFoundMessage`, the same answer as an unknown one (docs/architecture.md#api-contract: "404 nothing there (an unknown or
 * malformed id too)"); the server's error handler maps a failed path parameter to 404.
 */
export const idParams = (notFoundMessage: string) => z.object({ id: z.guid({ error: notFoundMessage }) });

/** Highest amount an owner may enter for a price limit, fee or discount, rupees (₹10 lakh). */
export const MAX_RUPEES = 10_00_000;

/** True when `rupees` has at most 2 decimals (a whole number of paise). */
export const isWholePaise = (rupees: number) => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;

/**
 * Rupees an owner enters (docs/architecture.md#money: rupees in the API): a number from 0 up to ₹10 lakh with
 * at most 2 decimals; `label` names the field in its messages. Callers convert with `toPaise`.
 */
export const rupeesField = (label: string) =>
  z
    .number({ error: `${label} must be an amount in rupees` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_RUPEES, `${label} must be at most ₹10,00,000`)
    .refine(isWholePaise, `${label} can have at most 2 decimals (paise)`);
