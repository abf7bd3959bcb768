/**
 * Downloads sent with the bearer token and saved through an object URL under the server's file
 * name: the catalogue as Shopify's product CSV (docs/architecture.md#product-export).
 */
import { getToken } from '../../../lib/auth';
import { ApiRequestError } from '../../../lib/api';

/** The file name of a Content-Disposition header, or null. */
function fileNameOf(disposition: string | null): string | null {
  return disposition ? (/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null) : null;
}

/** GET /api/admin/products/export.csv, saved as products-<date>.csv. Throws ApiRequestError on failure. */
export async function downloadProductsCsv(): Promise<void> {
  const fallback = 'Failed to export products';
  let response: Response;
  try {
    response = await fetch('/api/admin/products/export.csv', {
      headers: { Authorization: `Bearer ${getToken() ?? ''}`, Accept: 'text/csv' },
    });
  } catch {
    throw new ApiRequestError(0, fallback);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiRequestError(response.status, body?.message ?? fallback);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition')) ?? 'products.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * POSTs `file` as multipart (field `file`) to `path` with the bearer token; answers the JSON
 * body. Throws ApiRequestError with the server's message on failure.
 */
export async function uploadCsv<T>(path: string, file: File, fallback: string): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: { Authorization: `Bearer ${getToken() ?? ''}` }, body: form });
  } catch {
    throw new ApiRequestError(0, fallback);
  }
  const body = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok || body === null) throw new ApiRequestError(response.status, body?.message ?? fallback);
  return body;
}
