import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Issue 9: every JSON endpoint fuzzed with generated bodies and path parameters, as guest, shopper
// and admin: never a 5xx, never a stack trace in the answer.
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

let t: TestApp;
const roles: Record<string, Record<string, string>> = { guest: {} };
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  roles.shopper = (await createUser(t.app, t.db)).headers;
  roles.admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
  productId = (await createProduct(t.db)).product.id;
});
afterAll(() => t.close());

/** JSON bodies: anything JSON, plus objects shaped like our payloads with hostile values. */
const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom('', ' ', '\u0000', '<script>alert(1)</script>', "' or 1=1 --", '../../etc/passwd', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'a'.repeat(5000)),
);
const hostileValue = fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }));
const fieldNames = fc.constantFrom(
  'email', 'password', 'name', 'phone', 'code', 'verificationId', 'newPassword', 'productId', 'variantId', 'quantity',
  'items', 'shippingAddress', 'fromBuyNow', 'comment', 'title', 'description', 'categoryIds', 'variants', 'images',
  'status', 'note', 'ids', 'mediaType', 'imageUrl', 'videoUrl', 'postUrl', 'content', 'rating', 'authorName',
  'parentId', 'isActive', 'folder', 'resourceType', 'publicId', 'address', 'razorpay_order_id', 'razorpay_signature',
);
const body = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fieldNames, hostileValue, { maxKeys: 8 }));
const pathParam = fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.constantFrom('..%2F..', '%00', "1'--"));

const jsonRoutes = () =>
  t.app.routeList.filter(
    (r) =>
      r.url.startsWith('/api/') &&
      !r.url.startsWith('/api/docs') &&
      r.url !== '/api/media/upload' && // multipart, fuzzed by its own tests
      r.method !== 'OPTIONS',
  );

describe('fuzzing every JSON endpoint', () => {
  it('never answers 5xx or leaks a stack trace, for any role', async () => {
    const failures: string[] = [];
    for (const route of jsonRoutes()) {
      for (const [role, headers] of Object.entries(roles)) {
        await fc.assert(
          fc.asyncProperty(body, pathParam, async (payload, param) => {
            const url = route.url.replace(/:[A-Za-z]+/g, () => encodeURIComponent(param));
            const res = await t.app.inject({
              method: route.method as 'POST',
              url,
              headers: { ...headers, 'content-type': 'application/json' },
              payload: route.method === 'GET' ? undefined : JSON.stringify(payload),
            });
            const leak = /\bat .+\(.+:\d+:\d+\)|node_modules|stack/i.test(res.body);
            if (res.statusCode >= 500 || leak) {
              failures.push(`${role} ${route.method} ${url} ${JSON.stringify(payload).slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
              return false;
            }
            return true;
          }),
          { numRuns: RUNS, seed: 20261121 },
        ).catch(() => undefined);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('still serves the catalogue afterwards', async () => {
    expect((await t.app.inject(`/api/products/${productId}`)).statusCode).toBe(200);
  });
});
