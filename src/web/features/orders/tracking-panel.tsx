/**
 * The shopper's tracking panel on the order page: for each parcel the courier, the AWB
 * linking to the courier's tracking page, where it is and when that was last updated. The steps
 * themselves are the order timeline's (shown below it), so they are not repeated here, and the
 * parcel's notes (the owner's words) are never shown. The policy line about tracking updates taking
 * up to 24 hours sits underneath.
 */
import type { Shipment } from '../../../core/api-types';
import { DAY_MONTH_TIME, formatIndiaTime } from '../../../core/india-time';
import { Badge, type BadgeTone } from '../../components/ui/badge';

const WHERE: Record<Shipment['status'], { label: string; tone: BadgeTone }> = {
  shipped: { label: 'In transit', tone: 'purple' },
  out_for_delivery: { label: 'Out for delivery', tone: 'purple' },
  delivered: { label: 'Delivered', tone: 'green' },
  returned: { label: 'Returned', tone: 'grey' },
};

/** The tracking panel; renders nothing before the order ships. */
export function TrackingPanel({ shipments }: { shipments: Shipment[] }) {
  if (shipments.length === 0) return null;
  return (
    <section aria-labelledby="tracking-heading" className="rounded-xl border border-stone-200 bg-white p-6">
      <h2 id="tracking-heading" className="font-display text-xl font-semibold text-stone-900">
        Tracking
      </h2>
      {[...shipments].reverse().map((s) => (
        <div key={s._id} className="mt-4 border-t border-stone-100 pt-4 first-of-type:border-t-0 first-of-type:pt-0">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium text-stone-900">{s.courierName}</p>
            <Badge tone={WHERE[s.status].tone}>{WHERE[s.status].label}</Badge>
          </div>
          <p className="mt-1 text-sm text-stone-700">
            AWB{' '}
            {s.trackingUrl ? (
              <a
                href={s.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-mono font-medium text-brand underline underline-offset-2 hover:text-brand-dark"
              >
                {s.awb}
                <span className="sr-only"> (track on {s.courierName}, opens in a new tab)</span>
              </a>
            ) : (
              <span className="font-mono font-medium">{s.awb}</span>
            )}
          </p>
          {s.events.length > 0 ? (
            <p className="mt-1 text-sm text-stone-500">
              {WHERE[s.status].label} · updated{' '}
              <time dateTime={s.events.at(-1)!.at}>{formatIndiaTime(s.events.at(-1)!.at, DAY_MONTH_TIME)}</time>
            </p>
          ) : null}
        </div>
      ))}
      <p className="mt-4 text-xs text-stone-500">Tracking updates can take up to 24 hours to appear on the courier’s page.</p>
    </section>
  );
}
