import { afterEach, describe, expect, it } from 'vitest';
import { hubspotMetaData } from './tracking-meta';

describe('hubspotMetaData', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('never sends a single-use token to the tracker', () => {
    window.history.replaceState(null, '', '/account/confirm?token=abcdef&utm_source=mail');
    const meta = hubspotMetaData();
    expect(meta.pageUri).toBe(`${window.location.origin}/account/confirm?utm_source=mail`);
    expect(meta.pageUri).not.toContain('abcdef');
  });
});
