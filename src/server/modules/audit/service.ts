/**
 * The audit log's reading side (docs/architecture.md#audit-log): a filtered page of rows, newest
 * first, by keyset on (at, id) (the index audit_log_at_idx), the same rows as CSV, and the people
 * who appear in the log. The writer is record.ts. Never sees HTTP.
 */
import { and, desc, eq, gte, isNotNull, like, lt, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { istDateTime, istDayEnd, istDayStart } from '../../../core/india-time';
import {
  CURSOR_RE,
  isActionPrefix,
  type ActivityEntry,
  type ActivityFilters,
  type ActivityPage,
  type ActivityPerson,
  type ActivityQuery,
  changeLine,
} from '../../../core/schemas/audit';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Escapes LIKE's wildcards so a prefix filter matches literally. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE conditions of `filters` (dates are India days, both ends included). */
function conditions(filters: ActivityFilters): SQL[] {
  const conds: SQL[] = [];
  if (filters.actorId) conds.push(eq(auditLog.actorId, filters.actorId));
  if (filters.entity) conds.push(eq(auditLog.entity, filters.entity));
  if (filters.entityId) conds.push(eq(auditLog.entityId, filters.entityId));
  if (filters.action) {
    conds.push(isActionPrefix(filters.action) ? like(auditLog.action, likePrefix(filters.action)) : eq(auditLog.action, filters.action));
  }
  if (filters.from) conds.push(gte(auditLog.at, istDayStart(filters.from)));
  if (filters.to) conds.push(lt(auditLog.at, istDayEnd(filters.to)));
  return conds;
}

/** The row's time to the microsecond (a JS Date keeps milliseconds only), UTC: the cursor's half. */
const atMicros = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Up to `limit` rows matching `conds`, newest first, after the cursor `after` ('<at>_<id>'). */
async function pageOf(db: Database, conds: SQL[], after: string | undefined, limit: number) {
  const cursor = after ? CURSOR_RE.exec(after) : null;
  const where = [...conds];
  if (cursor) where.push(sql`(${auditLog.at}, ${auditLog.id}) < (${cursor[1]}::timestamptz, ${cursor[2]}::uuid)`);
  return db
    .select({ row: auditLog, atMicros })
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof pageOf>>[number];

const toEntry = ({ row }: Row): ActivityEntry => ({
  _id: row.id,
  at: row.at.toISOString(),
  actor: { id: row.actorId, name: row.actorName, email: row.actorEmail, role: row.actorRole },
  ip: row.ip,
  action: row.action,
  entity: row.entity,
  entityId: row.entityId,
  summary: row.summary,
  changes: row.changes,
});

/**
 * GET /api/admin/activity: `query.limit` rows matching the filters, newest first, after
 * `query.cursor`; `nextCursor` names the last row when more may follow (null on the last page).
 */
export async function listActivity(db: Database, query: ActivityQuery): Promise<ActivityPage> {
  const rows = await pageOf(db, conditions(query), query.cursor, query.limit + 1);
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  return { entries: page.map(toEntry), nextCursor: more && last ? `${last.atMicros}_${last.row.id}` : null };
}

/** The CSV's columns: when in India time, who, what. */
const CSV_HEADER = ['When (India time)', 'Person', 'E-mail', 'Role', 'IP address', 'Action', 'Entity', 'Entity id', 'Summary', 'Changes'];

/**
 * GET /api/admin/activity.csv: every row matching the filters, newest first, as CSV text in chunks
 * of `batchSize` rows (read page by page, so memory stays flat), after a byte order mark and a header.
 * Changes read 'field: before → after; ...'.
 */
export async function* activityCsv(db: Database, filters: ActivityFilters, batchSize = 500): AsyncGenerator<string> {
  yield `\uFEFF${stringify([CSV_HEADER], { record_delimiter: 'windows' })}`;
  const conds = conditions(filters);
  let cursor: string | undefined;
  for (;;) {
    const rows = await pageOf(db, conds, cursor, batchSize);
    if (rows.length === 0) return;
    yield stringify(
      rows.map(({ row }) => [
        istDateTime(row.at),
        row.actorName,
        row.actorEmail,
        row.actorRole,
        row.ip,
        row.action,
        row.entity,
        row.entityId,
        row.summary,
        Object.entries(row.changes)
          .map(([field, change]) => changeLine(field, change))
          .join('; '),
      ]),
      { record_delimiter: 'windows' },
    );
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    cursor = `${last.atMicros}_${last.row.id}`;
  }
}

/** GET /api/admin/activity/people: each account that appears in the log, with its latest name and role. */
export async function listActivityPeople(db: Database): Promise<ActivityPerson[]> {
  const rows = await db
    .selectDistinctOn([auditLog.actorId], {
      id: auditLog.actorId,
      name: auditLog.actorName,
      email: auditLog.actorEmail,
      role: auditLog.actorRole,
    })
    .from(auditLog)
    .where(isNotNull(auditLog.actorId))
    .orderBy(auditLog.actorId, desc(auditLog.at));
  return rows
    .map((r) => ({ id: r.id!, name: r.name, email: r.email, role: r.role }))
    .sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email));
}
