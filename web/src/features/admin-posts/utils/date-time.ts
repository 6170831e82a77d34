// The Edit Publication Date dialog's day and HH:mm time, to and from an ISO timestamp.
import { format, isValid, parseISO } from 'date-fns';

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/**
 * The day (in the browser's time zone) at the HH:mm time, as an ISO timestamp in UTC. A missing
 * or malformed time counts as midnight.
 */
export function combineDateAndTime(day: Date, time: string): string {
  const match = TIME.exec(time.trim());
  const combined = new Date(day.getFullYear(), day.getMonth(), day.getDate());
  if (match) combined.setHours(Number(match[1]), Number(match[2]), 0, 0);
  return combined.toISOString();
}

/** A timestamp split into the dialog's day and HH:mm time; nothing usable gives no day. */
export function splitDateAndTime(iso: string | null | undefined): { day?: Date; time: string } {
  const date = iso ? parseISO(iso) : null;
  if (!date || !isValid(date)) return { time: '12:00' };
  return { day: date, time: format(date, 'HH:mm') };
}
