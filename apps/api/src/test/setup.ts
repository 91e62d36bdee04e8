import { afterEach, beforeEach, vi } from 'vitest';
import { useTestOnlyPasswordHashing } from '../platform/security/passwords';

// Passwords are hashed with argon2id's cheapest parameters unless a file is about passwords
// (auth tests turn the production parameters back on and assert them).
useTestOnlyPasswordHashing(true);

// An unexpected console.error is a failure: it usually means a swallowed problem.
let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  spy?.mockRestore();
});
