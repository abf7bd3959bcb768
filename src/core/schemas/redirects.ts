/**
 * Redirects kept from the old shop (docs/architecture.md#redirects): the path rules both the admin
 * form and the server apply, the request bodies and the answers of /api/admin/redirects.
 */
import { z } from 'zod';

/** Longest path either side may be (characters). */
export const REDIRECT_PATH_MAX = 1000;

export const REDIRECT_FROM_INVALID = 'The old address must be a path starting with /, like /pages/about';
export const REDIRECT_TO_INVALID = 'The new address must be a path of this shop starting with /, like /category/sarees';
export const REDIRECT_TO_ITSELF = 'A redirect cannot point to itself';
export const REDIRECT_FROM_API = 'Addresses under /api cannot be redirected';

/** The path and query of `value` when it is a full http(s) URL (a pasted old address), else `value`. */
function pathOfUrl(value: string): string {
  if (!/^https?:\/\//i.test(value)) return value;
  try {
    const url = new URL(value);
    return `${url.pathname}${url.search}`;
  } catch {
    return value;
  }
}

/** `value` percent-decoded where it is well formed, as it is otherwise. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * An old address as the redirects table keeps and looks it up: the path only (a full URL's host,
 * the query and a #fragment dropped), percent-decoded, lower case, without a trailing slash ('/'
 * stays '/'). Null when it is not a path: empty, not starting with '/', starting with '//', or
 * holding spaces or control characters.
 */
export function normaliseFromPath(value: string): string | null {
  const path = decoded(pathOfUrl(value.trim()).split(/[?#]/)[0]).toLowerCase();
  if (!path.startsWith('/') || path.startsWith('//') || path.length > REDIRECT_PATH_MAX) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(path)) return null;
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/**
 * A redirect's target as it is kept: a path of this shop, its query kept as written (a #fragment
 * dropped). Null when it is not one: empty, a full URL, not starting with '/', starting with '//'
 * (another host), or holding spaces, backslashes or control characters.
 */
export function normaliseToPath(value: string): string | null {
  const path = value.trim().split('#')[0];
  if (!path.startsWith('/') || path.startsWith('//') || path.length > REDIRECT_PATH_MAX) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(path)) return null;
  return path;
}

/** POST /api/admin/redirects and PUT /api/admin/redirects/{id}. */
export const redirectInputSchema = z
  .object({
    fromPath: z
      .string({ error: REDIRECT_FROM_INVALID })
      .max(REDIRECT_PATH_MAX, REDIRECT_FROM_INVALID)
      .transform((v, ctx) => {
        const path = normaliseFromPath(v);
        if (path === null) ctx.addIssue({ code: 'custom', message: REDIRECT_FROM_INVALID });
        else if (path === '/api' || path.startsWith('/api/')) ctx.addIssue({ code: 'custom', message: REDIRECT_FROM_API });
        return path ?? '';
      }),
    toPath: z
      .string({ error: REDIRECT_TO_INVALID })
      .max(REDIRECT_PATH_MAX, REDIRECT_TO_INVALID)
      .transform((v, ctx) => {
        const path = normaliseToPath(v);
        if (path === null) ctx.addIssue({ code: 'custom', message: REDIRECT_TO_INVALID });
        return path ?? '';
      }),
  })
  .refine((r) => !r.fromPath || !r.toPath || normaliseFromPath(r.toPath) !== r.fromPath, {
    message: REDIRECT_TO_ITSELF,
    path: ['toPath'],
  });
export type RedirectInput = z.input<typeof redirectInputSchema>;
export type RedirectBody = z.output<typeof redirectInputSchema>;

/** GET /api/admin/redirects: a search in either path, and the page (50 a page). */
export const redirectListQuerySchema = z.object({
  search: z.string().trim().max(200).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

export const REDIRECTS_PAGE_SIZE = 50;

export const adminRedirectSchema = z.object({
  _id: z.string(),
  fromPath: z.string(),
  toPath: z.string(),
  source: z.enum(['import', 'manual']),
  updatedAt: z.string(),
});
export type AdminRedirect = z.infer<typeof adminRedirectSchema>;

export const adminRedirectListSchema = z.object({
  redirects: z.array(adminRedirectSchema),
  currentPage: z.number(),
  totalPages: z.number(),
  total: z.number(),
});
export type AdminRedirectList = z.infer<typeof adminRedirectListSchema>;

/** POST /api/admin/redirects/import: what was written, and each row left out with its line. */
export const redirectImportResultSchema = z.object({
  created: z.number(),
  updated: z.number(),
  problems: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type RedirectImportResult = z.infer<typeof redirectImportResultSchema>;
