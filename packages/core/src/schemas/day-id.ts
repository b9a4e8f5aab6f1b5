/**
 * Day ids: the agenda's and notes' keys, a calendar date as 'yyyy-MM-dd'. Kept as plain strings so
 * they sort chronologically, survive JSON and need no time zone; the arithmetic here works on the
 * date alone (in UTC) so it gives the same answer in every browser and on the server.
 */

const DAY_ID = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 24 * 60 * 60 * 1000;

function toUtcMs(dayId: string): number | undefined {
  const match = DAY_ID.exec(dayId);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  // Date.UTC rolls 2024-02-31 over to March; a real date comes back unchanged.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return ms;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function fromUtcMs(ms: number): string {
  const date = new Date(ms);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

/** True when `value` is a real calendar date written 'yyyy-MM-dd' (2024-02-30 is not). */
export function isDayId(value: string): boolean {
  return toUtcMs(value) !== undefined;
}

/** The day id `days` days after (or before, when negative) `dayId`. Throws on an invalid day id. */
export function addDays(dayId: string, days: number): string {
  const ms = toUtcMs(dayId);
  if (ms === undefined) throw new Error(`Invalid day id: ${dayId}`);
  return fromUtcMs(ms + days * MS_PER_DAY);
}

/**
 * The day id of `date` in the local time zone of whoever calls it: "today" for the user is their
 * wall-clock date, not UTC's. Action creators call it; reducers only ever receive the result.
 */
export function toDayId(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}
