import { z } from 'zod';
import { CHAT_LIMITS, CHAT_MESSAGES as M } from './schemas';

/**
 * The chat's office hours (an admin setting): per weekday (0 = Sunday … 6 = Saturday) one opening
 * and closing time in an IANA time zone, and how soon a reply can be expected while open.
 */

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

const OfficeDaySchema = z
  .object({
    day: z.number({ message: M.dayInvalid }).int(M.dayInvalid).min(0, M.dayInvalid).max(6, M.dayInvalid),
    opens: z.string({ message: M.timeInvalid }).regex(TIME, M.timeInvalid),
    closes: z.string({ message: M.timeInvalid }).regex(TIME, M.timeInvalid),
  })
  .strict()
  .refine((d) => !TIME.test(d.opens) || !TIME.test(d.closes) || d.closes > d.opens, { message: M.closesBeforeOpens, path: ['closes'] });

export const OfficeHoursSchema = z
  .object({
    timezone: z.string({ message: M.timezoneInvalid }).trim().max(64, M.timezoneInvalid).refine(isTimeZone, M.timezoneInvalid),
    days: z.array(OfficeDaySchema).max(7),
    expectedReplyMinutes: z.number({ message: M.expectedReplyInvalid }).int(M.expectedReplyInvalid).min(1, M.expectedReplyInvalid).max(CHAT_LIMITS.expectedReplyMinutesMax, M.expectedReplyInvalid),
  })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.days.forEach((d, i) => {
      if (seen.has(d.day)) ctx.addIssue({ code: 'custom', message: M.dayTwice, path: ['days', i, 'day'] });
      seen.add(d.day);
    });
  });
export type OfficeHours = z.output<typeof OfficeHoursSchema>;

/** Mon–Fri 09:00–17:00 London time, a reply within 10 minutes. */
export const DEFAULT_OFFICE_HOURS: OfficeHours = {
  timezone: 'Europe/London',
  days: [1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '17:00' })),
  expectedReplyMinutes: 10,
};

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

interface LocalTime {
  year: number;
  month: number;
  day: number;
  weekday: number;
  minutes: number;
}

function localTime(instant: Date, timeZone: string): LocalTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { year: Number(get('year')), month: Number(get('month')), day: Number(get('day')), weekday, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** The time zone's offset from UTC (milliseconds) at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const t = localTime(new Date(instant), timeZone);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, Math.floor(t.minutes / 60), t.minutes % 60);
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/** The instant of a wall-clock time in a time zone (a time skipped by a DST change moves forward). */
function instantOf(year: number, month: number, day: number, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  let guess = wall - offsetAt(wall, timeZone);
  guess = wall - offsetAt(guess, timeZone);
  return new Date(guess);
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export interface OfficeHoursStatus {
  open: boolean;
  /** When the chat next opens (null while open, or when no day has hours). */
  nextOpenAt: Date | null;
}

/** Whether the chat is staffed at `now`, and if not, when it opens next. Pure. */
export function officeHoursStatus(hours: OfficeHours, now: Date): OfficeHoursStatus {
  const local = localTime(now, hours.timezone);
  const byDay = new Map(hours.days.map((d) => [d.day, d]));
  const today = byDay.get(local.weekday);
  if (today && local.minutes >= toMinutes(today.opens) && local.minutes < toMinutes(today.closes)) return { open: true, nextOpenAt: null };
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const date = new Date(Date.UTC(local.year, local.month - 1, local.day + ahead));
    const entry = byDay.get(date.getUTCDay());
    if (!entry) continue;
    const opens = toMinutes(entry.opens);
    if (ahead === 0 && local.minutes >= opens) continue;
    return { open: false, nextOpenAt: instantOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), opens, hours.timezone) };
  }
  return { open: false, nextOpenAt: null };
}

/** What the chat tells the customer about when to expect a reply. */
export function expectedReplyText(hours: OfficeHours, now: Date): string {
  const status = officeHoursStatus(hours, now);
  if (status.open) {
    const m = hours.expectedReplyMinutes;
    return m <= 5 ? 'We reply within a few minutes' : m < 60 ? `We reply within about ${m} minutes` : `We reply within about ${Math.round(m / 60)} hour${Math.round(m / 60) === 1 ? '' : 's'}`;
  }
  if (!status.nextOpenAt) return 'Nobody is answering the chat at the moment; we will reply by email as soon as we can';
  const next = localTime(status.nextOpenAt, hours.timezone);
  const hhmm = `${String(Math.floor(next.minutes / 60)).padStart(2, '0')}:${String(next.minutes % 60).padStart(2, '0')}`;
  return `We are back ${WEEKDAY_NAMES[next.weekday]} at ${hhmm} (${hours.timezone}); expect a reply then`;
}
