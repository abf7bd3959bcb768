/**
 * A refund's GST credit note as a document (docs/architecture.md#invoice-and-credit-note-numbers): the
 * original invoice's seller, buyer and place of supply, with the credited lines and totals recorded
 * when the refund was made (credit_notes, never recomputed), drawn by the invoice's PDF code.
 */
import { and, eq } from 'drizzle-orm';
import type { ShopSettings } from '../../../core/schemas/settings';
import { can } from '../../../core/permissions';
import type { Tx } from '../../db/client';
import { creditNotes, orders } from '../../db/schema';
import { isUuid, notFound } from '../../errors';
import { renderInvoicePdf, type CreditNoteMeta } from '../invoices/pdf';
import { loadInvoice, type InvoiceData } from '../invoices/service';

/**
 * Loads credit note `creditNoteId` of order `orderId` as `viewer` may see it: the order's owner or
 * an admin ('system' for the mail outbox); anyone else, a malformed id or a note of another order
 * gets 404 'Credit note not found'. Out: the invoice data with the credited lines and totals, and
 * the note's number, date and reason.
 */
export async function loadCreditNote(
  db: Tx,
  orderId: string,
  creditNoteId: string,
  viewer: { id: string; role: string } | null | 'system',
  seller: ShopSettings,
): Promise<{ data: InvoiceData; credit: CreditNoteMeta }> {
  const missing = () => notFound('Credit note not found');
  if (!viewer || !isUuid(orderId) || !isUuid(creditNoteId)) throw missing();
  const [row] = await db
    .select({ note: creditNotes, userId: orders.userId })
    .from(creditNotes)
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .where(and(eq(creditNotes.id, creditNoteId), eq(creditNotes.orderId, orderId)));
  if (!row || (viewer !== 'system' && row.userId !== viewer.id && !can(viewer.role, 'orders.read'))) throw missing();
  const invoice = await loadInvoice(db, orderId, 'system', seller);
  const lines = row.note.lines.map((l) => ({ ...l, unitPricePaise: 0, discountPaise: 0 }));
  const sum = (pick: (l: (typeof lines)[number]) => number) => lines.reduce((total, l) => total + pick(l), 0);
  return {
    data: {
      ...invoice,
      lines,
      totals: {
        taxablePaise: sum((l) => l.taxablePaise),
        cgstPaise: sum((l) => l.cgstPaise),
        sgstPaise: sum((l) => l.sgstPaise),
        igstPaise: sum((l) => l.igstPaise),
        linesPaise: sum((l) => l.totalPaise),
        shippingPaise: 0,
        grandTotalPaise: row.note.totalPaise,
      },
    },
    credit: { number: row.note.number, issuedAt: row.note.issuedAt, reason: row.note.reason },
  };
}

/** The download's file name: 'RM/CN/2026-27/00001' -> 'credit-note-RM-CN-2026-27-00001.pdf'. */
export function creditNoteFileName(number: string): string {
  return `credit-note-${number.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '')}.pdf`;
}

/** Renders a loaded credit note as PDF bytes. */
export function renderCreditNotePdf(note: { data: InvoiceData; credit: CreditNoteMeta }): Promise<Buffer> {
  return renderInvoicePdf(note.data, note.credit);
}
