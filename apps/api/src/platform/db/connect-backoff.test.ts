import { describe, expect, it } from 'vitest';
import { ConnectBackoff, DatabaseUnreachableError } from './connect-backoff';
import { isDatabaseUnavailable } from './errors';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('ConnectBackoff', () => {
  it('waits after a failed connect, longer after each failure up to the cap, and not at all after a success', () => {
    let now = 0;
    const backoff = new ConnectBackoff(100, 400, () => now);
    expect(backoff.blocked()).toBeNull();
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      backoff.failed(refused());
      const from = now;
      while (backoff.blocked()) now += 1;
      waits.push(now - from);
    }
    // Each wait is between half and all of 100, 200, 400, 400, 400 ms.
    [100, 200, 400, 400, 400].forEach((max, i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(max / 2);
      expect(waits[i]).toBeLessThanOrEqual(max);
    });
    backoff.failed(refused());
    backoff.succeeded();
    expect(backoff.blocked()).toBeNull();
  });

  it('ignores errors that do not mean the database is unreachable (a wrong password is not retried faster or slower)', () => {
    const backoff = new ConnectBackoff(100, 400, () => 0);
    backoff.failed(Object.assign(new Error('password authentication failed'), { code: '28P01' }));
    expect(backoff.blocked()).toBeNull();
  });

  it('refuses meanwhile with an error answered 503', () => {
    let now = 0;
    const backoff = new ConnectBackoff(100, 400, () => now);
    backoff.failed(refused());
    const error = backoff.blocked();
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    expect(isDatabaseUnavailable(error)).toBe(true);
    now = 1_000;
    expect(backoff.blocked()).toBeNull();
  });
});
