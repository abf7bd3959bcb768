/**
 * Fails the test file in which a query was sent on a PostgreSQL connection that was still running
 * another: node-postgres queues it with a deprecation warning (once per process), and pg@9 refuses
 * it. It happens when independent reads go out at once inside a transaction (db/client.ts `readAll`
 * says how to run them).
 */
import { afterAll, afterEach, expect } from 'vitest';

const concurrent: string[] = [];
process.on('warning', (warning) => {
  if (/already executing a query/.test(warning.message)) concurrent.push(warning.stack ?? warning.message);
});

const check = () => expect(concurrent.splice(0), 'a query was sent on a connection still running another').toEqual([]);
afterEach(check);
afterAll(check);
