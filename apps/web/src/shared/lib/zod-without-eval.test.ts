import { describe, expect, it } from 'vitest';
import './zod-without-eval';

describe('zod-without-eval', () => {
  it('turns off zod’s eval probe through the setting zod itself reads', async () => {
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
