/**
 * A small adapter for the part of Shiprocket's REST API the shop uses (apidocs.shiprocket.in):
 * log in for a token (valid 240 hours; kept for 9 days), create an adhoc order, assign its AWB and
 * generate its label. The same code talks to apiv2.shiprocket.in and to the local stand-in
 * (./stand-in.ts); only `apiBase` differs. Amounts are rupees, as Shiprocket takes them.
 */

/** Where Shiprocket's API lives and the API user's credentials (never logged). */
export interface ShiprocketCredentials {
  email: string;
  password: string;
  /** REST base without a trailing slash, e.g. `https://apiv2.shiprocket.in`. */
  apiBase: string;
}

/** The body of POST /v1/external/orders/create/adhoc (the fields the shop sends). */
export interface ShiprocketAdhocOrder {
  order_id: string;
  order_date: string; // 'YYYY-MM-DD HH:mm'
  pickup_location: string;
  billing_customer_name: string;
  billing_last_name: string;
  billing_address: string;
  billing_address_2: string;
  billing_city: string;
  billing_pincode: string;
  billing_state: string;
  billing_country: string;
  billing_email: string;
  billing_phone: string;
  shipping_is_billing: boolean;
  order_items: { name: string; sku: string; units: number; selling_price: number }[];
  payment_method: 'Prepaid' | 'COD';
  sub_total: number;
  length: number;
  breadth: number;
  height: number;
  weight: number;
}

/** A failed Shiprocket call: its HTTP status (502 when unreachable) and message. */
export class ShiprocketError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = 'ShiprocketError';
  }
}

export interface ShiprocketClient {
  /** Creates the order; answers Shiprocket's order and shipment ids. */
  createAdhocOrder(order: ShiprocketAdhocOrder): Promise<{ orderId: number; shipmentId: number }>;
  /** Assigns an AWB to the shipment (Shiprocket picks the courier); answers the AWB and courier name. */
  assignAwb(shipmentId: number): Promise<{ awb: string; courierName: string }>;
  /** Generates the shipment's label; answers its URL. */
  generateLabel(shipmentId: number): Promise<string>;
}

const TOKEN_TTL_MS = 9 * 24 * 3600_000;
const TIMEOUT_MS = 15_000;

/** Builds the client; `now` is for tests of the token's lifetime. */
export function createShiprocketClient(creds: () => ShiprocketCredentials, now: () => number = Date.now): ShiprocketClient {
  let token: { value: string; until: number } | null = null;

  async function call<T>(path: string, body: unknown, auth = true): Promise<T> {
    const { apiBase } = creds();
    if (!apiBase) throw new ShiprocketError('Shiprocket is not configured', 500);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (auth) headers.authorization = `Bearer ${await login()}`;
    let res: Response;
    try {
      res = await fetch(`${apiBase}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new ShiprocketError('Shiprocket could not be reached', 502);
    }
    const payload = (await res.json().catch(() => null)) as (T & { message?: string }) | null;
    if (res.status === 401 && auth) token = null; // expired or revoked: log in again next time
    if (!res.ok || !payload) {
      throw new ShiprocketError(typeof payload?.message === 'string' ? payload.message : `Shiprocket answered ${res.status}`, res.status);
    }
    return payload;
  }

  async function login(): Promise<string> {
    if (token && token.until > now()) return token.value;
    const { email, password } = creds();
    const body = await call<{ token?: string }>('/v1/external/auth/login', { email, password }, false);
    if (!body.token) throw new ShiprocketError('Shiprocket login gave no token', 502);
    token = { value: body.token, until: now() + TOKEN_TTL_MS };
    return token.value;
  }

  return {
    async createAdhocOrder(order) {
      const body = await call<{ order_id?: number; shipment_id?: number }>('/v1/external/orders/create/adhoc', order);
      if (!body.order_id || !body.shipment_id) throw new ShiprocketError('Shiprocket did not create the order', 502);
      return { orderId: body.order_id, shipmentId: body.shipment_id };
    },
    async assignAwb(shipmentId) {
      const body = await call<{ awb_assign_status?: number; response?: { data?: { awb_code?: string; courier_name?: string } } }>(
        '/v1/external/courier/assign/awb',
        { shipment_id: shipmentId },
      );
      const data = body.response?.data;
      if (body.awb_assign_status !== 1 || !data?.awb_code) throw new ShiprocketError('Shiprocket could not assign an AWB', 502);
      return { awb: String(data.awb_code), courierName: data.courier_name ?? 'Shiprocket' };
    },
    async generateLabel(shipmentId) {
      const body = await call<{ label_created?: number; label_url?: string }>('/v1/external/courier/generate/label', {
        shipment_id: [shipmentId],
      });
      if (body.label_created !== 1 || !body.label_url) throw new ShiprocketError('Shiprocket could not generate the label', 502);
      return body.label_url;
    },
  };
}
