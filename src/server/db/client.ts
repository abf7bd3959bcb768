/**
 * Opens the database: PostgreSQL through `pg` when DATABASE_URL is set, else embedded PGlite in
 * DATA_DIR/db (docs/architecture.md#configuration). Both are driven through one Drizzle API. PGlite and its
 * Drizzle driver are imported only when the shop runs on it (about 6 MB of memory a shop on
 * PostgreSQL never uses).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getTableColumns, is, Param, Placeholder, SQL, StringChunk, type Column } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import { PgDialect, PgTransaction, type PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/** The Drizzle handle every service uses (PGlite is driven through the same API). */
export type Database = NodePgDatabase<typeof schema>;

/**
 * Statements built and prepared once per database handle: `build(db)` runs on the first
 * call for a handle and its result is kept for that handle's life. Building a query with Drizzle
 * costs the shop more CPU than PostgreSQL takes to run a simple one, and PostgreSQL keeps a prepared
 * statement's plan. Only for statements run on the database itself, not inside a transaction.
 */
export function preparedOnce<T>(build: (db: Database) => T): (db: Database) => T {
  const byDatabase = new WeakMap<Database, T>();
  return (db) => {
    let statements = byDatabase.get(db);
    if (!statements) {
      statements = build(db);
      byDatabase.set(db, statements);
    }
    return statements;
  };
}

/**
 * Statements built per key and kept per database handle, for statements whose text depends on the
 * request (a listing's search words and filters: catalog/service.ts, search/service.ts): building
 * a search statement with Drizzle (and its match) was half of the shop's CPU per search at scale
 * (bench:scale, 2026-11-26). `build` prepares it with `prepareKept`. `basis` is what it was built
 * from (a search's match, which search/matcher.ts remembers until the catalogue changes; null for
 * none): a kept statement serves only the same basis. `build` runs on a miss; at most `max` keys
 * are kept, the least recently built out first.
 */
export function keptStatements<T>(max: number) {
  const byDatabase = new WeakMap<Database, Map<string, { basis: unknown; statement: T }>>();
  return (db: Database, key: string, basis: unknown, build: () => T): T => {
    let kept = byDatabase.get(db);
    if (!kept) {
      kept = new Map();
      byDatabase.set(db, kept);
    }
    const entry = kept.get(key);
    if (entry && entry.basis === basis) return entry.statement;
    const statement = build();
    kept.delete(key);
    kept.set(key, { basis, statement });
    if (kept.size > max) kept.delete(kept.keys().next().value!);
    return statement;
  };
}

/**
 * The texts of `fixedStatement`s and their names. On PostgreSQL they run as named prepared
 * statements (`NamingClient`): parsed once per connection, and planned once PostgreSQL settles on a
 * generic plan, instead of parsed and planned on every run as Drizzle's unnamed statements are. The
 * order placement's 4 KB statement took about 0.8 ms of PostgreSQL's time per order in parsing and
 * planning alone (its statement log under the checkout bench, 26 Nov 2026), with PostgreSQL the
 * busiest process once the invoice numbers left the placement.
 */
const preparedNames = new Map<string, string>();

/**
 * node-postgres' client, giving the name of a `fixedStatement` (or of a text `prepareKept` named) to
 * an unnamed query with its text: pg prepares a named statement once per connection and then only
 * binds and executes it. Any other query passes through unchanged. Given to the pool as its `Client`
 * (pg-pool's option for a custom client).
 */
class NamingClient extends pg.Client {
  // pg's overloads of `query` are many; the arguments pass through as given.
  query(...args: unknown[]): never {
    const config = args[0] as { text?: unknown; name?: unknown } | null;
    if (config && typeof config === 'object' && typeof config.text === 'string' && !config.name) {
      const name = preparedNames.get(config.text);
      if (name) args[0] = { ...config, name };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/** How many texts of kept statements get a name (`prepareKept`). */
const MAX_NAMED_KEPT_TEXTS = 64;
let namedKeptTexts = 0;

/**
 * Prepares a statement built for `keptStatements`. With `named` (for texts that depend only on a
 * request's shape, never on its values: catalog/service.ts and search/service.ts say which) its
 * text gets a name, so that it runs as a named prepared statement, as a `fixedStatement` does:
 * parsed once per connection and planned once PostgreSQL settles on a generic plan. Every
 * connection that runs a named text keeps it for its life, so only the first MAX_NAMED_KEPT_TEXTS
 * texts get a name (category pages, searches and suggestions share them). Otherwise, and past
 * them, it runs as PostgreSQL's unnamed statement (''): parsed and planned on every run, nothing
 * kept on the connection.
 */
export function prepareKept<Q extends { prepare(name: string): unknown; toSQL(): { sql: string } }>(
  query: Q,
  named: boolean,
): ReturnType<Q['prepare']> {
  if (named && namedKeptTexts < MAX_NAMED_KEPT_TEXTS) {
    const text = query.toSQL().sql;
    if (!preparedNames.has(text)) preparedNames.set(text, `kept_${++namedKeptTexts}`);
  }
  return query.prepare('') as ReturnType<Q['prepare']>;
}

/** Renders statement templates to text once, with the casing every database handle uses. */
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A statement whose text never changes, for statements run inside a transaction (where a prepared
 * statement cannot go: see `preparedOnce`) or too large to build per call: the order placement
 * (orders/place-order.ts) cost 15% of the shop's CPU per order being built by Drizzle anew.
 * `template` is Drizzle SQL whose per-call values are `sql.placeholder(name)`s and whose identifiers
 * come from the schema's tables and columns (a renamed column still fails to build). It is rendered
 * to text here, once; each name is one parameter however often the text uses it. The returned
 * function makes, for one call's values, the SQL for `tx.execute` out of the kept text and the values
 * alone: nothing left for Drizzle to build. Values reach the driver as given (no column encoding):
 * JSON as a string for a jsonb parameter, a timestamp as an ISO string.
 */
export function fixedStatement(template: SQL): (values: Record<string, unknown>) => SQL {
  const { sql: text, params } = dialect.sqlToQuery(template);
  const names = params.map((p) => {
    if (!is(p, Placeholder)) throw new Error(`fixedStatement: a value in the template is not a placeholder: ${String(p)}`);
    return p.name;
  });
  // The dialect numbers parameters $1, $2, ... in order; a name met again refers to its first number.
  // Drizzle numbers the values of the SQL returned below the same way, in the order they come.
  const slots: string[] = [];
  const pieces: string[] = [];
  let piece = '';
  let last = 0;
  let n = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    if (Number(match[1]) !== ++n) throw new Error(`fixedStatement: parameter $${match[1]} out of order`);
    piece += text.slice(last, match.index);
    last = match.index + match[0].length;
    const name = names[n - 1];
    const slot = slots.indexOf(name);
    if (slot >= 0) {
      piece += `$${slot + 1}`;
    } else {
      slots.push(name);
      pieces.push(piece);
      piece = '';
    }
  }
  if (n !== names.length) throw new Error('fixedStatement: the text does not use every parameter');
  pieces.push(piece + text.slice(last));
  preparedNames.set(pieces.map((p, i) => (i === 0 ? p : `$${i}${p}`)).join(''), `fixed_${preparedNames.size + 1}`);
  const chunks = pieces.map((p) => new StringChunk(p));
  return (values) => {
    const queryChunks: (StringChunk | Param)[] = [chunks[0]];
    for (let i = 0; i < slots.length; i++) {
      const value = values[slots[i]];
      if (value === undefined) throw new Error(`fixedStatement: no value for ${slots[i]}`);
      // A Param, not the bare value: Drizzle would spread a bare array into a list of parameters.
      queryChunks.push(new Param(value), chunks[i + 1]);
    }
    return new SQL(queryChunks);
  };
}

/** The column casing every database handle uses (snake_case names for camelCase properties). */
export const casing = new CasingCache('snake_case');

/**
 * A table's columns, each as its property, its name in the database and the column (which encodes and
 * decodes its values), leaving out the properties in `omit`. For statements written as text whose rows
 * go in as jsonb (orders/place-order.ts) or come back by column name (`tableRows`).
 */
export function tableColumns(table: PgTable, omit: string[] = []) {
  return Object.entries(getTableColumns(table) as Record<string, Column>)
    .filter(([key]) => !omit.includes(key))
    .map(([key, column]) => ({ key, name: casing.getColumnCasing(column), column }));
}

/**
 * Reads the rows of `table` that a `fixedStatement` selected with `select *` (keys are the columns'
 * names, values as the driver gives them) as Drizzle's own select gives them: keyed by property, each
 * value decoded by its column (a timestamp to a Date, jsonb to its value). Built once per table.
 */
export function tableRows<T extends PgTable>(table: T): (rows: readonly Record<string, unknown>[]) => T['$inferSelect'][] {
  const columns = tableColumns(table);
  return (rows) =>
    rows.map((raw) => {
      const row: Record<string, unknown> = {};
      for (const { key, name, column } of columns) {
        const value = raw[name];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return row;
    });
}

/** A transaction handle or the database itself. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

/**
 * Runs independent reads and resolves with their results in order: at once on the pool (each on a
 * connection of its own), one after another inside a transaction, whose one connection runs its
 * queries in turn anyway: node-postgres queues a query sent while another runs, with a deprecation
 * warning, and pg@9 refuses it.
 */
export async function readAll<T extends unknown[]>(db: Tx, ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as T;
}

/**
 * PostgreSQL's pools of pipelined connections (`pipelinedTransaction`), by database handle; PGlite's
 * handles have none.
 */
const pipelinePools = new WeakMap<Database, pg.Pool>();

/** A Drizzle handle on each pipelined connection, built on the connection's first transaction. */
const connectionHandles = new WeakMap<pg.PoolClient, Database>();

/**
 * Runs a transaction whose first statements (`lead`, fixed statements such as a row lock whose
 * answer the caller does not read) need not be waited for: `body` runs with a handle on the
 * transaction's connection and resolves with the transaction's value, then the transaction commits.
 * On PostgreSQL the connection is pipelined (node-postgres' `pipeline` option): BEGIN, the lead and
 * `body`'s first statement go out together and are answered in order, so they cost one round trip
 * instead of one each (docs/performance.md, "Pipelined order transactions"). `body`'s later
 * statements run in turn as in any transaction. Any error (of a lead statement, of `body`, or an
 * `Unfillable` it throws) rolls back and is thrown, a lead statement's first: the statements after a
 * failed one answer only that the transaction is aborted. A COMMIT that answers ROLLBACK (the
 * transaction was aborted by a statement whose error `body` caught) throws instead of resolving. On
 * PGlite it is `db.transaction` running the lead, then `body`. `body` must not open a transaction of
 * its own on its handle (it is the connection's, not a Drizzle transaction's).
 */
export async function pipelinedTransaction<T>(db: Database, lead: SQL[], body: (tx: Tx) => Promise<T>): Promise<T> {
  const pool = pipelinePools.get(db);
  if (!pool) {
    return db.transaction(async (tx) => {
      for (const statement of lead) await tx.execute(statement);
      return body(tx);
    });
  }
  const client = await pool.connect();
  let tx = connectionHandles.get(client);
  if (!tx) {
    tx = drizzlePg(client, { schema, casing: 'snake_case' });
    connectionHandles.set(client, tx);
  }
  const sent = [
    client.query('begin'),
    ...lead.map((statement) => {
      const { sql: text, params } = dialect.sqlToQuery(statement);
      return client.query(text, params);
    }),
  ];
  // Resolves with the first error of BEGIN and the lead, or undefined; it never rejects unheard.
  const leadError = Promise.all(sent).then(
    () => undefined,
    (err: Error) => err,
  );
  let value: T;
  try {
    value = await body(tx);
    const failed = await leadError;
    if (failed) throw failed;
  } catch (err) {
    const failed = await leadError;
    try {
      await client.query('rollback');
    } catch (rollbackError) {
      client.release(rollbackError as Error);
      throw failed ?? err;
    }
    client.release();
    throw failed ?? err;
  }
  let command: string;
  try {
    ({ command } = await client.query('commit'));
  } catch (err) {
    // The connection's state is not known: it is closed rather than given to the next transaction.
    client.release(err as Error);
    throw err;
  }
  client.release();
  if (command !== 'COMMIT') throw new Error(`Transaction rolled back: its COMMIT answered ${command}`);
  return value;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Advisory lock key serialising migrations across instances. */
const MIGRATION_LOCK = 7_270_401;

/** Where the committed SQL migrations are, both from source and from the bundled build. */
export function migrationsFolder(): string {
  // Beside this module: src/server/db/migrations from source, build/node/migrations once bundled.
  return fileURLToPath(new URL('./migrations', import.meta.url));
}

/**
 * Planner costing for every connection. PostgreSQL's default random_page_cost (4) prices random
 * reads for spinning disks; a shop's tables live in memory or on SSD, where 1.1 is the usual value.
 * With the default, bench:scale showed the planner choosing whole-table scans over the indexes: a
 * parallel scan of every order for a broad admin search (125-155 ms against 27 ms) and a hash of
 * every variant for a listing's size filter (7 ms against 4 ms).
 */
const RANDOM_PAGE_COST = '1.1';

/**
 * PGlite's buffer pool. PGlite touches all of `shared_buffers` when it starts, in the
 * WebAssembly memory of the shop's own process, which never gives memory back: at PostgreSQL's
 * default of 128 MB the embedded database alone held 151 MB of the server's RSS. The demo shop's
 * whole database is about 10 MB; pages beyond the pool are read from the data files through the
 * kernel's page cache. 16 MB keeps it at 29-30 MB under load (reading every table three times took
 * 8.5 s against 7.5 s at 128 MB on a VM busy with other work: within its noise, not measured quiet).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Opens PostgreSQL (`url` set) or PGlite (`pgliteDir`, or in memory when `pgliteDir` is
 * 'memory://'). `pgliteDataDir` starts PGlite from a data directory dumped by `dumpDataDir()`
 * (a tarball) instead of running initdb, which takes seconds: the API tests start every file from
 * one migrated copy. Throws when the server cannot be reached.
 */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir?: string;
  pgliteDataDir?: Blob;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (opts.url) {
    const pool = new pg.Pool({
      Client: NamingClient,
      connectionString: opts.url,
      max: opts.poolSize ?? 20,
      options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
    });
    // The connections of `pipelinedTransaction`, beside the pool of every other query.
    const pipelinePool = new pg.Pool({
      Client: NamingClient,
      connectionString: opts.url,
      max: Math.ceil((opts.poolSize ?? 20) / 2),
      options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
      pipeline: true,
    });
    for (const p of [pool, pipelinePool]) {
      p.on('error', () => {
        /* idle client errors are reported on the next query */
      });
    }
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    pipelinePools.set(db, pipelinePool);
    return {
      db,
      kind: 'postgres',
      // Instances starting together take turns: the first applies, the others find nothing to do.
      migrate: async () => {
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(db, { migrationsFolder: migrationsFolder() });
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          lock.release();
        }
      },
      close: async () => {
        await Promise.all([pool.end(), pipelinePool.end()]);
      },
    };
  }
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  // pg_trgm: the trigram indexes of catalogue and order search (migration 0002).
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    loadDataDir: opts.pgliteDataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await client.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
  };
}
