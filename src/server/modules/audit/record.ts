/**
 * The audit log's one writer (docs/architecture.md#audit-log). Every admin write, sign-in and
 * failed sign-in appends one `audit_log` row through `recordAudit`, called with the transaction of
 * the change it records so there is never a change without its row (nor a row without its change).
 * The table is append-only (a trigger refuses UPDATE and DELETE, migration 0032).
 */
import type { FastifyRequest } from 'fastify';
import { auditLog } from '../../db/schema';
import type { Tx } from '../../db/client';

/** Who did it: copied onto the row, so a removed account's rows keep their name and role. */
export interface AuditActor {
  id: string | null;
  name: string;
  email: string;
  /** The role at the time: a staff role, 'customer', 'system' for jobs, '' for nobody known. */
  role: string;
  ip: string;
}

/** One field's change; values as JSON (money in paise, as stored). */
export interface FieldChange {
  before: unknown;
  after: unknown;
}
export type Changes = Record<string, FieldChange>;

/** What was done. `action` is `entity.verb` in kebab-case words, e.g. 'product.update', 'order.refund'. */
export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string;
  /** One line a person reads in /admin/activity, e.g. 'Refund ₹1,200.00 to the original payment'. */
  summary?: string;
  changes?: Changes;
}

/** The actor of background jobs and the payment/courier webhooks' effects. */
export const SYSTEM_ACTOR: AuditActor = { id: null, name: 'System', email: '', role: 'system', ip: '' };

/**
 * The signed-in staff member of an admin request as an audit actor (request.ip honours TRUST_PROXY
 * only from configured proxies). A request with no signed-in user (a failed sign-in) gives an
 * actor with no id and an empty role.
 */
export function auditActor(request: FastifyRequest): AuditActor {
  const user = request.currentUser;
  return user
    ? { id: user.id, name: user.name, email: user.email, role: user.role, ip: request.ip }
    : { id: null, name: '', email: '', role: '', ip: request.ip };
}

/** Field names whose values never reach the log: only that they changed ('(hidden)'). */
const SECRET_FIELD = /password|secret|token|otp|recovery|apiKey|api_key|keySecret|hash/i;
export const HIDDEN = '(hidden)';

/**
 * The fields of `after` whose value differs from `before` (compared as JSON), as
 * { field: { before, after } }; fields named like a secret (password, secret, token, hash, ...)
 * are recorded as '(hidden)' on both sides. `omit` leaves out bookkeeping fields (updatedAt, ...).
 * Pass whole rows or the fields the request sent; absent fields on either side read as null.
 */
export function changesBetween(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  omit: readonly string[] = ['updatedAt', 'createdAt', 'updatedBy'],
): Changes {
  const out: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (omit.includes(key)) continue;
    const b = before?.[key] ?? null;
    const a = after?.[key] ?? null;
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    out[key] = SECRET_FIELD.test(key) ? { before: HIDDEN, after: HIDDEN } : { before: b, after: a };
  }
  return out;
}

/** Appends one row to the audit log inside `tx` (the change's own transaction). */
export async function recordAudit(tx: Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    actorEmail: actor.email,
    actorRole: actor.role,
    ip: actor.ip,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? '',
    summary: entry.summary ?? '',
    changes: entry.changes ?? {},
  });
}
