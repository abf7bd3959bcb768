/**
 * The order modal's "WhatsApp" block (docs/architecture.md#whatsapp): the messages sent to the
 * shopper about this order, each with its status (waiting, sent, delivered, read, failed with Meta's
 * reason). Nothing is shown for an order without WhatsApp messages.
 */
import { useQuery } from '@tanstack/react-query';
import { WHATSAPP_KIND_LABELS, WHATSAPP_KINDS, type WhatsAppKind } from '../../../../core/whatsapp';
import { apiFetch } from '../../../lib/api';
import { formatDateTime } from '../format';

interface OrderWhatsApp {
  id: string;
  kind: string;
  templateName: string;
  to: string;
  status: 'queued' | 'sent' | 'delivered' | 'read' | 'failed';
  lastError: string | null;
  createdAt: string;
}

const STATUS: Record<OrderWhatsApp['status'], string> = {
  queued: 'Waiting to send',
  sent: 'Sent ✓',
  delivered: 'Delivered ✓✓',
  read: 'Read ✓✓',
  failed: 'Failed',
};

const labelOf = (kind: string) =>
  (WHATSAPP_KINDS as readonly string[]).includes(kind) ? WHATSAPP_KIND_LABELS[kind as WhatsAppKind] : kind;

/** The block, for staff who may read orders. */
export function OrderWhatsApp({ orderId }: { orderId: string }) {
  const query = useQuery({
    queryKey: ['admin', 'order-whatsapp', orderId],
    queryFn: () => apiFetch<OrderWhatsApp[]>(`/api/orders/admin/${orderId}/whatsapp`, { auth: true, fallbackMessage: 'Could not load' }),
  });
  const rows = query.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="space-y-1.5" aria-label="WhatsApp messages">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-500">WhatsApp</h3>
      <ul className="space-y-1 text-sm text-stone-800">
        {rows.map((m) => (
          <li key={m.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span>{labelOf(m.kind)}</span>
            <span className={m.status === 'failed' ? 'text-red-700' : 'text-stone-500'} title={m.lastError ?? undefined}>
              {STATUS[m.status]}
              {m.status === 'failed' && m.lastError ? `: ${m.lastError}` : ''} · {formatDateTime(m.createdAt)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
