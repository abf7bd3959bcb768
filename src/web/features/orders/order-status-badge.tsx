/**
 * Order status as a coloured badge (DESIGN.md shopper badges).
 */
import type { OrderStatus } from '../../../core/constants';
import { Badge, type BadgeTone } from '../../components/ui/badge';

const TONES: Record<OrderStatus, BadgeTone> = {
  placed: 'yellow',
  confirmed: 'blue',
  processing: 'blue',
  shipped: 'purple',
  delivered: 'green',
  cancelled: 'red',
  returned: 'grey',
  refunded: 'grey',
};

/** The status with its colour and a capitalised label. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const label = status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown';
  return <Badge tone={TONES[status] ?? 'grey'}>{label}</Badge>;
}

/** 'Order #' reference: the last 8 characters of the id, upper-cased. */
export function orderRef(id: string): string {
  return id.slice(-8).toUpperCase();
}
