import { randomBytes } from 'node:crypto';

/**
 * Order ids are ULIDs (26 Crockford base-32 characters: 48 bits of milliseconds, then 80 random
 * bits), so they sort by creation as text. Within one process they are monotonic: an id made in
 * the same millisecond as the one before, or while the clock stands still or steps back (a test
 * clock), is the previous id plus one.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RANDOM_LIMIT = 1n << 80n;
const MAX_TIME = 2 ** 48 - 1;

/** What an order id looks like (the database checks the same pattern). */
export const ORDER_ID_PATTERN = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

function encode(value: bigint, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

const random80 = (): bigint => BigInt(`0x${randomBytes(10).toString('hex')}`);

export type OrderIdFactory = (nowMs: number) => string;

/** A monotonic ULID factory; `random` is replaceable for tests. */
export function createOrderIdFactory(random: () => bigint = random80): OrderIdFactory {
  let lastTime = -1;
  let lastRandom = 0n;
  return (nowMs) => {
    if (!Number.isSafeInteger(nowMs) || nowMs < 0 || nowMs > MAX_TIME) throw new RangeError(`Not a ULID time: ${nowMs}`);
    let time = Math.max(nowMs, lastTime);
    let next = time === lastTime ? lastRandom + 1n : random() % RANDOM_LIMIT;
    if (next >= RANDOM_LIMIT) {
      // 2^80 ids in one millisecond cannot happen in practice; stay monotonic anyway.
      time += 1;
      next = random() % RANDOM_LIMIT;
    }
    lastTime = time;
    lastRandom = next;
    return encode(BigInt(time), 10) + encode(next, 16);
  };
}

/** The process-wide factory the order services use. */
export const newOrderId: OrderIdFactory = createOrderIdFactory();
