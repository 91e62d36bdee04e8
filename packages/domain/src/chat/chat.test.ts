import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors';
import { DEFAULT_OFFICE_HOURS, expectedReplyText, OfficeHoursSchema, officeHoursStatus } from './office-hours';
import { CHAT_MESSAGES as M, ChatCannedReplyInputSchema, ChatSendSchema, ChatVisitorStartSchema } from './schemas';

const errorsOf = (result: { success: boolean; error?: unknown }) => (result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]));
const clientId = '5b0f3c1e-4f7a-4c1b-9a43-2f1d3c5e6a7b';

describe('chat messages', () => {
  it('trims and takes 1..2,000 characters', () => {
    expect(ChatSendSchema.parse({ body: '  Hello  ', clientId })).toEqual({ body: 'Hello', clientId });
    expect(ChatSendSchema.safeParse({ body: 'x'.repeat(2000), clientId }).success).toBe(true);
    expect(errorsOf(ChatSendSchema.safeParse({ body: 'x'.repeat(2001), clientId }))).toEqual({ body: M.bodyMax });
    expect(errorsOf(ChatSendSchema.safeParse({ body: '   ', clientId: 'nope' }))).toEqual({ body: M.bodyRequired, clientId: M.clientIdInvalid });
    expect(errorsOf(ChatSendSchema.safeParse({}))).toEqual({ body: M.bodyRequired, clientId: M.clientIdInvalid });
    expect(M.bodyMax).toBe('A message can be at most 2,000 characters');
  });
});

describe('a visitor starting a chat', () => {
  it('needs a name, an email and consent', () => {
    expect(ChatVisitorStartSchema.parse({ name: ' Ada ', email: 'Ada@Example.com', consent: true })).toEqual({ name: 'Ada', email: 'ada@example.com', consent: true });
    const errors = errorsOf(ChatVisitorStartSchema.safeParse({ name: '', email: '', consent: false }));
    expect(errors.name).toBe(M.nameRequired);
    expect(errors.consent).toBe(M.consentRequired);
    expect(errors.email).toBeDefined();
    expect(errorsOf(ChatVisitorStartSchema.safeParse({ name: 'Ada', email: 'ada@example.com' }))).toEqual({ consent: M.consentRequired });
  });
});

describe('canned replies', () => {
  it('need a title and a body', () => {
    expect(errorsOf(ChatCannedReplyInputSchema.safeParse({ title: ' ', body: '' }))).toEqual({ title: M.cannedTitleRequired, body: M.cannedBodyRequired });
  });
});

describe('office hours', () => {
  it('validates times, days and the time zone', () => {
    expect(OfficeHoursSchema.safeParse(DEFAULT_OFFICE_HOURS).success).toBe(true);
    const errors = errorsOf(
      OfficeHoursSchema.safeParse({
        timezone: 'Mars/Olympus',
        days: [
          { day: 7, opens: '9:00', closes: '17:00' },
          { day: 1, opens: '10:00', closes: '09:00' },
          { day: 1, opens: '10:00', closes: '11:00' },
        ],
        expectedReplyMinutes: 0,
      }),
    );
    expect(errors).toEqual({
      timezone: M.timezoneInvalid,
      'days.0.day': M.dayInvalid,
      'days.0.opens': M.timeInvalid,
      'days.1.closes': M.closesBeforeOpens,
      'days.2.day': M.dayTwice,
      expectedReplyMinutes: M.expectedReplyInvalid,
    });
  });

  it('is open on a weekday within the hours, in the zone’s local time (summer time)', () => {
    // Wednesday 2026-07-15 08:30 UTC is 09:30 in London (BST).
    expect(officeHoursStatus(DEFAULT_OFFICE_HOURS, new Date('2026-07-15T08:30:00Z'))).toEqual({ open: true, nextOpenAt: null });
    // 08:30 London (07:30 UTC): opens at 09:00 London = 08:00 UTC the same day.
    expect(officeHoursStatus(DEFAULT_OFFICE_HOURS, new Date('2026-07-15T07:30:00Z'))).toEqual({ open: false, nextOpenAt: new Date('2026-07-15T08:00:00Z') });
    // 16:30 UTC = 17:30 London: closed, next Thursday 09:00 London.
    expect(officeHoursStatus(DEFAULT_OFFICE_HOURS, new Date('2026-07-15T16:30:00Z'))).toEqual({ open: false, nextOpenAt: new Date('2026-07-16T08:00:00Z') });
  });

  it('skips the weekend, and winter time has no offset in London', () => {
    // Friday 2026-11-27 17:00 London (GMT) is closed; back Monday 2026-11-30 09:00 = 09:00 UTC.
    expect(officeHoursStatus(DEFAULT_OFFICE_HOURS, new Date('2026-11-27T17:00:00Z'))).toEqual({ open: false, nextOpenAt: new Date('2026-11-30T09:00:00Z') });
    expect(expectedReplyText(DEFAULT_OFFICE_HOURS, new Date('2026-11-28T12:00:00Z'))).toBe('We are back Monday at 09:00 (Europe/London); expect a reply then');
    expect(expectedReplyText(DEFAULT_OFFICE_HOURS, new Date('2026-11-27T12:00:00Z'))).toBe('We reply within about 10 minutes');
  });

  it('uses the local weekday, not the UTC one', () => {
    const tokyo = { ...DEFAULT_OFFICE_HOURS, timezone: 'Asia/Tokyo' };
    // Sunday 2026-11-29 23:30 UTC is Monday 08:30 in Tokyo: opens 09:00 Tokyo = 00:00 UTC Monday.
    expect(officeHoursStatus(tokyo, new Date('2026-11-29T23:30:00Z'))).toEqual({ open: false, nextOpenAt: new Date('2026-11-30T00:00:00Z') });
    expect(officeHoursStatus(tokyo, new Date('2026-11-30T00:30:00Z')).open).toBe(true);
    const newYork = { ...DEFAULT_OFFICE_HOURS, timezone: 'America/New_York' };
    // Saturday 2026-11-28 02:00 UTC is still Friday 21:00 in New York: closed until Monday 09:00 EST = 14:00 UTC.
    expect(officeHoursStatus(newYork, new Date('2026-11-28T02:00:00Z'))).toEqual({ open: false, nextOpenAt: new Date('2026-11-30T14:00:00Z') });
  });

  it('has no next opening when no day has hours', () => {
    const none = { ...DEFAULT_OFFICE_HOURS, days: [] };
    expect(officeHoursStatus(none, new Date('2026-11-27T12:00:00Z'))).toEqual({ open: false, nextOpenAt: null });
    expect(expectedReplyText(none, new Date('2026-11-27T12:00:00Z'))).toMatch(/by email/);
  });
});
