/**
 * Date and text formatting of the admin screens: times in India (core/india-time.ts) and capitalised labels.
 */
import { DATE, DATE_TIME, formatIndiaTime, TIME } from '../../../core/india-time';

/** "5 Mar 2026, 4:07 pm IST" in India time. */
export const formatDateTime = (iso: string) => `${formatIndiaTime(iso, DATE_TIME)} IST`;

/** "5 Mar 2026" in India time. */
export const formatDate = (iso: string) => formatIndiaTime(iso, DATE);

/** "4:07 pm" in India time. */
export const formatTime = (iso: string) => formatIndiaTime(iso, TIME);

/** "placed" → "Placed". */
export const capitalise = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);
