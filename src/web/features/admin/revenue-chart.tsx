/**
 * The dashboard's 30-day revenue chart, drawn with Recharts: revenue bars per IST day in
 * rupees, with orders in the tooltip.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DAY_MONTH, formatIndiaDay } from '../../../core/india-time';
import { formatINR } from '../../../core/money';

/** One day of the chart. */
export interface RevenueDay {
  date: string;
  revenue: number;
  orders: number;
}

const shortDate = (iso: string) => formatIndiaDay(iso, DAY_MONTH);

const compactInr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', notation: 'compact', maximumFractionDigits: 1 });

/** Bars of revenue per day for the given days (oldest first). */
export function RevenueChart({ days }: { days: RevenueDay[] }) {
  return (
    <div className="h-64 w-full" role="img" aria-label={`Revenue for the last ${days.length} days`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e7e5e4" />
          <XAxis
            dataKey="date"
            tickFormatter={shortDate}
            tick={{ fontSize: 11, fill: '#78716c' }}
            interval="preserveStartEnd"
            minTickGap={24}
          />
          <YAxis tickFormatter={(v: number) => compactInr.format(v)} tick={{ fontSize: 11, fill: '#78716c' }} width={64} />
          <Tooltip
            cursor={{ fill: '#fff1f2' }}
            labelFormatter={(label) => (typeof label === 'string' ? shortDate(label) : label)}
            formatter={(value, _name, item) => [`${formatINR(Number(value))} · ${(item.payload as RevenueDay).orders} order(s)`, 'Revenue']}
          />
          <Bar dataKey="revenue" fill="#e11d48" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
