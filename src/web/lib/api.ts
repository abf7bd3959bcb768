/**
 * Browser client for the same-origin JSON API (docs/architecture.md#api-contract): Bearer token when stored,
 * errors as ApiRequestError carrying the server's `message` or the caller's fallback.
 */
import { clearToken, getToken } from './auth';

/** A failed API call: HTTP status (0 for a network failure) and a message fit for the shopper. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string>;

  /** The whole answer, for the few callers that read more than the message (a login's 409 `code`). */
  readonly body?: unknown;

  /** Builds the error from a status, a message, the server's per-field messages and its whole answer. */
  constructor(status: number, message: string, errors?: Record<string, string>, body?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

/** Options of apiFetch. */
export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The call needs a signed-in shopper: a 401 then clears the stored token. */
  auth?: boolean;
  /** Message used when the server sends none. */
  fallbackMessage?: string;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

function readMessage(payload: unknown): { message?: string; errors?: Record<string, string> } {
  if (payload && typeof payload === 'object') {
    const p = payload as { message?: unknown; errors?: unknown };
    return {
      message: typeof p.message === 'string' && p.message ? p.message : undefined,
      errors: p.errors && typeof p.errors === 'object' ? (p.errors as Record<string, string>) : undefined,
    };
  }
  return {};
}

/** Calls `/api/...` with JSON in and out; throws ApiRequestError on a non-OK answer. */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = false, fallbackMessage = 'Something went wrong', signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, fallbackMessage);
  }

  const text = await response.text();
  let payload: unknown = null;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }

  if (!response.ok) {
    if (response.status === 401 && auth) clearToken();
    const { message, errors } = readMessage(payload);
    throw new ApiRequestError(response.status, message ?? fallbackMessage, errors, payload);
  }
  return payload as T;
}

/** The shopper-facing message of any thrown value, or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.message || fallback;
  return fallback;
}
