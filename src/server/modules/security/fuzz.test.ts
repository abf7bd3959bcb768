import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createUser } from '../../../../tests/helpers/factories';
import {
  DELETE,
  HOSTILE_STRINGS,
  MALFORMED_ID,
  pathsOf,
  sampleValue,
  unknownId,
  withPrototypeKeys,
  withValueAt,
  wrongTypeFor,
  type JsonSchema,
} from '../../../../tests/helpers/json-schema-samples';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Every operation in the OpenAPI document the app serves is fuzzed from its own
// JSON schema (path parameters, query string, JSON body), as guest, shopper and admin: first
// valid-shaped requests carrying unknown and malformed ids, then one field at a time made hostile
// (wrong type, missing, odd or huge strings, prototype keys), on an existing record where the
// document lists one. Never a 5xx, never a stack trace, and every error is `{ message }`. A new
// route is covered by being in the document. Generator: tests/helpers/json-schema-samples.ts.
// Forged client-address headers (X-Forwarded-For and its kin) change no answer: every per-IP
// limit counts the connection's address (TRUST_PROXY unset, docs/decisions/0020-login-limits.md).
// Every 2xx JSON answer is checked against the response schema its route declares: it must parse,
// and parsing must drop nothing (no field outside the schema is sent, even from cached bytes;
// docs/decisions/0022-response-schemas.md).

let t: TestApp;
const roles: Record<string, Record<string, string>> = { guest: {} };
let productId: string;
let operations: Operation[];
beforeAll(async () => {
  t = await createTestApp();
  roles.shopper = (await createUser(t.app, t.db)).headers;
  roles.admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
  productId = (await createProduct(t.db)).product.id;
  await createCategory(t.db);
  operations = operationsOf(t.app.swagger() as OpenApiDocument);
});
afterAll(() => t.close());

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: JsonSchema;
}
interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: OpenApiParameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}
interface Operation {
  method: string;
  path: string; // OpenAPI form: /api/products/{id}
  pathParams: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
}

/** Every documented operation under /api; multipart uploads have their own tests. */
function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      // Logging out would end the session of the role sending the rest (auth/sign-in.test.ts covers it).
      if (path === '/api/users/me/sign-out') continue;
      const params = op.parameters ?? [];
      const pick = (where: string) => Object.fromEntries(params.filter((p) => p.in === where).map((p) => [p.name, p.schema ?? {}]));
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: pick('path'),
        query: pick('query'),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return out;
}

interface FuzzRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** A value to send as JSON, or raw JSON text. */
  body?: unknown;
  rawBody?: string;
  label: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Valid-shaped requests, one with unknown UUIDs and one with a malformed id wherever an id goes. */
function idRequests(op: Operation): FuzzRequest[] {
  const shaped = (label: string, id: () => string): FuzzRequest => ({
    label,
    params: sampleValue({ type: 'object', properties: op.pathParams }, id) as Record<string, unknown>,
    query: sampleValue({ type: 'object', properties: op.query }, id) as Record<string, unknown>,
    body: op.body ? sampleValue(op.body, id) : undefined,
  });
  return [shaped('unknown ids', unknownId), shaped('malformed ids', () => MALFORMED_ID)];
}

/**
 * An existing record's id for each `/…/{id}` operation, read from the list the same path answers
 * without `/{id}` (GET /api/products for /api/products/{id}), as admin; none when there is no such
 * list. Found from the document, so a new resource is covered without a list to keep.
 */
const existingIds = new Map<string, string>();
async function findExistingIds() {
  for (const op of operations) {
    const collection = op.path.match(/^(.*)\/\{id\}$/)?.[1];
    if (!collection || !operations.some((o) => o.method === 'GET' && o.path === collection)) continue;
    const res = await t.app.inject({ url: collection, headers: roles.admin });
    const id = res.statusCode === 200 ? firstId(res.json()) : undefined;
    if (id) existingIds.set(op.path, id);
  }
}

/** The first `_id` string anywhere in a JSON answer. */
function firstId(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (!Array.isArray(value) && typeof (value as { _id?: unknown })._id === 'string') return (value as { _id: string })._id;
  for (const item of Object.values(value)) {
    const found = firstId(item);
    if (found) return found;
  }
  return undefined;
}

const protoObject = JSON.parse('{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}');
/** A few random strings too, reproducible by the seed. */
const randomStrings = fc.sample(fc.string({ unit: 'binary', maxLength: 40 }), { numRuns: 3, seed: 20261125 });

/**
 * The hostile replacements tried at one place of a valid-shaped request: every odd string where a
 * string goes; elsewhere a string is only one more wrong type, so one odd string is enough.
 */
const hostileValuesFor = (value: unknown): unknown[] => [
  wrongTypeFor(value),
  DELETE,
  null,
  protoObject,
  ['1', 'x'], // in a query string: the key repeated
  ...(typeof value === 'string' ? [...HOSTILE_STRINGS, ...randomStrings] : ['\uD800']),
];

/** One field at a time made hostile, in the path, the query and the body; plus prototype keys at the body's top. */
function hostileRequests(op: Operation): FuzzRequest[] {
  const [unknown] = idRequests(op);
  // A record that exists lets the hostile body reach the service (an unknown one stops at 404).
  const existing = op.method !== 'DELETE' ? existingIds.get(op.path) : undefined;
  const base = existing ? { ...unknown, params: { ...unknown.params, id: existing } } : unknown;
  const out: FuzzRequest[] = [];
  for (const where of ['params', 'query', 'body'] as const) {
    const target = base[where];
    if (target === undefined) continue;
    for (const path of pathsOf(target)) {
      const original = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], target);
      for (const hostile of hostileValuesFor(original)) {
        // Path segments are always strings; a missing one is an empty segment.
        const value = where === 'params' && typeof hostile !== 'string' ? (hostile === DELETE ? '' : str(hostile)) : hostile;
        out.push({ ...base, [where]: withValueAt(target, path, value), label: `${where}.${path.join('.')}=${labelOf(hostile)}` });
      }
    }
  }
  if (op.body) {
    out.push({ ...base, body: undefined, rawBody: withPrototypeKeys(base.body), label: 'body with prototype keys' });
    out.push({ ...base, body: undefined, label: 'no body' });
    out.push({ ...base, body: undefined, rawBody: '{"a":', label: 'broken JSON' });
  }
  return out;
}

const labelOf = (v: unknown) => (v === DELETE ? '<missing>' : str(v)?.slice(0, 30));

/** A lone surrogate cannot be percent-encoded; it becomes U+FFFD, as a browser would send it. */
const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** The URL with path parameters filled in and a query string (a list value repeats its key). */
function urlOf(op: Operation, req: FuzzRequest): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(wellFormed(str(req.params[name] ?? ''))));
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(req.query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) qs.append(key, str(v));
  }
  const query = qs.toString();
  return query ? `${path}?${query}` : path;
}

const STACK_TRACE = /\bat .+\(.+:\d+:\d+\)|node_modules|\.ts:\d+|\bstack\b/i;

/** Sends one request; returns a failure line, or null when the answer keeps the contract. */
async function check(op: Operation, req: FuzzRequest, role: string): Promise<string | null> {
  const url = urlOf(op, req);
  const hasBody = req.rawBody !== undefined || req.body !== undefined;
  const res = await t.app.inject({
    method: op.method as 'POST',
    url,
    headers: { ...roles[role], ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    payload: req.rawBody ?? (req.body !== undefined ? JSON.stringify(req.body) : undefined),
  });
  const problem =
    answerProblem(op, res.statusCode, String(res.headers['content-type'] ?? ''), res.body) ??
    (res.statusCode >= 500
      ? 'a 5xx'
      : STACK_TRACE.test(res.body)
        ? 'a stack trace'
        : res.statusCode >= 400 && typeof safeJson(res.body)?.message !== 'string'
          ? 'an error without { message }'
          : null);
  return problem && `${role} ${op.method} ${url.slice(0, 120)} [${req.label}] -> ${res.statusCode} (${problem}) ${res.body.slice(0, 160)}`;
}

/** The zod schema a route declares for a status, found by the document's path. */
function responseSchema(op: Operation, status: number): z.ZodType | undefined {
  const url = op.path.replace(/\{(\w+)\}/g, ':$1');
  const route = t.app.routeList.find((r) => r.method === op.method && r.url === url);
  return route?.response?.[String(status)] as z.ZodType | undefined;
}

/** 2xx JSON answers checked against their route's response schema (at least one per run). */
let checkedAnswers = 0;

/** Why a 2xx JSON answer breaks its route's response schema (every route declares one), or null. */
function answerProblem(op: Operation, status: number, contentType: string, body: string): string | null {
  if (status < 200 || status >= 300 || !contentType.startsWith('application/json')) return null;
  const schema = responseSchema(op, status);
  if (!schema) return `no response schema for ${status}`;
  checkedAnswers++;
  const sent: unknown = JSON.parse(body);
  const parsed = schema.safeParse(sent);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return `an answer its schema refuses (${issue?.path.join('.')}: ${issue?.message})`;
  }
  return isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), sent) ? null : 'a field outside its schema';
}

const safeJson = (text: string): { message?: unknown } | undefined => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

describe('schema-driven fuzzing of every documented operation', () => {
  it('finds the operations in the served document, with their schemas', () => {
    expect(operations.length).toBeGreaterThan(40);
    const cart = operations.find((o) => o.method === 'POST' && o.path === '/api/cart');
    expect(cart?.body?.properties).toHaveProperty('productId');
    expect(operations.find((o) => o.path === '/api/products/{id}')?.pathParams).toHaveProperty('id');
    // Every API route declares its answers (a 2xx and the shared 4xx), so the document describes them.
    const undeclared = t.app.routeList.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'OPTIONS' && !r.response?.['4xx'],
    );
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('answers unknown and malformed ids with a 4xx, for every role', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      for (const role of Object.keys(roles)) {
        for (const req of idRequests(op)) {
          const failure = await check(op, req, role);
          if (failure) failures.push(failure);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('answers 404 "… not found" for a malformed id in a path (docs/architecture.md#api-contract), for an admin', async () => {
    const withId = operations.filter((op) => 'id' in op.pathParams);
    expect(withId.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const op of withId) {
      const [, malformed] = idRequests(op);
      for (const id of [MALFORMED_ID, '1 or 1=1', `${unknownId()}x`]) {
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: urlOf(op, { ...malformed, params: { id } }),
          headers: roles.admin,
          ...(malformed.body !== undefined ? { payload: malformed.body as object } : {}),
        });
        if (res.statusCode !== 404 || !/not found$/.test(res.json().message))
          wrong.push(`${op.method} ${op.path} ${id} -> ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never answers 5xx, a stack trace or a bare error to a hostile field, for every role', async () => {
    await findExistingIds();
    expect([...existingIds.keys()]).toEqual(expect.arrayContaining(['/api/products/{id}', '/api/categories/{id}']));
    if (process.env.FUZZ_TIMING) console.log([...existingIds.keys()]);
    const failures: string[] = [];
    for (const op of operations) {
      const started = performance.now();
      let n = 0;
      for (const role of Object.keys(roles)) {
        for (const req of hostileRequests(op)) {
          n++;
          const failure = await check(op, req, role);
          if (failure) failures.push(failure);
        }
      }
      if (process.env.FUZZ_TIMING) console.log(op.method, op.path, n, Math.round(performance.now() - started));
    }
    expect(failures.slice(0, 60)).toEqual([]);
    expect(checkedAnswers).toBeGreaterThan(20);
    // About 30 s on an idle two-core machine for ~70 operations; every new route adds to it.
  }, 300_000);

  it('keeps every per-IP limit for a client that forges a new X-Forwarded-For on each request', async () => {
    // Two fresh apps with low auth limits get the same requests, in the same order, from one
    // address each; one client also writes a new address into every forwarding header. The answers
    // must be the same (limits then trip at the same request), and the limits must trip.
    const apps = await Promise.all([0, 1].map(() => createTestApp({ authRateLimitMax: 3, authAccountLimitMax: 2 })));
    try {
      const forged = (n: number) => {
        const ip = `198.51.${n >> 8}.${n & 255}`;
        return { 'x-forwarded-for': ip, 'x-real-ip': ip, forwarded: `for=${ip}`, 'true-client-ip': ip, 'cf-connecting-ip': ip };
      };
      const differ: string[] = [];
      const limited = new Set<string>();
      let n = 0;
      for (const [i, op] of operations.entries()) {
        const [req] = idRequests(op);
        const url = urlOf(op, req);
        const answers: number[][] = [[], []];
        // More than the lowest per-IP limit on a route (10 a minute: contact form, reviews).
        for (let k = 0; k < 12; k++) {
          for (const which of [0, 1]) {
            const res = await apps[which].app.inject({
              method: op.method as 'POST',
              url,
              remoteAddress: `10.77.${i >> 8}.${i & 255}`,
              headers: which === 1 ? forged(++n) : {},
              ...(req.body !== undefined ? { payload: req.body as object } : {}),
            });
            answers[which].push(res.statusCode);
          }
        }
        if (answers[1].includes(429)) limited.add(`${op.method} ${op.path}`);
        if (answers[0].join() !== answers[1].join())
          differ.push(`${op.method} ${op.path}: ${answers[0].join()} vs forged ${answers[1].join()}`);
      }
      expect(differ).toEqual([]);
      expect([...limited]).toEqual(
        expect.arrayContaining([
          'POST /api/auth/login',
          'POST /api/auth/register-start',
          'POST /api/auth/forgot-password-start',
          'POST /api/contacts',
        ]),
      );
    } finally {
      await Promise.all(apps.map((a) => a.close()));
    }
  }, 300_000);

  it('still serves the catalogue afterwards; no prototype polluted, no shopper promoted', async () => {
    expect((await t.app.inject(`/api/products/${productId}`)).statusCode).toBe(200);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect((await t.app.inject({ url: '/api/users/me', headers: roles.shopper })).json().role).toBe('customer');
  });
});
