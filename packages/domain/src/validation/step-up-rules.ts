import { formatMoment, formatUnitCount } from '../format/format';

/**
 * Step-up (docs/decisions/0050-step-up.md): before a sale, a large transfer, a change of bank
 * details, of the email address or of second factors, and before an admin's decision on money,
 * the person proves again that it is them: a passkey or an authenticator code (the password when
 * they have set up neither). The proof is for one kind of action, from the session that gave it,
 * for a few minutes; a person's proof is used up by the action it was given for.
 *
 * The rules and messages, without zod: the step-up dialog that every page mounts reads them, and
 * they keep the schema library out of the first page's JavaScript. The schemas are in step-up.ts.
 */

export const STEP_UP_ACTIONS = ['sell', 'transfer', 'bank-details', 'email-change', 'second-factors', 'transfer-threshold', 'transfer-limit', 'admin-money'] as const;
export type StepUpAction = (typeof STEP_UP_ACTIONS)[number];

/** How long a proof waits for its action. */
export const STEP_UP_LIFETIME_MS = 5 * 60 * 1000;

/**
 * An admin's proof covers every decision on money from that session for its five minutes (a payout
 * queue worked through in one go; an authenticator code can be used only once per 30 seconds).
 * Every other proof is used up by the one action it was given for.
 */
export const STEP_UP_REUSABLE: readonly StepUpAction[] = ['admin-money'];

/** Ways to step up: recovery codes are for a person who lost their passkey or app (never for staff). */
export const STEP_UP_METHODS = ['passkey', 'totp', 'recovery', 'password'] as const;
export type StepUpMethod = (typeof STEP_UP_METHODS)[number];

/** Transfers adding up to more Units than this in 24 hours ask for the step-up, unless the person chose another amount. */
export const DEFAULT_STEP_UP_TRANSFER_UNITS = 1000;
export const MAX_STEP_UP_TRANSFER_UNITS = 10_000_000;

/**
 * The person's own daily transfer limit (none unless they set one): Units of every type they may
 * transfer or schedule in any 24 hours. Lowering it applies at once; raising or removing it asks
 * for a step-up and takes effect this long after, so someone holding a session cannot empty the
 * account by lifting the limit first.
 */
export const MAX_DAILY_TRANSFER_UNITS = 10_000_000;
export const TRANSFER_LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

/** What the dialog says the proof is for ("Confirm it is you to …"). */
export const STEP_UP_PURPOSES: Record<StepUpAction, string> = {
  sell: 'sell Units',
  transfer: 'make this transfer',
  'bank-details': 'change your bank details',
  'email-change': 'change your email address',
  'second-factors': 'change your passkeys or authenticator app',
  'transfer-threshold': 'raise the amount you may transfer without this check',
  'transfer-limit': 'raise your daily transfer limit',
  'admin-money': 'decide on money',
};

/** The answer to an action whose confirmation was closed; on its own so the API client (on every page) carries only it. */
export const STEP_UP_CANCELLED_MESSAGE = 'Nothing was done: it needs your confirmation.';

export const STEP_UP_MESSAGES = {
  required: 'Please confirm it is you to continue.',
  done: 'Thank you. You can go on.',
  cancelled: STEP_UP_CANCELLED_MESSAGE,
  actionRequired: 'Choose what to confirm.',
  methodNotAvailable: 'That way of confirming is not set up on your account. Choose another.',
  staffNeedFactor: 'Staff confirm with a passkey or an authenticator code.',
  thresholdRequired: 'Enter a whole number of Units, 0 or more.',
  thresholdTooHigh: `Enter at most ${MAX_STEP_UP_TRANSFER_UNITS.toLocaleString('en-GB')} Units.`,
  thresholdSaved: 'Saved. Transfers adding up to more than this in 24 hours ask you to confirm it is you.',
  limitRequired: 'Enter a whole number of Units, 1 or more.',
  limitTooHigh: `Enter at most ${MAX_DAILY_TRANSFER_UNITS.toLocaleString('en-GB')} Units.`,
  limitLowered: 'Saved. Your daily transfer limit applies at once.',
} as const;

/** A raise (or removal) of the daily transfer limit, saved to take effect at `from`. */
export const transferLimitRaiseMessage = (units: number | null, from: Date): string =>
  `Saved. ${units === null ? 'Your daily transfer limit will be removed' : `Your daily transfer limit will rise to ${formatUnitCount(units)}`} on ${formatMoment(from)}; until then the current limit applies.`;

/** A transfer (now or scheduled) refused because, with what was sent in the last 24 hours, it goes past the person's daily limit. */
export const transferLimitExceededMessage = (limit: number, left: bigint): string =>
  `This goes past your daily transfer limit of ${formatUnitCount(limit)}: ${left > 0n ? `you can transfer up to ${formatUnitCount(left)} more now` : 'you cannot transfer more Units now'}. Transfers count for 24 hours; you can change the limit in your security settings.`;

/** The message of a 403 STEP_UP_REQUIRED, naming what it is for. */
export const stepUpRequiredMessage = (action: StepUpAction): string => `Please confirm it is you to ${STEP_UP_PURPOSES[action]}.`;
