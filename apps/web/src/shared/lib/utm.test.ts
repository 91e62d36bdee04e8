import { UTM_COOKIE, UTM_COOKIE_MAX_AGE_SECONDS } from '@landunits/domain';
import { describe, expect, it, vi } from 'vitest';
import { readUtmCookie } from './tracking-meta';
import { captureUtm } from './utm';

function rawCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

describe('UTM capture (SPEC §3)', () => {
  it('saves the UTM parameters of the landing URL as encoded JSON for 7 days', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor?.set?.call(document, value);
    });

    captureUtm('?utm_source=newsletter&utm_medium=email&utm_campaign=spring%20land&ref=abc');

    expect(writes).toHaveLength(1);
    const parts = (writes[0] ?? '').split('; ');
    expect(parts).toContain(`Max-Age=${UTM_COOKIE_MAX_AGE_SECONDS}`);
    expect(parts).toContain('Path=/');
    expect(parts).toContain('SameSite=Lax');
    const stored = JSON.parse(decodeURIComponent(rawCookie(UTM_COOKIE) ?? ''));
    expect(stored).toEqual({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring land' });
    expect(readUtmCookie()).toEqual(stored);
  });

  it('writes nothing when the URL has no UTM parameters', () => {
    const setter = vi.spyOn(document, 'cookie', 'set');

    expect(captureUtm('?ref=abc&page=2')).toBeUndefined();
    expect(captureUtm('')).toBeUndefined();

    expect(setter).not.toHaveBeenCalled();
    expect(rawCookie(UTM_COOKIE)).toBeUndefined();
    expect(readUtmCookie()).toEqual({});
  });

  it('keeps an earlier campaign when a later landing has no UTM parameters', () => {
    captureUtm('?utm_source=partner&utm_id=42');
    captureUtm('?page=3');

    expect(readUtmCookie()).toEqual({ utm_source: 'partner', utm_id: '42' });
  });

  it('replaces the stored campaign when a new one arrives', () => {
    captureUtm('?utm_source=partner&utm_term=land');
    captureUtm('?utm_source=search');

    expect(readUtmCookie()).toEqual({ utm_source: 'search' });
  });

  it('ignores a damaged cookie', () => {
    document.cookie = `${UTM_COOKIE}=%7Bnot-json; Path=/`;
    expect(readUtmCookie()).toEqual({});
  });
});
