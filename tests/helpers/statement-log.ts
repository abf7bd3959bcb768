/**
 * Counts the round trips of a service call: a Drizzle handle over a test app's own
 * connections (its pool on PostgreSQL, its one PGlite) that logs the text of every statement it sends.
 * The bounds of its transactions are marked in the log, because PGlite sends its begin and commit
 * itself, not through Drizzle.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';

const BEGIN = '<transaction>';
const END = '</transaction>';

export function loggingDatabase(db: Database) {
  const logged: string[] = [];
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  const logger = { logQuery: (query: string) => void logged.push(query) };
  const logging =
    process.env.TEST_DB === 'postgres'
      ? drizzlePg(client as pg.Pool, { schema, casing: 'snake_case', logger })
      : (drizzlePglite(client as PGlite, { schema, casing: 'snake_case', logger }) as unknown as Database);
  const transaction = logging.transaction.bind(logging);
  const marked: Database['transaction'] = async (run, config) => {
    logged.push(BEGIN);
    try {
      return await transaction(run, config);
    } finally {
      logged.push(END);
    }
  };
  logging.transaction = marked;
  return {
    db: logging,
    /** Every statement sent, with the transactions' bounds. */
    logged,
    /** The statements sent inside each transaction, in order, without its begin and commit. */
    transactions(): string[][] {
      const found: string[][] = [];
      let current: string[] | null = null;
      for (const query of logged) {
        if (query === BEGIN) current = [];
        else if (query === END) {
          if (current) found.push(current);
          current = null;
        } else if (current && !/^(begin|commit|rollback)\b/i.test(query)) current.push(query);
      }
      return found;
    },
    /** The statements sent outside any transaction. */
    outside(): string[] {
      let depth = 0;
      return logged.filter((query) => {
        if (query === BEGIN) depth++;
        else if (query === END) depth--;
        else return depth === 0;
        return false;
      });
    },
  };
}
