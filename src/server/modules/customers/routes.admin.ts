/**
 * The admin's customers (docs/architecture.md#customers), permission 'customers.read':
 * - GET /api/admin/customers?search=&page=: shoppers, 50 a page, newest first;
 * - GET /api/admin/customers/{id}: one shopper with their latest orders and imported data.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/answers';
import { adminCustomerListSchema, adminCustomerSchema, customerListQuerySchema } from '../../../core/schemas/admin-customers';
import { idParams } from '../../../core/schemas/common';
import { CUSTOMER_NOT_FOUND, getCustomer, listCustomers } from './service';

const permission = 'customers.read' as const;

/** Registers the admin customer calls (inside the admin scope, setup/api.ts). */
export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/customers',
    { config: { permission }, schema: { querystring: customerListQuerySchema, response: answers({ 200: adminCustomerListSchema }) } },
    async (req) => listCustomers(app.db, req.query),
  );
  app.get(
    '/api/admin/customers/:id',
    { config: { permission }, schema: { params: idParams(CUSTOMER_NOT_FOUND), response: answers({ 200: adminCustomerSchema }) } },
    async (req) => getCustomer(app.db, req.params.id, (await app.settings.get()).cod.maxRefused),
  );
};
