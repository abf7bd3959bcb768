/**
 * The Shopify product import's admin routes (docs/architecture.md#moving-in-from-shopify), all
 * with the permission 'catalog.import':
 * - POST /api/admin/import/products: multipart, one `file` (a CSV, at most 50 MB): the dry run;
 *   answers the job (status 'queued') with its counts, problems and the mapping to confirm.
 * - POST /api/admin/import/products/{id}/start: the confirmed mapping; the import runs in the
 *   background, answers the job (status 'running').
 * - GET /api/admin/import/products/{id}: the job's progress; GET /api/admin/import/products: the
 *   latest ones.
 * A bad file is a 4xx with a message and leaves nothing behind (no job, no file).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/answers';
import {
  importJobListSchema,
  importJobParamsSchema,
  importJobSchema,
  importMappingSchema,
  MAX_IMPORT_BYTES,
  TOO_LARGE_MESSAGE,
} from '../../../core/schemas/import';
import { AppError, badRequest } from '../../errors';
import { auditActor } from '../audit/record';
import { requireUser } from '../../plugins/auth';
import { NOT_A_CSV } from './csv';
import {
  dryRunProducts,
  getProductImport,
  listProductImports,
  runProductImport,
  startProductImport,
  type ImportDeps,
} from './product-import';

/** The deps the import runs with (also used by the background job that resumes imports). */
export const importDeps = (app: FastifyInstance): ImportDeps => ({
  db: app.db,
  mediaStore: app.mediaStore,
  log: app.log,
  privatePictureHosts: app.config.importPrivateHosts,
});

/** Bytes that no CSV holds: NUL, and most control characters (a picture, a PDF, a spreadsheet). */
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000e-\u001a]/;

/**
 * Streams the uploaded file to `target`: 413 past MAX_IMPORT_BYTES, 400 NOT_A_CSV when its first
 * bytes are binary. Nothing is left at `target` when it throws.
 */
async function saveUpload(source: NodeJS.ReadableStream, target: string): Promise<void> {
  let bytes = 0;
  const check = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (bytes === 0 && BINARY.test(chunk.subarray(0, 8192).toString('latin1'))) return done(badRequest(NOT_A_CSV));
      bytes += chunk.length;
      if (bytes > MAX_IMPORT_BYTES) return done(new AppError(413, TOO_LARGE_MESSAGE));
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, check, createWriteStream(target, { flags: 'wx' }));
  } catch (err) {
    await unlink(target).catch(() => undefined);
    throw err;
  }
}

/** Registered in the admin scope (setup/api.ts). */
export const adminProductImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });
  const dir = path.join(app.config.dataDir, 'imports');

  app.post(
    '/api/admin/import/products',
    { config: { permission: 'catalog.import' }, schema: { response: answers({ 200: importJobSchema }) } },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('Choose a Shopify product CSV to upload');
      let part;
      try {
        part = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
      } catch {
        throw badRequest('The upload could not be read');
      }
      if (!part) throw badRequest('Choose a Shopify product CSV to upload');
      await mkdir(dir, { recursive: true });
      const filePath = path.join(dir, `${randomUUID()}.csv`);
      try {
        await saveUpload(part.file, filePath);
      } catch (err) {
        if (err instanceof AppError) throw err;
        req.log.info({ err }, 'unreadable import upload');
        throw badRequest('The upload could not be read');
      }
      if (part.file.truncated) {
        await unlink(filePath).catch(() => undefined);
        throw new AppError(413, TOO_LARGE_MESSAGE);
      }
      const fileName = (part.filename || 'products.csv').split(/[\\/]/).pop()!.slice(0, 200);
      try {
        return await dryRunProducts(app.db, { filePath, fileName, userId: requireUser(req).id });
      } catch (err) {
        await unlink(filePath).catch(() => undefined);
        throw err;
      }
    },
  );

  app.post(
    '/api/admin/import/products/:id/start',
    {
      config: { permission: 'catalog.import' },
      schema: { params: importJobParamsSchema, body: importMappingSchema, response: answers({ 200: importJobSchema }) },
    },
    async (req) => {
      const job = await startProductImport(app.db, req.params.id, req.body, auditActor(req));
      void runProductImport(importDeps(app), job._id);
      return job;
    },
  );

  app.get(
    '/api/admin/import/products/:id',
    { config: { permission: 'catalog.import' }, schema: { params: importJobParamsSchema, response: answers({ 200: importJobSchema }) } },
    async (req) => getProductImport(app.db, req.params.id),
  );

  app.get(
    '/api/admin/import/products',
    { config: { permission: 'catalog.import' }, schema: { response: answers({ 200: importJobListSchema }) } },
    async () => listProductImports(app.db),
  );
};
