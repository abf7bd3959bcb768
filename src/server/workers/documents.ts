/**
 * The documents a confirmation mail carries, made off the request thread (issue 20): the invoice or
 * credit-note PDF (pdfkit, several ms of CPU each) and the MIME message around it (nodemailer's
 * MailComposer). The shop runs them in one worker thread (node:worker_threads), so the second core
 * draws and composes while the first answers shoppers; the mail outbox still renders at delivery,
 * after the commit, and retries a failure like any other (integrations/mail/outbox.ts).
 *
 * `inlineDocuments` does the same work in the calling thread: the worker's own implementation, and
 * what the shop uses when the worker's bundle is not built (tests and scripts run from source).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { composeMail, type ComposedMail, type OutgoingMail } from '../integrations/mail/mailer';
import { renderInvoicePdf, type CreditNoteMeta } from '../modules/invoices/pdf';
import type { InvoiceData } from '../modules/invoices/service';

export interface Documents {
  /** The invoice as PDF bytes, or with `credit` its credit note (modules/invoices/pdf.ts). */
  pdf: (invoice: InvoiceData, credit?: CreditNoteMeta) => Promise<Buffer>;
  /** The message as MIME bytes with its envelope (integrations/mail/mailer.ts `composeMail`). */
  mime: (from: string, message: OutgoingMail, newline?: 'unix') => Promise<ComposedMail>;
  /** Stops the worker, if any; pending work is rejected. */
  close: () => Promise<void>;
}

/** The documents made in the calling thread. */
export const inlineDocuments: Documents = {
  pdf: renderInvoicePdf,
  mime: composeMail,
  close: async () => undefined,
};

/** A request to the worker and its answer (`value` is the task's result, or `error` its message). */
export type DocumentTask =
  { id: number; task: 'pdf'; args: Parameters<Documents['pdf']> } | { id: number; task: 'mime'; args: Parameters<Documents['mime']> };
export type DocumentAnswer = { id: number; value?: Uint8Array | { raw: Uint8Array; envelope: ComposedMail['envelope'] }; error?: string };

/** The worker's bundle beside the server's (scripts/lib/server-bundle.mjs builds both). */
const BUNDLED_WORKER = new URL('./documents-worker.js', import.meta.url);

/** Bytes that crossed from the worker (a Uint8Array) as the Buffer callers expect, without a copy. */
const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The documents made in one worker thread running `file` (default: the bundled worker beside the
 * server). The worker starts at the first task and again after it dies (its pending tasks are then
 * rejected, and the outbox retries their mails); it never keeps the process alive. Tasks run one at a
 * time in the order given. Returns `inlineDocuments` when `file` does not exist (running from source).
 */
export function createDocuments(file: URL = BUNDLED_WORKER): Documents {
  if (!existsSync(fileURLToPath(file))) return inlineDocuments;
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (answer: DocumentAnswer) => void; reject: (err: Error) => void }>();

  const failAll = (err: Error) => {
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
  };
  const start = () => {
    const w = new Worker(file, { resourceLimits: { maxOldGenerationSizeMb: 64 } });
    w.unref();
    w.on('message', (answer: DocumentAnswer) => {
      const task = pending.get(answer.id);
      pending.delete(answer.id);
      task?.resolve(answer);
    });
    const gone = (err: Error) => {
      if (worker !== w) return;
      worker = null;
      failAll(err);
    };
    w.on('error', gone);
    w.on('exit', (code) => gone(new Error(`the documents worker stopped (exit code ${code})`)));
    return w;
  };
  const run = async (task: Omit<DocumentTask, 'id'>): Promise<DocumentAnswer['value']> => {
    worker ??= start();
    const id = ++nextId;
    const answer = await new Promise<DocumentAnswer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker!.postMessage({ ...task, id });
    });
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer.value;
  };

  return {
    pdf: async (invoice, credit) => {
      return toBuffer((await run({ task: 'pdf', args: [invoice, credit] })) as Uint8Array);
    },
    mime: async (from, message, newline) => {
      const { raw, envelope } = (await run({ task: 'mime', args: [from, message, newline] })) as {
        raw: Uint8Array;
        envelope: ComposedMail['envelope'];
      };
      return { raw: toBuffer(raw), envelope };
    },
    close: async () => {
      const w = worker;
      worker = null;
      failAll(new Error('the documents worker was closed'));
      await w?.terminate();
    },
  };
}
