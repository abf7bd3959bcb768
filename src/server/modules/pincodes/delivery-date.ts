/**
 * The delivery estimate a shopper sees for a pincode. All dates are India (IST) calendar
 * dates, 'YYYY-MM-DD'. The rule, with the shop settings' delivery days:
 * 1. Order day: today in IST; an order after 17:00 IST counts as the next day (shipping policy).
 * 2. Dispatch: the shop works Monday to Saturday. An order day that is a Sunday moves to Monday;
 *    then `dispatchDays` working days are added (Sundays skipped). 0 dispatches on the order day.
 * 3. Transit: calendar days from dispatch, by destination: the shop's own state ->
 *    `transitDaysWithinState`; else a metro (METRO_DISTRICTS) -> `transitDaysMetros`; else
 *    `transitDaysRest`. Same state wins over metro (a shop in Karnataka ships to Bengaluru at the
 *    within-state figure).
 * 4. Window: `from` = dispatch + transit, `to` = `from` + DELIVERY_WINDOW_DAYS (couriers' spread);
 *    couriers do not deliver on Sundays, so either date falling on a Sunday moves to Monday.
 */
import { DELIVERY_WINDOW_DAYS, ORDER_CUTOFF_HOUR_IST } from '../../../core/constants';
import { istWallClock } from '../../../core/india-time';

/** The districts of the directory (pincode-table) counted as metros; every district of Delhi too. */
export const METRO_DISTRICTS: readonly string[] = [
  'Mumbai', // Mumbai city; Mumbai Suburban is not a district of its own in the directory
  'Kolkata',
  'Chennai',
  'Bangalore', // the directory's spelling of Bengaluru (Urban); Bangalore Rural is not a metro
  'Bengaluru',
  'Hyderabad',
  'Ahmedabad',
  'Pune',
];
/** Days between the earliest and the latest delivery date; the IST hour from which an order counts as the next day's. */
export { DELIVERY_WINDOW_DAYS, ORDER_CUTOFF_HOUR_IST };

const DAY_MS = 24 * 60 * 60 * 1000;

/** True when the place is a metro: any district of Delhi, or one of METRO_DISTRICTS. */
export function isMetro(place: { district: string; state: string }): boolean {
  return place.state === 'Delhi' || METRO_DISTRICTS.includes(place.district);
}

/** The delivery days of the shop settings (`settings.delivery`). */
export interface DeliveryDays {
  dispatchDays: number;
  transitDaysWithinState: number;
  transitDaysMetros: number;
  transitDaysRest: number;
}

/** 'YYYY-MM-DD' -> day number since the epoch (UTC arithmetic on a calendar date). */
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** 0 = Sunday. */
const weekday = (n: number) => new Date(n * DAY_MS).getUTCDay();
const skipSunday = (n: number) => (weekday(n) === 0 ? n + 1 : n);

/** The IST order day of an instant, after the 17:00 cut-off rule ('YYYY-MM-DD'). */
export function orderDay(now: Date): string {
  const ist = istWallClock(now);
  const day = Math.floor(ist.getTime() / DAY_MS) + (ist.getUTCHours() >= ORDER_CUTOFF_HOUR_IST ? 1 : 0);
  return fromDayNumber(day);
}

/** The dispatch date ('YYYY-MM-DD') of an order placed on `day`, `dispatchDays` working days later. */
export function dispatchDate(day: string, dispatchDays: number): string {
  let n = skipSunday(dayNumber(day));
  for (let left = dispatchDays; left > 0; left--) n = skipSunday(n + 1);
  return fromDayNumber(n);
}

/**
 * The delivery window for an order placed at `now` to `destination`, from the shop in `shopState`
 * (empty: unknown, so never "same state"). Returns `{ from, to }` as IST dates (see the rule above).
 */
export function estimateDelivery(
  now: Date,
  days: DeliveryDays,
  shopState: string,
  destination: { district: string; state: string },
): { from: string; to: string } {
  const transit =
    shopState !== '' && destination.state === shopState
      ? days.transitDaysWithinState
      : isMetro(destination)
        ? days.transitDaysMetros
        : days.transitDaysRest;
  const from = skipSunday(dayNumber(dispatchDate(orderDay(now), days.dispatchDays)) + transit);
  const to = skipSunday(from + DELIVERY_WINDOW_DAYS);
  return { from: fromDayNumber(from), to: fromDayNumber(to) };
}
