/**
 * Date and text formatting of the admin screens: times in India (en-IN, IST) and capitalised labels.
 */

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

const dateOnly = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
const timeOnly = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/** "5 Mar 2026, 4:07 pm" in India time. */
export const formatDateTime = (iso: string) => `${dateTime.format(new Date(iso))} IST`;

/** "5 Mar 2026" in India time. */
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/** "4:07 pm" in India time. */
export const formatTime = (iso: string) => timeOnly.format(new Date(iso));

/** "placed" → "Placed". */
export const capitalise = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);
