/**
 * The WhatsApp Business Cloud API client (docs/architecture.md#whatsapp): sends one template message
 * with `POST {apiBase}/{version}/{phoneNumberId}/messages`, `Authorization: Bearer {token}` and the
 * documented body
 * `{ messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'template',
 *    template: { name, language: { code }, components } }`.
 * Meta answers `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid…' }] }`,
 * or a Graph API error `{ error: { message, type, code, error_data: { details }, fbtrace_id } }`.
 *
 * What is tried again: HTTP 429 and 5xx, network errors and time-outs, and Meta's throttling and
 * temporary codes (4, 80007, 130429, 131048, 131056: rate limits; 1, 2, 131000: unknown or
 * service errors) whatever the HTTP status. Any other 4xx (an unknown template, a bad number, a
 * wrong token) is final. The token never appears in an outcome or a log line.
 */
import type { SendOutcome, WhatsAppSend } from './outbox';

export interface CloudApiOptions {
  apiBase: string;
  apiVersion: string;
  phoneNumberId: string;
  token: string;
  /** The fetch to use (the stand-in's in-process one in development; the global fetch by default). */
  fetch?: typeof fetch;
  /** Milliseconds before a request is given up and retried later (default 15 s). */
  timeoutMs?: number;
}

/** Meta's error codes that mean "later": rate limits and temporary service errors. */
export const RETRIED_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131048, 131056]);

interface GraphError {
  error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } };
}

/** The request body of a template message, exactly as the Cloud API documents it. */
export function templateMessageBody(message: { to: string; templateName: string; language: string; components: unknown[] }) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: {
      name: message.templateName,
      language: { code: message.language },
      ...(message.components.length > 0 ? { components: message.components } : {}),
    },
  };
}

/** A readable error line from a Graph API error answer: "(#132001) Template name does not exist: details". */
function describeError(status: number, body: unknown): { text: string; code: number | null } {
  const error = (body as GraphError | null)?.error;
  const code = typeof error?.code === 'number' ? error.code : null;
  const message = typeof error?.message === 'string' ? error.message : `HTTP ${status}`;
  const details = typeof error?.error_data?.details === 'string' ? `: ${error.error_data.details}` : '';
  const prefix = code !== null && !message.startsWith(`(#${code})`) ? `(#${code}) ` : '';
  return { text: `${prefix}${message}${details}`.slice(0, 500), code };
}

/** Builds the send function for the outbox over the Cloud API (or the stand-in answering as it). */
export function createCloudApiClient(opts: CloudApiOptions): WhatsAppSend {
  const doFetch = opts.fetch ?? fetch;
  const url = `${opts.apiBase}/${opts.apiVersion}/${encodeURIComponent(opts.phoneNumberId)}/messages`;
  return async (message): Promise<SendOutcome> => {
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(templateMessageBody(message)),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      const reason = err instanceof Error ? (err.name === 'TimeoutError' ? 'timed out' : err.message) : String(err);
      return { ok: false, retry: true, error: `WhatsApp Cloud API unreachable: ${reason}` };
    }
    const body: unknown = await res.json().catch(() => null);
    if (res.ok) {
      const id = (body as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
      if (typeof id === 'string' && id) return { ok: true, wamid: id };
      return { ok: false, retry: true, error: 'WhatsApp Cloud API answered without a message id' };
    }
    const { text, code } = describeError(res.status, body);
    const retry = res.status === 429 || res.status >= 500 || (code !== null && RETRIED_CODES.has(code));
    return { ok: false, retry, error: text };
  };
}
