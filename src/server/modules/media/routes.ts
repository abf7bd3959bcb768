/**
 * Media routes (docs/architecture.md#media):
 * - POST /api/admin/media/upload-target (admin): where the browser sends a file.
 * - POST /api/media/upload (no token: the signed fields are the permission): the disk store's
 *   Cloudinary-compatible upload endpoint, multipart `folder, resourceType, expires, uploadId,
 *   signature` then `file`; one file per target, 60 requests a minute per address.
 * - GET /api/media/return-photos/{file}?expires=&signature= (no token: the signed URL is the
 *   permission): a return photo, for the URLs the returns API hands its owner and admins.
 * - POST /api/admin/cloudinary/delete and /api/admin/homepage/cloudinary/delete (admin).
 * `mediaStorePlugin` decorates `app.mediaStore` for the other modules (product deletion).
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { answers, mediaDeleteResultSchema, uploadResultSchema, uploadTargetAnswerSchema } from '../../../core/schemas/answers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, mediaDeleteSchema, uploadTargetSchema, type MediaFolder, type UploadTarget } from '../../../core/schemas/media';
import { AppError, badRequest, notFound } from '../../errors';
import { ABUSE_LIMITS } from '../../plugins/abuse-limits';
import { createMediaStore, type MediaStore } from '../../integrations/media-store/index';
import { requireUser } from '../../plugins/auth';
import { QuotaError } from './grants';
import { privatePhotoRoutes } from './private-photos';
import { auditActor, recordAudit } from '../audit/record';
import { deleteMedia, missingFile, receiveUpload, uploadTargetFor } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    mediaStore: MediaStore;
  }
}

export interface MediaStoreOptions {
  /** Cloudinary REST base; https://api.cloudinary.com unless a test points it at a stand-in. */
  cloudinaryApiBase?: string;
  /** The clock for upload-target expiry (tests move it). */
  now?: () => Date;
}

/** Decorates `app.mediaStore`: Cloudinary when config.cloudinaryUrl is set, else the disk store. */
export const mediaStorePlugin = fp<MediaStoreOptions>(async (app: FastifyInstance, opts) => {
  const store: MediaStore = createMediaStore({
    cloudinaryUrl: app.config.cloudinaryUrl,
    cloudinaryApiBase: opts.cloudinaryApiBase,
    mediaDir: path.join(app.config.dataDir, 'media'),
    secret: app.config.jwtSecret,
    now: opts.now,
  });
  app.decorate<MediaStore>('mediaStore', store);
});

/**
 * Answers an upload target for one file into the image folder `folder` for the signed-in caller
 * (`quota`: a shopper, counted against the daily quota of ./grants.ts). A refused quota is 429
 * with Retry-After (seconds).
 */
export async function shopperUploadTarget(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  folder: MediaFolder,
): Promise<UploadTarget> {
  try {
    return await uploadTargetFor(app.db, app.mediaStore, {
      userId: requireUser(req).id,
      folder,
      resourceType: 'image',
      quota: true,
      now: app.authDeps.now(),
    });
  } catch (err) {
    if (err instanceof QuotaError) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

/** Admin-only media calls (inside the admin scope, setup/api.ts). */
export const adminMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/media/upload-target',
    { config: { permission: 'media.upload' }, schema: { body: uploadTargetSchema, response: answers({ 200: uploadTargetAnswerSchema }) } },
    async (req) =>
      uploadTargetFor(app.db, app.mediaStore, {
        userId: requireUser(req).id,
        folder: req.body.folder,
        resourceType: req.body.resourceType,
        quota: false,
        now: app.authDeps.now(),
        auditedAs: auditActor(req),
      }),
  );

  for (const url of ['/api/admin/cloudinary/delete', '/api/admin/homepage/cloudinary/delete']) {
    app.post(
      url,
      { config: { permission: 'media.upload' }, schema: { body: mediaDeleteSchema, response: answers({ 200: mediaDeleteResultSchema }) } },
      async (req) => {
        const deleted = await deleteMedia(app.mediaStore, req.body.publicId, req.body.resourceType, req.log);
        // The file is in the media store, not the database: the row follows the store's answer.
        await app.db.transaction((tx) =>
          recordAudit(tx, auditActor(req), {
            action: 'media.delete',
            entity: 'media',
            entityId: req.body.publicId,
            summary: deleted.result === 'ok' ? `Deleted the file ${req.body.publicId}` : `Tried to delete ${req.body.publicId} (not found)`,
          }),
        );
        return deleted;
      },
    );
  }
};

/** True for the multipart plugin's and busboy's errors about the request itself (not storage failures). */
function isMalformedMultipart(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  return (
    Boolean(code?.startsWith('FST_')) ||
    /Unexpected end of (form|multipart data)|Malformed part header|terminated early|Multipart: Boundary not found/i.test(message ?? '')
  );
}

/** The disk store's upload endpoint; multipart is parsed here only. */
const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  app.post(
    '/api/media/upload',
    { config: { rateLimit: ABUSE_LIMITS.upload }, schema: { response: answers({ 200: uploadResultSchema }) } },
    async (req) => {
      const store = app.mediaStore;
      if (store.provider !== 'disk') throw notFound();
      if (!req.isMultipart()) throw badRequest('Please select a file to upload');
      const fields: Record<string, string | undefined> = {};
      try {
        const parts = req.parts({
          // The folder's own cap is enforced while streaming; this one bounds the request.
          limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
        });
        for await (const part of parts) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] ??= part.value;
            continue;
          }
          if (part.fieldname !== 'file') throw badRequest('Please select a file to upload');
          return await receiveUpload(app.db, store, fields, { stream: part.file, filename: part.filename }, app.authDeps.now());
        }
      } catch (err) {
        if (err instanceof AppError || !isMalformedMultipart(err)) throw err;
        if ((err as { statusCode?: number }).statusCode === 413) throw new AppError(413, 'Request is too large');
        req.log.info({ err }, 'unreadable upload');
        throw badRequest('The upload could not be read');
      }
      throw missingFile(store, fields);
    },
  );
};

/** Registers the disk upload endpoint and the signed return photos. Needs `mediaStorePlugin`. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadRoutes);
  await app.register(privatePhotoRoutes);
};
