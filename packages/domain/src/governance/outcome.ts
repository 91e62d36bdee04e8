/**
 * A vote's outcome (SPEC §4, PRODUCT-DECISIONS §11): 'Not Decided' when nobody voted, Yes when the
 * yes share is at least 50 %, otherwise No. Exact integer arithmetic: `yes × 100 ≥ 50 × total`,
 * never a float comparison, so exactly half is Yes.
 */
export const VOTE_OUTCOMES = ['Yes', 'No', 'Not Decided'] as const;
export type VoteOutcome = (typeof VOTE_OUTCOMES)[number];

/** A ballot: y Yes, n No (an empty answer is no ballot at all). */
export const VOTE_ANSWERS = ['y', 'n'] as const;
export type VoteAnswer = (typeof VOTE_ANSWERS)[number];

function checkCount(name: string, n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number ≥ 0, not ${n}`);
}

export function voteOutcome(yes: number, no: number): VoteOutcome {
  checkCount('yes', yes);
  checkCount('no', no);
  const total = yes + no;
  if (total === 0) return 'Not Decided';
  return yes * 100 >= 50 * total ? 'Yes' : 'No';
}

/**
 * `part` of `whole` as a percentage with two decimals, rounded half up with integer arithmetic
 * ("66.67"); null when `whole` is 0. Stored as numeric(5,2): an exact decimal, never a float.
 */
export function percentageText(part: number, whole: number): string | null {
  checkCount('part', part);
  checkCount('whole', whole);
  if (whole === 0) return null;
  if (part > whole) throw new RangeError(`part ${part} is more than whole ${whole}`);
  const hundredths = (BigInt(part) * 20_000n + BigInt(whole)) / (2n * BigInt(whole));
  const whole100 = hundredths / 100n;
  const rest = hundredths % 100n;
  return `${whole100}.${rest.toString().padStart(2, '0')}`;
}

/** voteResultYesPercentage: the yes share of the ballots cast, or null when nobody voted. */
export const voteResultYesPercentage = (yes: number, no: number): string | null => percentageText(yes, yes + no);
