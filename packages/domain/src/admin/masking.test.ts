import { describe, expect, it } from 'vitest';
import { maskEmailsIn, maskPersonalData } from './masking';

describe('maskPersonalData', () => {
  it('hides the local part of an email address and keeps its domain', () => {
    expect(maskPersonalData('email', 'ada.lovelace@example.com')).toBe('a••••••••@example.com');
    expect(maskPersonalData('email', 'al@example.com')).toBe('a•••@example.com');
    expect(maskPersonalData('email', 'not-an-email')).toBe('••••••••');
  });

  it('keeps the last two digits of a phone number and the last four characters of an identifier', () => {
    expect(maskPersonalData('phone', '+44 7700 900123')).toBe('••••••••23');
    expect(maskPersonalData('phone', '123')).toBe('•••');
    expect(maskPersonalData('identifier', 'GB29 NWBK 6016 1331 9268 19')).toBe('••••••••6819');
    expect(maskPersonalData('identifier', '12345678')).toBe('••••5678');
    expect(maskPersonalData('identifier', '40-47-84')).toBe('••••••');
  });

  it('hides dates and text whole, and leaves empty values empty', () => {
    expect(maskPersonalData('date', '1990-04-01')).toBe('••••••••');
    expect(maskPersonalData('text', '10 Downing Street')).toBe('••••••••');
    expect(maskPersonalData('text', 'N1')).toBe('•••');
    for (const kind of ['email', 'phone', 'identifier', 'date', 'text'] as const) expect(maskPersonalData(kind, '  ')).toBe('');
  });

  it('never shows more than the kept characters', () => {
    const secret = 'GB12ABCD1234567890';
    expect(maskPersonalData('identifier', secret)).not.toContain('ABCD');
    expect(maskPersonalData('email', 'secret.name@example.com')).not.toContain('secret');
  });
});

describe('maskEmailsIn', () => {
  it('masks every email address inside a JSON value and leaves the rest', () => {
    expect(maskEmailsIn({ email: 'old@example.com', after: ['new.address@example.org', 3], note: 'from ada@example.com today' })).toEqual({
      email: 'o•••@example.com',
      after: ['n••••••••@example.org', 3],
      note: 'from a•••@example.com today',
    });
    expect(maskEmailsIn(null)).toBeNull();
  });
});
