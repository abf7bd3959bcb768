/**
 * The answer of GET /api/pincodes/{pincode} (issue 20), shared by the server and the storefront.
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
