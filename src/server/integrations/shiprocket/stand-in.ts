/**
 * A Shiprocket-compatible stand-in (docs/architecture.md#order-lifecycle: "else a built-in stand-in, like
 * the Razorpay sandbox"): the REST calls the adapter makes (auth/login, orders/create/adhoc,
 * courier/assign/awb, courier/generate/label) with Shiprocket's shapes, and the label PDF it links
 * to. The server mounts it at /shiprocket-sandbox when no account is set; tests start it on a
 * loopback port (`startShiprocketStandIn`) so the adapter's HTTP path is the real one.
 * State is in memory; creating the same order_id twice answers the same shipment.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyPluginAsync, type FastifyReply, type FastifyRequest, type FastifySchema } from 'fastify';
import PDFDocument from 'pdfkit';
import { istWallClock } from '../../../core/india-time';

export interface StandInState {
  tokens: Set<string>;
  orders: Map<string, { orderId: number; shipmentId: number; body: Record<string, unknown> }>;
  shipments: Map<number, { orderKey: string; awb: string | null; labelUrl: string | null }>;
  calls: { path: string; body: unknown }[];
  nextId: number;
}

export const createStandInState = (): StandInState => ({
  tokens: new Set(),
  orders: new Map(),
  shipments: new Map(),
  calls: [],
  nextId: 1000,
});

export interface StandInOptions {
  email: string;
  password: string;
  state?: StandInState;
  /** Where `POST /stand-in/track` sends tracking updates, as Shiprocket's webhook does, with its token. */
  webhook?: { url: string; token: string };
}

const TRACK_STATUS = {
  in_transit: { id: 18, label: 'IN TRANSIT' },
  out_for_delivery: { id: 17, label: 'OUT FOR DELIVERY' },
  delivered: { id: 7, label: 'DELIVERED' },
} as const;

/** Shiprocket's timestamp: India time as 'DD MM YYYY HH:mm:ss'. */
function srTimestamp(date: Date): string {
  const t = istWallClock(date).toISOString();
  return `${t.slice(8, 10)} ${t.slice(5, 7)} ${t.slice(0, 4)} ${t.slice(11, 19)}`;
}

/** Kept out of the host's OpenAPI document (@fastify/swagger reads `schema.hide`). */
const HIDDEN = { schema: { hide: true } as FastifySchema };

const REQUIRED = [
  'order_id',
  'order_date',
  'billing_customer_name',
  'billing_address',
  'billing_city',
  'billing_pincode',
  'billing_state',
  'billing_phone',
  'order_items',
  'payment_method',
  'sub_total',
];

/** The stand-in's routes; register with a prefix. */
export const shiprocketStandIn: FastifyPluginAsync<StandInOptions> = async (app, opts) => {
  const state = opts.state ?? createStandInState();
  const authorised = (req: FastifyRequest, reply: FastifyReply) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (token && state.tokens.has(token)) return true;
    void reply.code(401).send({ message: 'Token has expired', status_code: 401 });
    return false;
  };
  const body = (req: FastifyRequest) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});

  app.post('/v1/external/auth/login', HIDDEN, async (req, reply) => {
    const { email, password } = body(req);
    if (email !== opts.email || password !== opts.password) {
      return reply.code(400).send({ message: 'Invalid email and password combination', status_code: 400 });
    }
    const token = randomBytes(24).toString('hex');
    state.tokens.add(token);
    return { token, email };
  });

  app.post('/v1/external/orders/create/adhoc', HIDDEN, async (req, reply) => {
    if (!authorised(req, reply)) return reply;
    const order = body(req);
    state.calls.push({ path: 'orders/create/adhoc', body: order });
    const missing = REQUIRED.filter((k) => order[k] === undefined || order[k] === '');
    if (missing.length) {
      return reply
        .code(422)
        .send({ message: 'Oops! Invalid Data.', errors: Object.fromEntries(missing.map((k) => [k, [`The ${k} field is required.`]])) });
    }
    const key = String(order.order_id);
    let known = state.orders.get(key);
    if (!known) {
      known = { orderId: state.nextId++, shipmentId: state.nextId++, body: order };
      state.orders.set(key, known);
      state.shipments.set(known.shipmentId, { orderKey: key, awb: null, labelUrl: null });
    }
    return { order_id: known.orderId, shipment_id: known.shipmentId, status: 'NEW', status_code: 1 };
  });

  app.post('/v1/external/courier/assign/awb', HIDDEN, async (req, reply) => {
    if (!authorised(req, reply)) return reply;
    const shipmentId = Number(body(req).shipment_id);
    state.calls.push({ path: 'courier/assign/awb', body: body(req) });
    const shipment = state.shipments.get(shipmentId);
    if (!shipment) return reply.code(400).send({ message: 'Invalid shipment id', status_code: 400 });
    shipment.awb ??= `SR${String(1_000_000_000 + shipmentId * 7919).slice(-10)}`;
    return {
      awb_assign_status: 1,
      response: { data: { awb_code: shipment.awb, courier_name: 'Delhivery Surface', courier_company_id: 12, shipment_id: shipmentId } },
    };
  });

  app.post('/v1/external/courier/generate/label', HIDDEN, async (req, reply) => {
    if (!authorised(req, reply)) return reply;
    const ids = body(req).shipment_id;
    state.calls.push({ path: 'courier/generate/label', body: body(req) });
    const shipmentId = Number(Array.isArray(ids) ? ids[0] : ids);
    const shipment = state.shipments.get(shipmentId);
    if (!shipment?.awb) return reply.code(400).send({ message: 'AWB not assigned', status_code: 400 });
    const base = `${req.protocol}://${req.host}${req.url.replace(/\/v1\/external\/courier\/generate\/label.*$/, '')}`;
    shipment.labelUrl = `${base}/labels/${shipmentId}.pdf`;
    return { label_created: 1, label_url: shipment.labelUrl, response: 'Label has been created and uploaded successfully!' };
  });

  // Not Shiprocket's API: lets the demo (and the browser tests) move a parcel along. It sends the
  // tracking webhook Shiprocket would send for the AWB and answers what the shop answered.
  app.post('/stand-in/track', HIDDEN, async (req, reply) => {
    const { awb, status } = body(req);
    const known = [...state.shipments.values()].some((s) => s.awb === awb);
    const step = TRACK_STATUS[status as keyof typeof TRACK_STATUS];
    if (!opts.webhook || !known || !step) return reply.code(400).send({ message: 'Unknown AWB or status' });
    const res = await fetch(opts.webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': opts.webhook.token },
      body: JSON.stringify({
        awb,
        courier_name: 'Delhivery Surface',
        current_status: step.label,
        current_status_id: step.id,
        shipment_status: step.label,
        shipment_status_id: step.id,
        current_timestamp: srTimestamp(new Date()),
      }),
    });
    return reply.code(res.status).send(await res.json().catch(() => ({})));
  });

  app.get<{ Params: { id: string } }>('/labels/:id.pdf', HIDDEN, async (req, reply) => {
    const shipment = state.shipments.get(Number(req.params.id));
    if (!shipment?.awb) return reply.code(404).send({ message: 'Not found' });
    const doc = new PDFDocument({ size: [288, 432], margin: 20 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<void>((resolve) => doc.on('end', resolve));
    doc
      .fontSize(14)
      .text('Shiprocket stand-in label')
      .moveDown()
      .fontSize(12)
      .text(`AWB ${shipment.awb}`)
      .text(`Order ${shipment.orderKey}`);
    doc.end();
    await done;
    return reply.header('content-type', 'application/pdf').send(Buffer.concat(chunks));
  });
};

/** Starts the stand-in on a loopback port (tests: the network edge). */
export async function startShiprocketStandIn(opts: StandInOptions) {
  const state = opts.state ?? createStandInState();
  const app = Fastify({ logger: false });
  await app.register(shiprocketStandIn, { ...opts, state });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, state, close: () => app.close() };
}
