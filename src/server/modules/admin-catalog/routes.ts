/**
 * Admin catalogue routes: categories and products, admin only (one onRequest
 * hook: 401 without a valid token, 403 'Access denied. Admin privileges required.' otherwise).
 * GET /api/categories/admin/all, POST /api/categories, PUT and DELETE /api/categories/{id};
 * GET /api/products/admin/all, POST /api/products, PUT and DELETE /api/products/{id}.
 * The public reads stay in modules/catalog.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryInputSchema, productInputSchema } from '../../../core/schemas/admin-catalog';
import { idParams } from '../../../core/schemas/common';
import { requireUser } from '../../plugins/auth';
import {
  createCategory,
  createProduct,
  deleteCategory,
  deleteProduct,
  listAdminCategories,
  listAdminProducts,
  updateCategory,
  updateProduct,
} from './service';

const categoryId = idParams('Category not found');
const productId = idParams('Product not found');

/** Registers the admin category and product calls; every route answers 401/403 unless the caller is an admin. */
export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get('/api/categories/admin/all', async () => listAdminCategories(db));

  app.post('/api/categories', { schema: { body: categoryInputSchema } }, async (req, reply) =>
    reply.status(201).send(await createCategory(db, req.body)),
  );

  app.put('/api/categories/:id', { schema: { params: categoryId, body: categoryInputSchema } }, async (req) =>
    updateCategory(db, req.params.id, req.body),
  );

  app.delete('/api/categories/:id', { schema: { params: categoryId } }, async (req) => deleteCategory(db, req.params.id));

  app.get('/api/products/admin/all', async () => listAdminProducts(db));

  app.post('/api/products', { schema: { body: productInputSchema } }, async (req, reply) =>
    reply.status(201).send(await createProduct(db, req.body, { adminId: requireUser(req).id })),
  );

  app.put('/api/products/:id', { schema: { params: productId, body: productInputSchema } }, async (req) =>
    updateProduct(db, req.params.id, req.body, { adminId: requireUser(req).id }),
  );

  app.delete('/api/products/:id', { schema: { params: productId } }, async (req) =>
    deleteProduct({ db, mediaStore: app.mediaStore, log: req.log }, req.params.id),
  );
};
