/**
 * Admin catalogue routes: categories and products, admin only (one onRequest
 * hook: 401 without a valid token, 403 'Access denied. Admin privileges required.' otherwise).
 * GET /api/categories/admin/all, POST /api/categories, PUT and DELETE /api/categories/{id};
 * GET /api/products/admin/all, POST /api/products, PUT and DELETE /api/products/{id}.
 * The public reads are in routes.store.ts; the writes in admin-service.ts.
 */
import { answers, adminCategorySchema, deletedSchema, productSchema, savedCategorySchema } from '../../../core/schemas/answers';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryInputSchema, productInputSchema } from '../../../core/schemas/admin-catalog';
import { idParams } from '../../../core/schemas/common';
import { auditActor } from '../audit/record';
import {
  createCategory,
  createProduct,
  deleteCategory,
  deleteProduct,
  listAdminCategories,
  listAdminProducts,
  updateCategory,
  updateProduct,
} from './admin-service';

const categoryId = idParams('Category not found');
const productId = idParams('Product not found');

/** Registers the admin category and product calls; every route answers 401/403 unless the caller is an admin. */
export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/categories/admin/all',
    { config: { permission: 'catalog.write' }, schema: { response: answers({ 200: z.array(adminCategorySchema) }) } },
    async () => listAdminCategories(db),
  );

  app.post(
    '/api/categories',
    { config: { permission: 'catalog.write' }, schema: { body: categoryInputSchema, response: answers({ 201: savedCategorySchema }) } },
    async (req, reply) => reply.status(201).send(await createCategory(db, req.body, { actor: auditActor(req) })),
  );

  app.put(
    '/api/categories/:id',
    {
      config: { permission: 'catalog.write' },
      schema: { params: categoryId, body: categoryInputSchema, response: answers({ 200: savedCategorySchema }) },
    },
    async (req) => updateCategory(db, req.params.id, req.body, { actor: auditActor(req) }),
  );

  app.delete(
    '/api/categories/:id',
    { config: { permission: 'catalog.write' }, schema: { params: categoryId, response: answers({ 200: deletedSchema }) } },
    async (req) => deleteCategory(db, req.params.id, { actor: auditActor(req) }),
  );

  app.get(
    '/api/products/admin/all',
    { config: { permission: 'catalog.write' }, schema: { response: answers({ 200: z.array(productSchema) }) } },
    async () => listAdminProducts(db),
  );

  app.post(
    '/api/products',
    { config: { permission: 'catalog.write' }, schema: { body: productInputSchema, response: answers({ 201: productSchema }) } },
    async (req, reply) => reply.status(201).send(await createProduct(db, req.body, { actor: auditActor(req) })),
  );

  app.put(
    '/api/products/:id',
    {
      config: { permission: 'catalog.write' },
      schema: { params: productId, body: productInputSchema, response: answers({ 200: productSchema }) },
    },
    async (req) => updateProduct(db, req.params.id, req.body, { actor: auditActor(req) }),
  );

  app.delete(
    '/api/products/:id',
    { config: { permission: 'catalog.write' }, schema: { params: productId, response: answers({ 200: deletedSchema }) } },
    async (req) => deleteProduct({ db, mediaStore: app.mediaStore, log: req.log }, req.params.id, { actor: auditActor(req) }),
  );
};
