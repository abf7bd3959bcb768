/**
 * Back-in-stock sign-ups (docs/architecture.md#back-in-stock): a shopper asks to be told when a
 * sold-out size comes back. Signed in, the alert counts at once (WhatsApp when the account has a
 * phone and takes offers there, else e-mail); a guest gives an e-mail or a mobile number and
 * confirms with a 6-digit code sent to it (mail, or WhatsApp's verification_code template), stored
 * as an HMAC, valid 15 minutes, void after 5 wrong tries (each counted by one UPDATE before the
 * code is compared). One live alert per size and person (index `stock_alerts_live_uq`): signing up
 * again answers the alert already there. Sending is modules/stock-alerts/release.ts.
 * Throws AppError: 404 for an unknown, malformed or retired size, 409 for a size in stock, 400 for
 * a missing contact or a wrong, expired or used-up code, 502 when a code cannot be sent.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { variantLabel } from '../../../core/colours';
import {
  STOCK_ALERT_CODE_TRIES,
  STOCK_ALERT_CODE_TTL_MS,
  STOCK_ALERT_IN_STOCK,
  STOCK_ALERT_NO_VARIANT,
  STOCK_ALERT_WAITING,
  type StockAlert,
  type StockAlertChannel,
  type StockAlertSignUp,
} from '../../../core/schemas/stock-alerts';
import type { Database, Tx } from '../../db/client';
import { products, stockAlerts, users, variants } from '../../db/schema';
import { badGateway, badRequest, conflict, isUuid, notFound } from '../../errors';
import type { Mailer } from '../../integrations/mail/mailer';
import { stockAlertCodeMail } from './mail';

/** What the sign-up needs from the app. */
export interface StockAlertDeps {
  db: Database;
  /** Sends a guest's code at once (the code expires in minutes: no outbox). */
  mailer: Mailer;
  /** Key for hashing codes at rest. */
  codePepper: string;
  now: () => Date;
  /** Called with each new code outside production (the demo logs it). */
  onCodeIssued?: (to: string, code: string) => void;
  /**
   * Stages a WhatsApp message in `tx` (integrations/whatsapp/outbox.ts): true when staged, false when
   * it cannot go (no template, no consent, opted out). Absent: WhatsApp is not offered.
   */
  stageWhatsApp?: (tx: Tx, message: { kind: 'verification_code'; to: string; params: string[] }) => Promise<boolean>;
}

/** Who signs up: a signed-in account, or a guest's contact. */
export interface StockAlertPerson {
  userId: string | null;
  email?: string;
  phone?: string;
}

export const ALERT_NOT_FOUND = 'Alert not found';
const INVALID_CODE = 'Invalid or expired code. Please try again.';
const EXPIRED = 'This code has expired. Please ask for a new one.';
const EXHAUSTED = 'Too many wrong attempts. Please ask for a new code.';
/** A new code for the same sign-up no sooner than this after the last. */
const RESEND_AFTER_MS = 30_000;

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const hashCode = (pepper: string, id: string, code: string) =>
  createHmac('sha256', pepper).update(`stock-alert:${id}:${code}`).digest('hex');

/** "a•••@example.in" and "•••••43210": where a code went, without reading the whole contact back. */
export function maskContact(contact: string): string {
  const at = contact.indexOf('@');
  if (at > 0) return `${contact[0]}•••${contact.slice(at)}`;
  return `•••••${contact.slice(-5)}`;
}

/** The size with its product, when both are on sale; else 404. */
async function saleableVariant(db: Database, variantId: string) {
  if (!isUuid(variantId)) throw notFound(STOCK_ALERT_NO_VARIANT);
  const [row] = await db
    .select({ id: variants.id, stockQty: variants.stockQty, colour: variants.colour, size: variants.size, title: products.title })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.id, variantId), eq(variants.isActive, true), eq(products.isActive, true)));
  if (!row) throw notFound(STOCK_ALERT_NO_VARIANT);
  return row;
}

/** The live (not yet notified) alert of `person` for `variantId`, by the unique index's key. */
async function liveAlert(db: Database | Tx, variantId: string, person: StockAlertPerson) {
  const key = person.userId
    ? eq(stockAlerts.userId, person.userId)
    : person.email
      ? and(isNull(stockAlerts.userId), sql`lower(${stockAlerts.email}) = ${person.email.toLowerCase()}`)
      : and(isNull(stockAlerts.userId), isNull(stockAlerts.email), eq(stockAlerts.phone, person.phone ?? ''));
  const [row] = await db
    .select()
    .from(stockAlerts)
    .where(and(eq(stockAlerts.variantId, variantId), isNull(stockAlerts.notifiedAt), key));
  return row ?? null;
}

type AlertRow = typeof stockAlerts.$inferSelect;

function answer(row: AlertRow, to: string): StockAlert {
  const waiting = row.confirmedAt !== null;
  return {
    _id: row.id,
    variantId: row.variantId,
    channel: row.channel,
    status: waiting ? 'waiting' : 'code_sent',
    to,
    message: waiting ? STOCK_ALERT_WAITING : `We sent a 6-digit code to ${to}.`,
  };
}

/**
 * Puts a new code on a guest's alert (fresh tries, valid 15 minutes) and sends it: mail to an
 * e-mail, WhatsApp to a phone. Throws 502 when it cannot be sent, 400 when WhatsApp cannot carry it.
 */
async function issueCode(deps: StockAlertDeps, row: AlertRow, product: string): Promise<void> {
  const code = newCode();
  const now = deps.now();
  const set = {
    codeHash: hashCode(deps.codePepper, row.id, code),
    codeAttempts: 0,
    codeExpiresAt: new Date(now.getTime() + STOCK_ALERT_CODE_TTL_MS),
  };
  if (row.email) {
    await deps.db.update(stockAlerts).set(set).where(eq(stockAlerts.id, row.id));
    await deps.mailer.send(stockAlertCodeMail({ to: row.email, code, product })).catch(() => {
      throw badGateway('We could not send the code right now. Please try again in a minute.');
    });
  } else {
    const { stageWhatsApp } = deps;
    const sent =
      stageWhatsApp &&
      (await deps.db.transaction(async (tx) => {
        await tx.update(stockAlerts).set(set).where(eq(stockAlerts.id, row.id));
        return stageWhatsApp(tx, { kind: 'verification_code', to: row.phone ?? '', params: [code] });
      }));
    if (!sent)
      throw badRequest("We can't send a code on WhatsApp right now. Please use your e-mail.", { phone: 'Use your e-mail instead' });
  }
  deps.onCodeIssued?.(row.email ?? row.phone ?? '', code);
}

/**
 * POST /api/stock-alerts: signs `person` up for `body.variantId`. A signed-in shopper's alert is
 * waiting at once; a guest's waits for its code (sent now, or again when the last was sent over
 * 30 s ago). Signing up again answers the live alert (`created` false). `account` is the signed-in
 * shopper's phone and WhatsApp offers consent, for the channel.
 */
export async function signUpForAlert(
  deps: StockAlertDeps,
  body: StockAlertSignUp,
  person: StockAlertPerson,
): Promise<{ alert: StockAlert; created: boolean }> {
  const variant = await saleableVariant(deps.db, body.variantId);
  if (variant.stockQty > 0) throw conflict(STOCK_ALERT_IN_STOCK);
  const product = `${variant.title} (${variantLabel(variant)})`;
  let channel: StockAlertChannel;
  let to: string;
  if (person.userId) {
    const [user] = await deps.db
      .select({ email: users.email, phone: users.phone, offers: users.whatsappOffers })
      .from(users)
      .where(eq(users.id, person.userId));
    if (!user) throw notFound(STOCK_ALERT_NO_VARIANT);
    const whatsapp = Boolean(user.phone) && Boolean(deps.stageWhatsApp) && (body.channel ? body.channel === 'whatsapp' : user.offers);
    channel = whatsapp ? 'whatsapp' : 'email';
    to = channel === 'whatsapp' ? `WhatsApp ${maskContact(user.phone)}` : user.email;
  } else {
    if (!person.email && !person.phone) {
      throw badRequest('Enter your e-mail or mobile number', { email: 'Enter your e-mail or mobile number' });
    }
    if (person.phone && !deps.stageWhatsApp) {
      throw badRequest("We can't send a code on WhatsApp right now. Please use your e-mail.", { phone: 'Use your e-mail instead' });
    }
    channel = person.phone ? 'whatsapp' : 'email';
    to = maskContact(person.email ?? person.phone ?? '');
  }
  const now = deps.now();
  const [inserted] = await deps.db
    .insert(stockAlerts)
    .values({
      variantId: variant.id,
      userId: person.userId,
      email: person.userId ? null : (person.email ?? null),
      phone: person.userId ? null : (person.phone ?? null),
      channel,
      confirmedAt: person.userId ? now : null,
    })
    .onConflictDoNothing()
    .returning();
  const row = inserted ?? (await liveAlert(deps.db, variant.id, person));
  // Notified between the insert and the read (a restock just sent it): sign up again.
  if (!row) return signUpForAlert(deps, body, person);
  if (!row.confirmedAt) {
    const lastSent = row.codeExpiresAt ? row.codeExpiresAt.getTime() - STOCK_ALERT_CODE_TTL_MS : 0;
    if (inserted || now.getTime() - lastSent >= RESEND_AFTER_MS) await issueCode(deps, row, product);
  }
  return { alert: answer(row, to), created: Boolean(inserted) };
}

/**
 * POST /api/stock-alerts/{id}/confirm: checks a guest's code. The try is counted first by one
 * UPDATE that refuses an expired or used-up code, so parallel tries never pass 5; a right code sets
 * `confirmed_at` (the alert is then in line, from that moment). Confirming a confirmed alert answers it.
 */
export async function confirmAlert(deps: StockAlertDeps, id: string, code: string): Promise<StockAlert> {
  if (!isUuid(id)) throw notFound(ALERT_NOT_FOUND);
  const [row] = await deps.db
    .select()
    .from(stockAlerts)
    .where(and(eq(stockAlerts.id, id), isNull(stockAlerts.userId), isNull(stockAlerts.notifiedAt)));
  if (!row) throw notFound(ALERT_NOT_FOUND);
  const to = maskContact(row.email ?? row.phone ?? '');
  if (row.confirmedAt) return answer(row, to);
  const now = deps.now();
  if (!row.codeHash || !row.codeExpiresAt) throw badRequest(INVALID_CODE);
  if (row.codeExpiresAt.getTime() <= now.getTime()) throw badRequest(EXPIRED);
  const [counted] = await deps.db
    .update(stockAlerts)
    .set({ codeAttempts: sql`${stockAlerts.codeAttempts} + 1` })
    .where(
      and(
        eq(stockAlerts.id, id),
        isNull(stockAlerts.confirmedAt),
        gt(stockAlerts.codeExpiresAt, now),
        lt(stockAlerts.codeAttempts, STOCK_ALERT_CODE_TRIES),
      ),
    )
    .returning();
  if (!counted) {
    const [fresh] = await deps.db.select().from(stockAlerts).where(eq(stockAlerts.id, id));
    if (fresh?.confirmedAt) return answer(fresh, to);
    if (!fresh?.codeExpiresAt || fresh.codeExpiresAt.getTime() <= now.getTime()) throw badRequest(EXPIRED);
    throw badRequest(EXHAUSTED);
  }
  const expected = Buffer.from(counted.codeHash ?? '', 'hex');
  const actual = Buffer.from(hashCode(deps.codePepper, id, code), 'hex');
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
    const [confirmed] = await deps.db
      .update(stockAlerts)
      .set({ confirmedAt: now, codeHash: null, codeExpiresAt: null })
      .where(and(eq(stockAlerts.id, id), isNull(stockAlerts.confirmedAt)))
      .returning();
    const [done] = confirmed ? [confirmed] : await deps.db.select().from(stockAlerts).where(eq(stockAlerts.id, id));
    return answer(done, to);
  }
  const left = STOCK_ALERT_CODE_TRIES - counted.codeAttempts;
  if (left > 0) throw badRequest(`Invalid code. ${left} attempt${left === 1 ? '' : 's'} left.`, { code: 'Wrong code' });
  throw badRequest(EXHAUSTED);
}

/** DELETE /api/stock-alerts/{id}: a signed-in shopper leaves their live alert. 404 for any other. */
export async function leaveAlert(db: Database, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(ALERT_NOT_FOUND);
  const gone = await db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.id, id), eq(stockAlerts.userId, userId), isNull(stockAlerts.notifiedAt)))
    .returning({ id: stockAlerts.id });
  if (gone.length === 0) throw notFound(ALERT_NOT_FOUND);
}

/** GET /api/stock-alerts/mine?productId=: the live alerts of a signed-in shopper on a product's sizes. */
export async function myAlerts(db: Database, userId: string, productId: string): Promise<{ _id: string; variantId: string }[]> {
  return db
    .select({ _id: stockAlerts.id, variantId: stockAlerts.variantId })
    .from(stockAlerts)
    .innerJoin(variants, eq(variants.id, stockAlerts.variantId))
    .where(and(eq(stockAlerts.userId, userId), isNull(stockAlerts.notifiedAt), eq(variants.productId, productId)));
}

/** GET /api/admin/stock-alerts/waiting?productId=: confirmed alerts waiting per size of a product. */
export async function waitingAlerts(db: Database, productId: string): Promise<{ variantId: string; waiting: number }[]> {
  return db
    .select({ variantId: stockAlerts.variantId, waiting: sql<number>`count(*)::int` })
    .from(stockAlerts)
    .innerJoin(variants, eq(variants.id, stockAlerts.variantId))
    .where(and(eq(variants.productId, productId), isNull(stockAlerts.notifiedAt), sql`${stockAlerts.confirmedAt} is not null`))
    .groupBy(stockAlerts.variantId);
}
