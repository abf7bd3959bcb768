/**
 * A Cloudinary stand-in on loopback (the network edge of the Cloudinary media store): signed
 * uploads and destroys checked exactly as Cloudinary checks them, and the Admin API's resource
 * listing (`GET /v1_1/<cloud>/resources/<type>/<delivery type>?prefix&max_results&next_cursor`, HTTP
 * Basic api_key:api_secret, sorted by public id). Uploads signed with `type=authenticated` are held
 * as authenticated assets: answered with a signed `image/authenticated/s--…--/` URL, destroyed and
 * listed only with that type, and fetched only through a signed, unexpired private download URL
 * (`GET /v1_1/<cloud>/<type>/download?public_id&format&type&expires_at&timestamp&api_key&signature`).
 * What it holds is in `stored`; tests seed it directly.
 */
import { createHash, randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';

/** The account the stand-in answers for; `cloudinaryUrl` is its CLOUDINARY_URL. */
export const CLOUD = { name: 'rangmanch-test', key: '614283551912345', secret: 'test-secret-3X7pQ' };
export const CLOUDINARY_TEST_URL = `cloudinary://${CLOUD.key}:${CLOUD.secret}@${CLOUD.name}`;

/** Cloudinary's rule, written out independently of the code under test. */
export function cloudinaryExpectedSignature(params: Record<string, string>) {
  const signed = Object.entries(params)
    .filter(([k]) => !['file', 'cloud_name', 'resource_type', 'api_key', 'signature'].includes(k))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return createHash('sha1')
    .update(signed + CLOUD.secret)
    .digest('hex');
}

/** An asset the stand-in holds. */
export interface StoredAsset {
  publicId: string;
  resourceType: string;
  createdAt: Date;
  /** Cloudinary's delivery type: 'upload' (public) unless uploaded with type=authenticated. */
  type?: 'upload' | 'authenticated';
  /** The uploaded bytes (served by the download endpoint). */
  bytes?: Buffer;
}

export interface StandIn {
  url: string;
  uploads: { resourceType: string; params: Record<string, string>; bytes: number }[];
  destroys: { resourceType: string; params: Record<string, string> }[];
  /** Query strings of the listing calls, in order. */
  listings: Record<string, string>[];
  /** The assets held: uploads add to it, destroys remove from it. */
  stored: StoredAsset[];
  /** Largest listing page the stand-in answers, whatever max_results asks (Cloudinary: 500). */
  pageSize: number;
  /** A faulty listing that answers every asset of the type, whatever the prefix (tests a caller's own guard). */
  ignorePrefix: boolean;
  failDestroy: boolean;
  close(): Promise<void>;
}

const MB = 1024 * 1024;

/** Starts the stand-in on a free loopback port. */
export async function startCloudinaryStandIn(): Promise<StandIn> {
  const server = Fastify();
  await server.register(fastifyMultipart, { limits: { fileSize: 10 * MB } });
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const state: Omit<StandIn, 'url' | 'close'> = {
    uploads: [],
    destroys: [],
    listings: [],
    stored: [],
    pageSize: 500,
    ignorePrefix: false,
    failDestroy: false,
  };
  const checkSigned = (params: Record<string, string>) => {
    const age = Date.now() / 1000 - Number(params.timestamp);
    if (params.api_key !== CLOUD.key) return 'Invalid api_key';
    if (!(age < 3600 && age > -3600)) return 'Stale request';
    if (params.signature !== cloudinaryExpectedSignature(params)) return 'Invalid Signature';
    return null;
  };

  server.post<{ Params: { cloud: string; type: string } }>('/v1_1/:cloud/:type/upload', async (req, reply) => {
    if (req.params.cloud !== CLOUD.name) return reply.status(404).send({ error: { message: 'Unknown cloud' } });
    const params: Record<string, string> = {};
    let data: Buffer = Buffer.alloc(0);
    for await (const part of req.parts()) {
      if (part.type === 'field') params[part.fieldname] = String(part.value);
      else data = await part.toBuffer();
    }
    const problem = checkSigned(params);
    if (problem) return reply.status(401).send({ error: { message: problem } });
    // `file` as an address: Cloudinary downloads it (the upload API's remote URL source).
    if (params.file && /^https?:\/\//.test(params.file)) {
      const remote = await fetch(params.file).catch(() => null);
      if (!remote?.ok) return reply.status(400).send({ error: { message: `Resource not found - ${params.file}` } });
      data = Buffer.from(await remote.arrayBuffer());
    }
    const bytes = data.length;
    const isImage = data[0] === 0x89 || (data[0] === 0xff && data[1] === 0xd8);
    if (params.allowed_formats && !isImage) return reply.status(400).send({ error: { message: 'Invalid image file' } });
    const format = data[0] === 0x89 ? 'png' : 'jpg';
    state.uploads.push({ resourceType: req.params.type, params, bytes });
    // A signed public_id names the asset inside the folder; uploading it again replaces it (Cloudinary's default overwrite).
    const publicId = `${params.folder}/${params.public_id || randomBytes(10).toString('hex')}`;
    const type = params.type === 'authenticated' ? 'authenticated' : 'upload';
    const replaced = state.stored.findIndex((a) => a.publicId === publicId && a.resourceType === req.params.type);
    if (replaced >= 0) state.stored.splice(replaced, 1);
    state.stored.push({ publicId, resourceType: req.params.type, createdAt: new Date(), type, bytes: data });
    const urlSignature = type === 'authenticated' ? `s--${randomBytes(6).toString('base64url')}--/` : '';
    return {
      public_id: publicId,
      type,
      secure_url: `https://res.cloudinary.com/${CLOUD.name}/${req.params.type}/${type}/${urlSignature}v1/${publicId}.${format}`,
      resource_type: req.params.type,
      bytes,
      format,
    };
  });

  server.post<{ Params: { cloud: string; type: string }; Body: Record<string, string> }>(
    '/v1_1/:cloud/:type/destroy',
    async (req, reply) => {
      if (state.failDestroy) return reply.status(500).send({ error: { message: 'General Error' } });
      const problem = checkSigned(req.body);
      if (problem) return reply.status(401).send({ error: { message: problem } });
      state.destroys.push({ resourceType: req.params.type, params: req.body });
      const type = req.body.type ?? 'upload';
      const at = state.stored.findIndex(
        (a) => a.publicId === req.body.public_id && a.resourceType === req.params.type && (a.type ?? 'upload') === type,
      );
      if (at < 0) return { result: 'not found' };
      state.stored.splice(at, 1);
      return { result: 'ok' };
    },
  );

  // Admin API "Get resources": Basic auth, no signature; the cursor is opaque to the client.
  server.get<{ Params: { cloud: string; type: string; delivery: string }; Querystring: Record<string, string> }>(
    '/v1_1/:cloud/resources/:type/:delivery',
    async (req, reply) => {
      if (req.params.cloud !== CLOUD.name) return reply.status(404).send({ error: { message: 'Unknown cloud' } });
      const expected = `Basic ${Buffer.from(`${CLOUD.key}:${CLOUD.secret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return reply.status(401).send({ error: { message: 'Invalid credentials' } });
      state.listings.push({ ...req.query });
      const { prefix = '', max_results: maxResults = '10', next_cursor: cursor } = req.query;
      const max = Number(maxResults);
      if (!Number.isInteger(max) || max < 1 || max > 500) return reply.status(400).send({ error: { message: 'Invalid max_results' } });
      const matching = state.stored
        .filter(
          (a) =>
            a.resourceType === req.params.type &&
            (a.type ?? 'upload') === req.params.delivery &&
            (state.ignorePrefix || a.publicId.startsWith(prefix)),
        )
        .sort((a, b) => (a.publicId < b.publicId ? -1 : 1));
      const from = cursor ? matching.findIndex((a) => a.publicId > Buffer.from(cursor, 'base64url').toString()) : 0;
      const page = from < 0 ? [] : matching.slice(from, from + Math.min(max, state.pageSize));
      const last = page.at(-1);
      const more = last !== undefined && matching.at(-1) !== last;
      return {
        resources: page.map((a) => ({
          asset_id: randomBytes(16).toString('hex'),
          public_id: a.publicId,
          format: 'jpg',
          resource_type: a.resourceType,
          type: a.type ?? 'upload',
          created_at: a.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          bytes: 1234,
        })),
        ...(more ? { next_cursor: Buffer.from(last.publicId).toString('base64url') } : {}),
      };
    },
  );

  // Upload API "download" (private_download_url): signed like an upload; refused once expires_at has passed.
  server.get<{ Params: { cloud: string; type: string }; Querystring: Record<string, string> }>(
    '/v1_1/:cloud/:type/download',
    async (req, reply) => {
      const problem = checkSigned(req.query);
      if (problem) return reply.status(401).send({ error: { message: problem } });
      if (!(Number(req.query.expires_at) * 1000 > Date.now())) return reply.status(401).send({ error: { message: 'Expired' } });
      const asset = state.stored.find(
        (a) =>
          a.publicId === req.query.public_id && a.resourceType === req.params.type && (a.type ?? 'upload') === (req.query.type ?? 'upload'),
      );
      if (!asset?.bytes) return reply.status(404).send({ error: { message: 'Resource not found' } });
      return reply.header('content-type', req.query.format === 'png' ? 'image/png' : 'image/jpeg').send(asset.bytes);
    },
  );

  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  return Object.assign(state, { url: address, close: () => server.close() });
}
