import argon2 from 'argon2';

/** argon2id with OWASP's minimums (19 MiB, 2 iterations, 1 lane): every stored password. */
export const PASSWORD_HASHING = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2id at its cheapest, for test suites whose subject is not passwords (about 1 ms instead of
 * about 40 ms a hash): the API tests' setup turns it on, the auth tests turn it off and assert
 * PASSWORD_HASHING. A hash records its own parameters, so either kind verifies anywhere.
 */
export const TEST_ONLY_PASSWORD_HASHING = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

let options: typeof PASSWORD_HASHING | typeof TEST_ONLY_PASSWORD_HASHING = PASSWORD_HASHING;

/** Tests only: cheap hashing on or off. Refused outside NODE_ENV=test, so no server can weaken it. */
export function useTestOnlyPasswordHashing(on: boolean): void {
  // A guard, not a setting: vitest sets NODE_ENV=test; a server never calls this.
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NODE_ENV !== 'test') throw new Error('Test-only password hashing is refused outside NODE_ENV=test');
  options = on ? TEST_ONLY_PASSWORD_HASHING : PASSWORD_HASHING;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. Without a stored hash (unknown email) a dummy hash is verified instead, so
 * the answer takes as long whether or not the account exists.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= argon2.hash('not-a-real-password-1', PASSWORD_HASHING);
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(storedHash, password);
  } catch {
    return false;
  }
}
