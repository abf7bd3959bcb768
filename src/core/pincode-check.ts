/**
 * The answer of GET /api/pincodes/{pincode}, shared by the server and the storefront.
 * The pincode directory itself stays on the server.
 */
export interface PincodeCheck {
  pincode: string;
  district: string;
  /** One of INDIAN_STATES. */
  state: string;
  /** False when the shop settings list the pincode as non-serviceable. */
  serviceable: boolean;
  /** Cash on delivery offered: COD enabled, serviceable and the pincode not COD-blocked. */
  cod: boolean;
  /** Earliest and latest delivery date, India calendar dates 'YYYY-MM-DD'; null when not serviceable. */
  estimatedDelivery: { from: string; to: string } | null;
}

/** A 6-digit pincode not starting with 0 (the same rule as `isPincode` in schemas/common, without zod). */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

/** True for a well-formed pincode; zod-free, so storefront code can use it without loading zod. */
export const isWellFormedPincode = (value: string) => PINCODE_PATTERN.test(value);
