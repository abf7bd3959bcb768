/**
 * Mail attachments by reference: the mail outbox stores `{ kind: 'invoice', orderId }`
 * and calls this at delivery to make the file, the order's GST tax invoice as a PDF; likewise
 * `{ kind: 'credit_note', creditNoteId }`, a refund's credit note.
 */
import type { ShopSettings } from '../../../core/schemas/settings';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { creditNotes } from '../../db/schema';
import { AppError } from '../../errors';
import type { MailAttachmentRef, MailFile } from '../../integrations/mail/mailer';
import { creditNoteFileName, loadCreditNote, renderCreditNotePdf } from '../refunds/credit-note';
import { renderInvoicePdf } from './pdf';
import { invoiceFileName, loadInvoice } from './service';

/** A refund's GST credit note, or null when it is gone. */
async function renderCreditNoteAttachment(
  db: Database,
  settings: () => Promise<ShopSettings>,
  creditNoteId: string,
): Promise<MailFile | null> {
  const [row] = await db.select({ orderId: creditNotes.orderId }).from(creditNotes).where(eq(creditNotes.id, creditNoteId));
  if (!row) return null;
  const note = await loadCreditNote(db, row.orderId, creditNoteId, 'system', await settings());
  return { filename: creditNoteFileName(note.credit.number), contentType: 'application/pdf', content: await renderCreditNotePdf(note) };
}

/**
 * Renders one attachment reference.
 * - in: the database, a reader of the current shop settings (the seller on the invoice), the reference.
 * - out: the invoice PDF ('invoice-RM-2026-27-00001.pdf', application/pdf), or null when the order
 *   is gone or has no invoice number (the mail is then sent without it); for `credit_note`, the
 *   refund's credit note ('credit-note-RM-CN-2026-27-00001.pdf').
 * Throws what the database throws (the outbox retries the mail later).
 */
export async function renderMailAttachment(
  db: Database,
  settings: () => Promise<ShopSettings>,
  ref: MailAttachmentRef,
): Promise<MailFile | null> {
  if (ref.kind === 'credit_note') return renderCreditNoteAttachment(db, settings, ref.creditNoteId);
  let invoice;
  try {
    invoice = await loadInvoice(db, ref.orderId, 'system', await settings());
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return null;
    throw err;
  }
  return { filename: invoiceFileName(invoice.invoiceNumber), contentType: 'application/pdf', content: await renderInvoicePdf(invoice) };
}
