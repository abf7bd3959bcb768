/**
 * Order status as a coloured badge, in the shopper's words and colours (the
 * state machine's mapping, src/core/order-status.ts).
 */
import type { OrderStatus } from '../../../core/constants';
import { ORDER_STATUS_INFO, type StatusColour } from '../../../core/order-status';
import { Badge, type BadgeTone } from '../../components/ui/badge';

const TONES: Partial<Record<StatusColour, BadgeTone>> = {
  yellow: 'yellow',
  blue: 'blue',
  purple: 'purple',
  green: 'green',
  red: 'red',
  gray: 'grey',
};

/** The status with its colour and the shopper's label. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const info = ORDER_STATUS_INFO[status];
  return <Badge tone={(info && TONES[info.shopperColour]) ?? 'grey'}>{info?.shopperLabel ?? 'Unknown'}</Badge>;
}

export { orderRef } from '../../../core/order-ref';
