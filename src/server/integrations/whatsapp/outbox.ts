/**
 * The WhatsApp outbox (docs/architecture.md#whatsapp): a template message is written into
 * `whatsapp_messages` in the transaction of the change it tells of (`stageWhatsApp`), so it exists
 * exactly when that change does, and goes to Meta's WhatsApp Business Cloud API after the commit.
 *
 * Delivery: the background job (src/server/jobs.ts) runs `deliverDue` every few seconds; a caller
 * that wants its message out at once may call `app.whatsapp.kick()` after its commit (optional; it
 * only runs `deliverDue` sooner). Rows are claimed with SKIP LOCKED and a five-minute lease, so two
 * instances never send one message twice; 429, 5xx and network errors are retried with backoff (30 s
 * doubling, at most an hour apart, like mail); a permanent 4xx marks the row 'failed' with the
 * error, as does the tenth failed attempt.
 *
 * Consent (docs/architecture.md#whatsapp): the template comes from the settings
 * (`shop_settings.whatsapp_templates[kind]`); marketing kinds need the account's offers consent and
 * never go to a number that sent STOP; service kinds need the account's updates consent. Without a
 * userId (a guest who gave a number for this very message) consent is the caller's.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { normaliseIndianMobile } from '../../../core/phone';
import { WHATSAPP_MARKETING_KINDS, type WhatsAppKind, type WhatsAppTemplate } from '../../../core/whatsapp';
import type { Database, Tx } from '../../db/client';
import { shopSettings, users, whatsappMessages, whatsappOptOuts } from '../../db/schema';

/** A message to stage: its kind, the shopper's number, the template's parameters and buttons. */
export interface WhatsAppMessageInput {
  kind: WhatsAppKind;
  /** A phone as the shop stores it (9845012345, +91 98450 12345, 919845012345); normalised to 919845012345. */
  to: string;
  /** The template body's {{1}}, {{2}}, … in order. */
  params: string[];
  /** Button parameters, index = the button's position in the template. */
  buttons?: { type: 'quick_reply'; payload: string }[] | { type: 'url'; suffix: string }[];
  orderId?: string;
  userId?: string;
}

export type StageResult =
  { staged: true; id: string } | { staged: false; reason: 'no_template' | 'no_consent' | 'opted_out' | 'bad_number' };

/** A template component as the Cloud API takes it (body parameters, button parameters). */
export type TemplateComponent =
  | { type: 'body'; parameters: { type: 'text'; text: string }[] }
  | { type: 'button'; sub_type: 'quick_reply'; index: string; parameters: { type: 'payload'; payload: string }[] }
  | { type: 'button'; sub_type: 'url'; index: string; parameters: { type: 'text'; text: string }[] };

/**
 * The number in the form the Cloud API and the outbox use (91 and ten digits), or null when it is
 * not an Indian mobile number (ten digits starting 6–9 after normalising).
 */
export function whatsappNumber(phone: string): string | null {
  const digits = normaliseIndianMobile(phone);
  return /^[6-9]\d{9}$/.test(digits) ? `91${digits}` : null;
}

/**
 * A parameter as the Cloud API accepts it: no new lines or tabs and at most four spaces in a row
 * (else it answers error 132018), not empty, at most 1024 characters.
 */
export function templateText(value: string): string {
  const text = value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {5,}/g, '    ')
    .trim()
    .slice(0, 1024);
  return text === '' ? '-' : text;
}

/** The template components for the body parameters and button parameters (Cloud API format). */
export function templateComponents(params: string[], buttons: WhatsAppMessageInput['buttons'] = []): TemplateComponent[] {
  const components: TemplateComponent[] = [];
  if (params.length > 0) components.push({ type: 'body', parameters: params.map((p) => ({ type: 'text', text: templateText(p) })) });
  buttons.forEach((button, i) => {
    if (button.type === 'quick_reply') {
      components.push({
        type: 'button',
        sub_type: 'quick_reply',
        index: String(i),
        parameters: [{ type: 'payload', payload: button.payload }],
      });
    } else {
      components.push({ type: 'button', sub_type: 'url', index: String(i), parameters: [{ type: 'text', text: button.suffix }] });
    }
  });
  return components;
}

/** True when the kind is a marketing message (offers consent; STOP ends it). */
export const isMarketingKind = (kind: WhatsAppKind) => WHATSAPP_MARKETING_KINDS.includes(kind);

/**
 * Writes the message into whatsapp_messages in the caller's transaction; it is sent after the
 * commit (see the module's note). Resolves `{ staged: false, reason }` instead when the kind has no
 * template in the settings ('no_template': the caller mails instead), the account has not agreed
 * ('no_consent'), a marketing message's number sent STOP ('opted_out') or the number is not an
 * Indian mobile ('bad_number'). Never throws for those; a database error throws.
 */
export async function stageWhatsApp(tx: Tx, input: WhatsAppMessageInput): Promise<StageResult> {
  const [settings] = await tx.select({ templates: shopSettings.whatsappTemplates }).from(shopSettings).limit(1);
  const template = settings?.templates[input.kind];
  if (!template?.name || !template.language) return { staged: false, reason: 'no_template' };
  const to = whatsappNumber(input.to);
  if (!to) return { staged: false, reason: 'bad_number' };
  const marketing = isMarketingKind(input.kind);
  if (input.userId) {
    const [user] = await tx
      .select({ updates: users.whatsappUpdates, offers: users.whatsappOffers })
      .from(users)
      .where(eq(users.id, input.userId));
    if (!user || !(marketing ? user.offers : user.updates)) return { staged: false, reason: 'no_consent' };
  }
  if (marketing) {
    const [out] = await tx.select({ phone: whatsappOptOuts.phone }).from(whatsappOptOuts).where(eq(whatsappOptOuts.phone, to));
    if (out) return { staged: false, reason: 'opted_out' };
  }
  const [row] = await tx
    .insert(whatsappMessages)
    .values({
      to,
      kind: input.kind,
      templateName: template.name,
      language: template.language,
      components: templateComponents(input.params, input.buttons),
      marketing,
      orderId: input.orderId ?? null,
      userId: input.userId ?? null,
    })
    .returning({ id: whatsappMessages.id });
  return { staged: true, id: row.id };
}

/**
 * `stageWhatsApp` for a service message whose template the caller already read from the cached
 * settings (the order placement, which keeps its transaction to a few statements): one INSERT …
 * SELECT that writes the message only when the account agreed to order updates. Resolves whether it
 * was staged ('bad_number' when the number is not an Indian mobile).
 */
export async function stageServiceWhatsApp(
  tx: Tx,
  template: WhatsAppTemplate,
  input: WhatsAppMessageInput & { userId: string },
): Promise<StageResult> {
  if (isMarketingKind(input.kind)) throw new TypeError(`${input.kind} is a marketing message: use stageWhatsApp`);
  const to = whatsappNumber(input.to);
  if (!to) return { staged: false, reason: 'bad_number' };
  const components = JSON.stringify(templateComponents(input.params, input.buttons));
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into ${whatsappMessages} (${sql.identifier('to')}, ${sql.identifier('kind')}, ${sql.identifier('template_name')}, ${sql.identifier('language')}, ${sql.identifier('components')}, ${sql.identifier('order_id')}, ${sql.identifier('user_id')})
    select ${to}, ${input.kind}, ${template.name}, ${template.language}, ${components}::jsonb, ${input.orderId ?? null}::uuid, ${users.id}
    from ${users} where ${users.id} = ${input.userId}::uuid and ${users.whatsappUpdates}
    returning ${sql.identifier('id')}`);
  return rows[0] ? { staged: true, id: rows[0].id } : { staged: false, reason: 'no_consent' };
}

/** A staged message as the sender reads it. */
export type WhatsAppMessageRow = typeof whatsappMessages.$inferSelect;

/**
 * What sending one message answered: the wamid, or an error that is retried later (`retry: true`:
 * 429, 5xx, network) or final (a 4xx other than 429: a bad number, an unknown template).
 */
export type SendOutcome = { ok: true; wamid: string } | { ok: false; retry: boolean; error: string };

/** Sends one template message (the Cloud API client, or the stand-in through it). */
export type WhatsAppSend = (message: { to: string; templateName: string; language: string; components: unknown[] }) => Promise<SendOutcome>;

const LEASE_MS = 5 * 60_000;
const LEASE = sql.raw(`interval '${LEASE_MS / 1000} seconds'`);
/** Attempts after which a message that keeps failing is given up as 'failed'. */
export const MAX_ATTEMPTS = 10;
/** Wait before the next attempt after `attempts` tries: 30 s doubling, at most an hour (as mail). */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

export interface WhatsAppSender {
  /** Sends every due queued message (up to 50 per call); resolves with how many went and how many failed. */
  deliverDue(): Promise<{ sent: number; failed: number }>;
  /** Runs `deliverDue` soon (after a commit that staged a message); never throws, runs one at a time. */
  kick(): void;
}

/** The sender over a database and a send function; `log` hears of failures (never the token). */
export function createWhatsAppSender(db: Database, send: WhatsAppSend, log?: { warn(obj: object, msg: string): void }): WhatsAppSender {
  async function attempt(row: WhatsAppMessageRow): Promise<boolean> {
    let outcome: SendOutcome;
    try {
      outcome = await send({ to: row.to, templateName: row.templateName, language: row.language, components: row.components });
    } catch (err) {
      outcome = { ok: false, retry: true, error: err instanceof Error ? err.message : String(err) };
    }
    if (outcome.ok) {
      // A status webhook may have come before this update (the stand-in is quick): keep a later status.
      await db
        .update(whatsappMessages)
        .set({
          providerMessageId: outcome.wamid,
          status: sql`case when ${whatsappMessages.status} = 'queued' then 'sent' else ${whatsappMessages.status} end`,
          sentAt: sql`now()`,
          lastError: null,
        })
        .where(eq(whatsappMessages.id, row.id));
      return true;
    }
    const final = !outcome.retry || row.attempts >= MAX_ATTEMPTS;
    log?.warn({ whatsappMessageId: row.id, attempts: row.attempts, err: outcome.error, final }, 'WhatsApp send failed');
    await db
      .update(whatsappMessages)
      .set(
        final
          ? { status: 'failed', statusAt: sql`now()`, lastError: outcome.error.slice(0, 500) }
          : { lastError: outcome.error.slice(0, 500), nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)) },
      )
      .where(and(eq(whatsappMessages.id, row.id), eq(whatsappMessages.status, 'queued')));
    return false;
  }

  async function deliverDue() {
    const claimed = await db.execute<{ id: string }>(sql`
      update ${whatsappMessages} set ${sql.identifier('attempts')} = ${whatsappMessages.attempts} + 1, ${sql.identifier('next_attempt_at')} = now() + ${LEASE}
      where ${whatsappMessages.id} in (
        select ${whatsappMessages.id} from ${whatsappMessages}
        where ${whatsappMessages.status} = 'queued' and ${whatsappMessages.nextAttemptAt} <= now()
        order by ${whatsappMessages.nextAttemptAt} limit 50 for update skip locked
      ) returning ${whatsappMessages.id}`);
    const ids = claimed.rows.map((r) => r.id);
    if (ids.length === 0) return { sent: 0, failed: 0 };
    const rows = await db
      .select()
      .from(whatsappMessages)
      .where(and(inArray(whatsappMessages.id, ids), eq(whatsappMessages.status, 'queued')))
      .orderBy(whatsappMessages.createdAt);
    let sent = 0;
    let failed = 0;
    for (const row of rows) {
      if (await attempt(row)) sent++;
      else failed++;
    }
    return { sent, failed };
  }

  let running: Promise<unknown> | null = null;
  let again = false;
  function kick() {
    if (running) {
      again = true;
      return;
    }
    running = deliverDue()
      .catch((err: unknown) => log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'WhatsApp delivery failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return { deliverDue, kick };
}
