/**
 * Vitest global setup of the PGlite API tests: migrates one in-memory PGlite, dumps its data
 * directory to a temporary tarball and provides the file's path as `pgliteTemplate`. Each test
 * file's database starts from that copy (tests/helpers/test-app.ts) instead of running initdb,
 * which takes seconds per file.
 */
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data directory tarball. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  await handle.migrate();
  const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await handle.close();
  const file = path.join(os.tmpdir(), `store-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
