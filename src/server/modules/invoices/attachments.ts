/**
 * Mail attachments by reference (issue 20): the mail outbox stores `{ kind: 'invoice', orderId }`
 * and calls this at delivery to make the file, the order's GST tax invoice as a PDF.
 */
import type { ShopSettings } from '../../../core/schemas/settings';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { MailAttachmentRef, MailFile } from '../../integrations/mail/mailer';
import { renderInvoicePdf } from './pdf';
import { invoiceFileName, loadInvoice } from './service';

/**
 * Renders one attachment reference.
 * - in: the database, a reader of the current shop settings (the seller on the invoice), the reference.
 * - out: the invoice PDF ('invoice-RM-2026-27-00001.pdf', application/pdf), or null when the order
 *   is gone or has no invoice number (the mail is then sent without it).
 * Throws what the database throws (the outbox retries the mail later).
 */
export async function renderMailAttachment(
  db: Database,
  settings: () => Promise<ShopSettings>,
  ref: MailAttachmentRef,
): Promise<MailFile | null> {
  if (ref.kind !== 'invoice') return null;
  let invoice;
  try {
    invoice = await loadInvoice(db, ref.orderId, 'system', await settings());
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return null;
    throw err;
  }
  return { filename: invoiceFileName(invoice.invoiceNumber), contentType: 'application/pdf', content: await renderInvoicePdf(invoice) };
}
