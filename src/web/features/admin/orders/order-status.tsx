/**
 * Order statuses on the admin screens (words and colours from the state machine,
 * src/core/order-status.ts): placed blue, confirmed green, processing and packed yellow, shipped
 * purple, out for delivery indigo, delivered emerald, cancelled red, return requested orange,
 * returned and refunded gray.
 */
import { ORDER_STATUSES, type OrderStatus } from '../../../../core/constants';
import { ORDER_STATUS_INFO, type StatusColour } from '../../../../core/order-status';

const COLOUR_CLASSES: Record<StatusColour, string> = {
  blue: 'bg-blue-50 text-blue-700 ring-blue-200',
  green: 'bg-green-50 text-green-700 ring-green-200',
  yellow: 'bg-yellow-50 text-yellow-800 ring-yellow-300',
  purple: 'bg-purple-50 text-purple-700 ring-purple-200',
  indigo: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  emerald: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  red: 'bg-red-50 text-red-700 ring-red-200',
  orange: 'bg-orange-50 text-orange-800 ring-orange-300',
  gray: 'bg-gray-100 text-gray-700 ring-gray-300',
};

/** Badge classes per status (background, text, ring). */
export const STATUS_STYLES = Object.fromEntries(ORDER_STATUSES.map((s) => [s, COLOUR_CLASSES[ORDER_STATUS_INFO[s].adminColour]])) as Record<
  OrderStatus,
  string
>;

/** The admin's word for a status ('Out for delivery'). */
export const statusLabel = (status: OrderStatus) => ORDER_STATUS_INFO[status]?.adminLabel ?? status;

/** The statuses with their labels, in the order of ORDER_STATUSES. */
export const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

export { isOrderStatus } from '../../../../core/order-status';

/** The status as a coloured badge with its label. */
export function AdminStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLES[status]}`}
    >
      {statusLabel(status)}
    </span>
  );
}
