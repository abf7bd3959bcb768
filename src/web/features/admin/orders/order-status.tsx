/**
 * Order statuses on the admin screens (admin section 4, DESIGN.md list): capitalised labels and the
 * admin badge colours (placed blue, confirmed green, processing yellow, shipped purple, delivered
 * emerald, cancelled red, returned and refunded gray).
 */
import { ORDER_STATUSES, type OrderStatus } from '../../../../core/constants';
import { capitalise } from '../format';

/** Badge classes per status (background, text, ring). */
export const STATUS_STYLES: Record<OrderStatus, string> = {
  placed: 'bg-blue-50 text-blue-700 ring-blue-200',
  confirmed: 'bg-green-50 text-green-700 ring-green-200',
  processing: 'bg-yellow-50 text-yellow-800 ring-yellow-300',
  shipped: 'bg-purple-50 text-purple-700 ring-purple-200',
  delivered: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  cancelled: 'bg-red-50 text-red-700 ring-red-200',
  returned: 'bg-gray-100 text-gray-700 ring-gray-300',
  refunded: 'bg-gray-100 text-gray-700 ring-gray-300',
};

/** The statuses with their labels, in the DESIGN.md order. */
export const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: capitalise(value) }));

/** True when `value` is one of the order statuses. */
export const isOrderStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

/** The status as a coloured badge with its capitalised label. */
export function AdminStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLES[status]}`}
    >
      {capitalise(status)}
    </span>
  );
}
