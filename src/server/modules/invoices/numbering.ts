/**
 * GST invoice numbers (docs/architecture.md#invoice-and-credit-note-numbers: one gapless series per financial year, CGST Rules 2017
 * rule 46(b)), given just after an order's transaction commits rather than inside it.
 *
 * Why not in the order's transaction: a gapless series has one counter row per financial year, and
 * whoever counts it up holds its row lock until their transaction commits. Inside the placement that
 * meant every checkout of the shop queued behind the previous one's round trip back to the shop and
 * its COMMIT: under 50 shoppers at once the placement statement waited 156 ms on average for that
 * lock (PostgreSQL's statement log, `npm run bench`, 26 Nov 2026), and the shop could not place more
 * than about 200 orders a second whatever its CPU.
 *
 * How: `placeOrder` writes the order with `invoice_due`; its caller, once committed, asks for the
 * order's number. One statement numbers every order waiting for one (locked with SKIP LOCKED, so two
 * instances never number the same order), oldest first, counts the year's row up by as many and
 * commits on its own: the counter row is locked for one statement of the database's own time, and
 * one run numbers all the orders committed while the previous run was out. A call that arrives while
 * a run is out first looks for its order in that run's answer (under load the run usually started
 * after the order committed, and found it); otherwise it shares the next run with the others. A
 * number is used only by the statement that writes it to an order, so the series stays gapless; an
 * order whose number was not given (the shop stopped between the commit and the run) is numbered by
 * the next run from any instance (jobs.ts runs one every 30 s).
 * Orders placed before invoices existed have no number and are not due: they stay without one.
 *
 * The financial year is the one the order was placed in (India time), as `financialYearOf` says.
 */
import { sql } from 'drizzle-orm';
import { IST_SQL_INTERVAL } from '../../../core/india-time';
import { fixedStatement, type Database } from '../../db/client';
import { documentSequences, orders } from '../../db/schema';

export interface InvoiceNumbering {
  /**
   * Numbers every order due a number (this one among them), then returns `orderId`'s invoice number.
   * Null when the run failed (logged; the order keeps waiting for the next run) or the order has none.
   */
  numberFor(orderId: string): Promise<string | null>;
  /** Numbers every order due a number; resolves with how many it numbered. Throws what the database throws. */
  numberDue(): Promise<number>;
}

/**
 * The numbering statement; its value is the invoice `prefix`. The financial year's first calendar
 * year is the year of the order's time in India (UTC+05:30) three months earlier: April to March.
 * A `fixedStatement`, as is the read of one order's number below: prepared once per connection
 * rather than parsed and planned on each of the thousands of runs a busy hour makes.
 */
const numberingStatement = fixedStatement(sql`with due as materialized (
      select ${orders.id} as id, ${orders.createdAt} as created_at,
        extract(year from (${orders.createdAt} at time zone 'UTC') + ${sql.raw(IST_SQL_INTERVAL)} - interval '3 months')::int as fy_start
      from ${orders} where ${orders.invoiceDue}
      order by ${orders.createdAt}, ${orders.id}
      for update skip locked
    ),
    years as (
      select fy_start, fy_start::text || '-' || lpad(((fy_start + 1) % 100)::text, 2, '0') as fy, count(*)::int as n
      from due group by fy_start
    ),
    counted as (
      insert into ${documentSequences} (series, financial_year, last)
      select 'invoice', fy, n from years
      on conflict (series, financial_year) do update set last = ${documentSequences}.last + excluded.last
      returning financial_year, last
    ),
    ranked as (
      select due.id, years.fy, counted.last - years.n + row_number() over (partition by due.fy_start order by due.created_at, due.id) as seq
      from due join years using (fy_start) join counted on counted.financial_year = years.fy
    )
    update ${orders} set invoice_number = ${sql.placeholder('prefix')}::text || '/' || ranked.fy || '/' || lpad(ranked.seq::text, greatest(5, length(ranked.seq::text)), '0'),
      invoice_due = false
    from ranked where ${orders.id} = ranked.id
    returning ${orders.id} as id, ${orders.invoiceNumber} as invoice_number`);

/** An order's invoice number, once whoever numbers it has committed (FOR SHARE waits for that). */
const numberOf = fixedStatement(
  sql`select ${orders.invoiceNumber} as invoice_number from ${orders} where ${orders.id} = ${sql.placeholder('orderId')}::uuid for share`,
);

/**
 * The numbering of one database handle. `invoicePrefix` reads the shop's current prefix (settings,
 * cached); `log` reports a failed run.
 */
export function createInvoiceNumbering(
  db: Database,
  invoicePrefix: () => Promise<string>,
  log?: { error(obj: object, msg: string): void },
): InvoiceNumbering {
  /** The run not started yet that new calls join; the last one started, and its numbers once back. */
  let next: Promise<Map<string, string>> | null = null;
  let out: Promise<Map<string, string> | null> | null = null;

  async function run(): Promise<Map<string, string>> {
    const { rows } = await db.execute<{ id: string; invoice_number: string }>(numberingStatement({ prefix: await invoicePrefix() }));
    return new Map(rows.map((row) => [row.id, row.invoice_number]));
  }

  /** The next run: every order committed before it starts is numbered by it (or was before). */
  function nextRun(): Promise<Map<string, string>> {
    // Without a run waiting to start, every run has started: the next one follows the last.
    next ??= (out ?? Promise.resolve()).then(() => {
      next = null;
      const result = run();
      out = result.catch(() => null);
      return result;
    });
    return next;
  }

  return {
    async numberFor(orderId) {
      try {
        // The run out now started before this call, yet under load it has usually found the order
        // committed: then the order's number is in its answer, and no other run or read is needed.
        const earlier = await out;
        const number = earlier?.get(orderId) ?? (await nextRun()).get(orderId);
        if (number) return number;
        // Numbered by an earlier run, or being numbered by another instance's run, which holds the
        // order's row lock until it commits: FOR SHARE waits for that and reads its number.
        const { rows } = await db.execute<{ invoice_number: string | null }>(numberOf({ orderId }));
        return rows[0]?.invoice_number ?? null;
      } catch (err) {
        log?.error({ err, orderId }, 'invoice numbering failed; the next run numbers the order');
        return null;
      }
    },
    async numberDue() {
      return (await nextRun()).size;
    },
  };
}
