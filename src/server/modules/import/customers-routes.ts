/**
 * POST /api/admin/import/customers (permission 'customers.import'): Shopify's customers CSV as a
 * multipart upload (field `file`, at most 10 MB); `?dryRun=1` checks it and writes nothing
 * (docs/architecture.md#customers-from-shopify).
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/answers';
import { customerImportQuerySchema, customerImportResultSchema } from '../../../core/schemas/customer-import';
import { auditActor } from '../audit/record';
import { importCustomers } from './customers';
import { readUploadedCsv } from './csv-upload';

/** Largest customers CSV accepted (bytes): some 50,000 customers. */
const MAX_CSV_BYTES = 10_000_000;

/** Registers the customer import (inside the admin scope, setup/api.ts). */
export const adminCustomerImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart);
  app.post(
    '/api/admin/import/customers',
    {
      config: { permission: 'customers.import' },
      schema: {
        description: "Shopify's customers CSV as multipart/form-data (field `file`)",
        querystring: customerImportQuerySchema,
        response: answers({ 200: customerImportResultSchema }),
      },
    },
    async (req) =>
      readUploadedCsv(req, MAX_CSV_BYTES, (reader) => importCustomers(app.db, auditActor(req), reader, { dryRun: req.query.dryRun })),
  );
};
