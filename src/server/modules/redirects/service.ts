/**
 * The old shop's addresses kept as redirects (docs/architecture.md#redirects): the owner's list,
 * add, edit, delete and CSV upload of the `redirects` table. A redirect never points to itself nor
 * into a loop: every write takes one advisory lock, reads the table and follows the new target's
 * chain (through the table and the Shopify address forms, `shopifyAddress`) before it is kept.
 * Each write appends its audit row in its own transaction.
 */
import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import {
  REDIRECTS_PAGE_SIZE,
  REDIRECT_TO_ITSELF,
  redirectInputSchema,
  type AdminRedirect,
  type AdminRedirectList,
  type RedirectBody,
  type RedirectImportResult,
} from '../../../core/schemas/redirects';
import { escapeLike } from '../../db/like';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { redirects } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { changesBetween, recordAudit, type AuditActor } from '../audit/record';
import type { CsvReader } from '../import/csv';
import { shopifyAddress } from './shopify-addresses';

type Row = typeof redirects.$inferSelect;

const REDIRECT_NOT_FOUND = 'Redirect not found';
const taken = (from: string) => `A redirect from ${from} already exists`;

function toAdmin(row: Row): AdminRedirect {
  return { _id: row.id, fromPath: row.fromPath, toPath: row.toPath, source: row.source, updatedAt: row.updatedAt.toISOString() };
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */

/** GET /api/admin/redirects: by old address, 50 a page, filtered by a text in either path. */
export async function listRedirects(db: Database, query: { search: string; page: number }): Promise<AdminRedirectList> {
  const pattern = `%${escapeLike(query.search)}%`;
  const where = query.search ? or(ilike(redirects.fromPath, pattern), ilike(redirects.toPath, pattern)) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(redirects).where(where);
  const totalPages = Math.max(1, Math.ceil(total / REDIRECTS_PAGE_SIZE));
  const rows = await db
    .select()
    .from(redirects)
    .where(where)
    .orderBy(asc(redirects.fromPath))
    .limit(REDIRECTS_PAGE_SIZE)
    .offset((query.page - 1) * REDIRECTS_PAGE_SIZE);
  return { redirects: rows.map(toAdmin), currentPage: query.page, totalPages, total };
}

/** Every redirect as old path → new path: what the storefront's look-up keeps in memory. */
export async function redirectTable(db: Tx): Promise<Map<string, string>> {
  const rows = await db.select({ from: redirects.fromPath, to: redirects.toPath }).from(redirects);
  return new Map(rows.map((r) => [r.from, r.to]));
}

/** Serialises redirect writes, so two saves cannot make a loop together (released at commit). */
async function lockRedirects(tx: Tx): Promise<Map<string, string>> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('redirects'))`);
  return redirectTable(tx);
}

/** The next address a visitor to `path` is sent to: a kept redirect first, else a Shopify address form. */
function nextHop(table: Map<string, string>, path: string): string | null {
  const to = table.get(path);
  if (to !== undefined) return to;
  return shopifyAddress(path)?.path ?? null;
}

/**
 * Why `from` → `to` cannot be kept given `table` (the other redirects), or null: it points to
 * itself, or following `to` (through the table and the Shopify forms) comes back to `from`.
 */
export function loopProblem(table: Map<string, string>, from: string, to: string): string | null {
  const chain = [from];
  let at: string | null = to;
  const seen = new Set<string>([from]);
  while (at !== null) {
    const path = at
      .split(/[?#]/)[0]
      .toLowerCase()
      .replace(/(.)\/+$/, '$1');
    chain.push(path);
    if (path === from) return chain.length === 2 ? REDIRECT_TO_ITSELF : `This redirect would loop: ${chain.join(' → ')}`;
    if (seen.has(path)) return null; // an old loop elsewhere, not through this redirect
    seen.add(path);
    at = nextHop(table, path);
  }
  return null;
}

function assertNoLoop(table: Map<string, string>, body: RedirectBody): void {
  const problem = loopProblem(table, body.fromPath, body.toPath);
  if (problem) throw badRequest(problem, { toPath: problem });
}

/** POST /api/admin/redirects: 409 when the old address already has one; 400 for a loop. */
export async function createRedirect(db: Database, actor: AuditActor, body: RedirectBody): Promise<AdminRedirect> {
  try {
    return await db.transaction(async (tx) => {
      const table = await lockRedirects(tx);
      if (table.has(body.fromPath)) throw conflict(taken(body.fromPath));
      assertNoLoop(table, body);
      const [row] = await tx.insert(redirects).values({ fromPath: body.fromPath, toPath: body.toPath, source: 'manual' }).returning();
      await recordAudit(tx, actor, {
        action: 'redirect.create',
        entity: 'redirect',
        entityId: row.id,
        summary: `Redirect ${row.fromPath} → ${row.toPath}`,
        changes: changesBetween(null, { fromPath: row.fromPath, toPath: row.toPath }),
      });
      return toAdmin(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(taken(body.fromPath));
    throw err;
  }
}

/** PUT /api/admin/redirects/{id}: 404 when missing, 409 when the new old address has another one. */
export async function updateRedirect(db: Database, actor: AuditActor, id: string, body: RedirectBody): Promise<AdminRedirect> {
  try {
    return await db.transaction(async (tx) => {
      const table = await lockRedirects(tx);
      const [before] = await tx.select().from(redirects).where(eq(redirects.id, id));
      if (!before) throw notFound(REDIRECT_NOT_FOUND);
      table.delete(before.fromPath);
      if (table.has(body.fromPath)) throw conflict(taken(body.fromPath));
      assertNoLoop(table, body);
      const [row] = await tx
        .update(redirects)
        .set({ fromPath: body.fromPath, toPath: body.toPath, updatedAt: new Date() })
        .where(eq(redirects.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'redirect.update',
        entity: 'redirect',
        entityId: id,
        summary: `Redirect ${row.fromPath} → ${row.toPath}`,
        changes: changesBetween({ fromPath: before.fromPath, toPath: before.toPath }, { fromPath: row.fromPath, toPath: row.toPath }),
      });
      return toAdmin(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(taken(body.fromPath));
    throw err;
  }
}

/** DELETE /api/admin/redirects/{id}: 404 when missing. */
export async function deleteRedirect(db: Database, actor: AuditActor, id: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning();
    if (!row) throw notFound(REDIRECT_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: 'redirect.delete',
      entity: 'redirect',
      entityId: id,
      summary: `Redirect ${row.fromPath} → ${row.toPath} removed`,
      changes: changesBetween({ fromPath: row.fromPath, toPath: row.toPath }, null),
    });
    return { message: 'Redirect deleted' };
  });
}

/** The header names a redirects CSV may use: Shopify's URL redirect export, or plain from/to. */
const FROM_COLUMNS = ['redirect from', 'from'];
const TO_COLUMNS = ['redirect to', 'to'];
export const REDIRECT_CSV_COLUMNS = 'The file needs the columns "Redirect from" and "Redirect to" (or "from" and "to")';

/** Most rows one upload may hold. */
const MAX_ROWS = 20_000;

/**
 * POST /api/admin/redirects/import: each row of a redirects CSV (`reader`, readCsv) checked like a
 * form (paths, itself, loops with the table and the rows before it); the good rows are written
 * (an old address already kept gets the new target), bad ones are listed with their line. Writes
 * nothing and throws 400 when the columns are missing. One transaction, one audit row.
 */
export async function importRedirects(db: Database, actor: AuditActor, reader: CsvReader): Promise<RedirectImportResult> {
  const names = new Map(reader.header.map((h) => [h.trim().toLowerCase(), h]));
  const fromCol = FROM_COLUMNS.map((c) => names.get(c)).find(Boolean);
  const toCol = TO_COLUMNS.map((c) => names.get(c)).find(Boolean);
  if (!fromCol || !toCol) throw badRequest(REDIRECT_CSV_COLUMNS);
  const rows: { line: number; from: string; to: string }[] = [];
  for await (const row of reader.rows) {
    if (rows.length >= MAX_ROWS) throw badRequest(`A file may hold at most ${MAX_ROWS} redirects: split it in two`);
    rows.push({ line: row.line, from: row.cells[fromCol] ?? '', to: row.cells[toCol] ?? '' });
  }
  const problems = [...reader.skipped];
  return db.transaction(async (tx) => {
    const table = await lockRedirects(tx);
    const writes = new Map<string, string>();
    for (const row of rows) {
      if (!row.from.trim() && !row.to.trim()) continue;
      const parsed = redirectInputSchema.safeParse({ fromPath: row.from, toPath: row.to });
      if (!parsed.success) {
        problems.push({ line: row.line, message: parsed.error.issues[0].message });
        continue;
      }
      const body = parsed.data;
      const previous = table.get(body.fromPath);
      table.delete(body.fromPath);
      const problem = loopProblem(table, body.fromPath, body.toPath);
      if (problem) {
        if (previous !== undefined) table.set(body.fromPath, previous);
        problems.push({ line: row.line, message: problem });
        continue;
      }
      table.set(body.fromPath, body.toPath);
      writes.set(body.fromPath, body.toPath);
    }
    let created = 0;
    let updated = 0;
    for (const [fromPath, toPath] of writes) {
      const [row] = await tx
        .insert(redirects)
        .values({ fromPath, toPath, source: 'import' })
        .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath, source: 'import', updatedAt: new Date() } })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      if (row.inserted) created += 1;
      else updated += 1;
    }
    problems.sort((a, b) => a.line - b.line);
    await recordAudit(tx, actor, {
      action: 'redirect.import',
      entity: 'redirect',
      summary: `Redirects uploaded: ${created} added, ${updated} changed, ${problems.length} rows left out`,
      changes: {
        created: { before: null, after: created },
        updated: { before: null, after: updated },
        problems: { before: null, after: problems.length },
      },
    });
    return { created, updated, problems };
  });
}
