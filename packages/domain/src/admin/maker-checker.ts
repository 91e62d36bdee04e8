/**
 * Maker is never checker (QUALITY "Staff and accounts", docs/decisions/0037): staff accounts (any
 * admin role) hold no Units, and no admin decides on a record they own, placed or proposed.
 */

/**
 * The kinds of records an admin decides on. A route that decides on one declares it in its
 * contract (`decides`); the server looks up who owns, placed or proposed the record before the
 * handler runs and refuses the deciding admin's own.
 */
export const DECISION_RECORDS = [
  /** An order or its payout: placed by its customer, received by its recipient. */
  'order',
  /** A profile or bank verification: the person's own (the `userId` of the body). */
  'verification',
  /** An email change request: its requester's. */
  'emailChange',
  /** A community agent application: its applicant's. */
  'agentApplication',
  /** A change request of money settings or payment details: its proposer's. */
  'settingChange',
  /** A person's or an admin's account (`:id`): their own. */
  'account',
  /** A community idea: its author's. */
  'idea',
] as const;
export type DecisionRecord = (typeof DECISION_RECORDS)[number];

/** What a route that decides on a record declares in its contract. */
export interface DecisionDeclaration {
  record: DecisionRecord;
  /** The answer when it is the admin's own record, when this route has a more precise one than `ownRecord`. */
  ownMessage?: string;
}

export const MAKER_CHECKER_MESSAGES = {
  ownRecord: 'This is your own record: another admin must decide on it. Nobody decides on a record they own, placed or proposed.',
  staffTrades: 'Staff accounts do not buy, sell or transfer Units. Please use a separate personal account.',
  staffRecipient: 'This address belongs to a Land Units staff account, which cannot receive Units.',
} as const;

/** The audit action of a decision refused because the record was the deciding admin's own. */
export const OWN_RECORD_REFUSED_ACTION = 'decision.ownRecordRefused';
