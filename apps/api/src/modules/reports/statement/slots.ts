/**
 * How many statements this process draws at once. Drawing is CPU work (a 2-core machine gains
 * nothing from more) and each document in progress holds a page of layout, so others wait their
 * turn, in order, before they take a database snapshot (no connection is held while waiting).
 */
export const STATEMENT_SLOTS = 2;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `fn` in a slot; `onWait` and `onTurn` run around a wait, when there is one. */
export async function inStatementSlot<T>(fn: () => Promise<T>, hooks: { onWait?: () => void; onTurn?: () => void } = {}): Promise<T> {
  if (running >= STATEMENT_SLOTS) {
    hooks.onWait?.();
    await new Promise<void>((resolve) => waiting.push(resolve));
    hooks.onTurn?.();
  } else running += 1;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}
