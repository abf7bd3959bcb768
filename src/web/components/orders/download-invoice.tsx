/**
 * "Download invoice": GET /api/orders/{id}/invoice with the stored bearer token (a plain
 * link would carry no token), saved through a blob URL under the server's file name
 * ('invoice-RM-2026-27-00001.pdf'). A failure shows the server's message under the button. A
 * refund's GST credit note downloads the same way.
 */
import { useState } from 'react';
import { Button } from '../ui/button';
import { ApiRequestError } from '../../lib/api';
import { getToken } from '../../lib/auth';

const FALLBACK = 'We could not download the invoice. Please try again.';
const CREDIT_NOTE_FALLBACK = 'We could not download the credit note. Please try again.';

/**
 * Fetches a PDF from `path` with the bearer token and hands it to the browser as a download under the
 * server's file name (or `defaultName`). Throws ApiRequestError with the server's message, or status
 * 0 and `fallback` when the network fails.
 */
async function downloadPdf(path: string, defaultName: string, fallback: string): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { Accept: 'application/pdf', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiRequestError(0, fallback);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiRequestError(response.status, typeof payload?.message === 'string' ? payload.message : fallback);
  }
  const blob = await response.blob();
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? defaultName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Fetches the invoice PDF of order `orderId` and hands it to the browser as a download.
 * Throws ApiRequestError with the server's message (e.g. 'No invoice for this order'), or status 0
 * and a generic message when the network fails.
 */
export function downloadInvoice(orderId: string): Promise<void> {
  return downloadPdf(`/api/orders/${encodeURIComponent(orderId)}/invoice`, 'invoice.pdf', FALLBACK);
}

/** A download button with its busy state and an error line. */
function DownloadButton({
  label,
  run,
  fallback,
  className = '',
}: {
  label: string;
  run: () => Promise<void>;
  fallback: string;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onClick = async () => {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : fallback);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={className}>
      <Button variant="outline" size="sm" loading={busy} onClick={() => void onClick()}>
        {busy ? null : (
          <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
            <path
              d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14.5V16a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1v-1.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.7"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        )}
        {label}
      </Button>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The invoice's button; render it only when the order has an invoice number. */
export function DownloadInvoiceButton({ orderId, className = '' }: { orderId: string; className?: string }) {
  return <DownloadButton label="Download invoice" run={() => downloadInvoice(orderId)} fallback={FALLBACK} className={className} />;
}

/** A refund's GST credit note: GET /api/orders/{id}/credit-notes/{creditNoteId}, named by its number. */
export function DownloadCreditNoteButton({
  orderId,
  creditNote,
  className = '',
}: {
  orderId: string;
  creditNote: { _id: string; number: string };
  className?: string;
}) {
  const path = `/api/orders/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(creditNote._id)}`;
  return (
    <DownloadButton
      label={`Credit note ${creditNote.number}`}
      run={() => downloadPdf(path, 'credit-note.pdf', CREDIT_NOTE_FALLBACK)}
      fallback={CREDIT_NOTE_FALLBACK}
      className={className}
    />
  );
}
