import type * as SquareSdk from 'square';

/**
 * Square's library, loaded on first use: importing it takes about a second, which every start paid
 * even where Square is not set up (decision 0041). Its types are imported as types only elsewhere.
 */
let sdk: Promise<typeof SquareSdk> | undefined;

export function loadSquare(): Promise<typeof SquareSdk> {
  // A load that failed (a file could not be read for a moment) is tried again on the next use.
  sdk ??= import('square').catch((error: unknown) => {
    sdk = undefined;
    throw error;
  });
  return sdk;
}
