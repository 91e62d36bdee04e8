import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// A foreign key only: auth reads and writes people through the users module's index.
import { users } from '../users/schema';
import { MONEY_HOLD_REASONS, STEP_UP_ACTIONS, STEP_UP_METHODS } from '@landunits/domain';

/** Server-side sessions; the cookie holds a random token whose SHA-256 is stored here. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
    /** The browser's User-Agent when the session opened (shown as "Chrome on macOS"). */
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    /** Last request seen, kept to the nearest few minutes; null on sessions older than this column. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** How the session passed its second step ('totp', 'passkey' or 'recovery'), or null: password only. */
    secondFactor: text('second_factor', { enum: ['totp', 'passkey', 'recovery'] }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/** Single-use links sent by email (confirmation, password reset, admin invitation), stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'reset', 'invite', 'not-me'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash), index('email_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * The second step of a sign-in: the password was right, the account has a second factor. The
 * browser holds the token (lu_signin cookie) for ten minutes and a few tries; no session exists yet.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Codes tried so far (each takes one before it is checked): the challenge ends after five. */
    tries: integer('tries').notNull().default(0),
  },
  (t) => [uniqueIndex('sign_in_challenges_token_hash_key').on(t.tokenHash), index('sign_in_challenges_user_id_idx').on(t.userId)],
);

/**
 * A person's authenticator app (TOTP, RFC 6238): one per person. Unconfirmed until its first code
 * is typed back. `lastUsedStep` is the newest 30-second step accepted: a code is accepted only for
 * a later step, by one guarded UPDATE, so no code works twice.
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32. */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});

/** Ten single-use recovery codes per person, stored as SHA-256 (each code carries 79 random bits). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/** Browsers a person has signed in from (a random id in the lu_device cookie, stored hashed): a new one is emailed about. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/**
 * A person's passkeys (WebAuthn credentials, docs/decisions/0047): up to ten, each named. The
 * signature counter is kept and must grow, except for synced passkeys, which always report 0.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator gave it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    /** Backed up to a password manager or a platform account (synced), when the authenticator says so. */
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_id_key').on(t.credentialId), index('passkeys_user_id_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge, used once and bound to what asked for it: the session registering a
 * passkey, the browser signing in with one (a token in the lu_passkey cookie, stored hashed), or
 * the second step of a sign-in.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['register', 'sign-in', 'second-step', 'step-up'] }).notNull(),
    challenge: text('challenge').notNull(),
    /** register: the session; sign-in: the cookie's token hash; second-step: the sign-in challenge's id; step-up: the session and the action. */
    boundTo: text('bound_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('webauthn_challenges_bound_key').on(t.purpose, t.boundTo), index('webauthn_challenges_expires_at_idx').on(t.expiresAt)],
);

/**
 * Cooling-off after a security change (docs/decisions/0049-cooling-off.md): one row per change
 * (a password reset, an email change, new bank details, a second factor removed); the person's
 * sales, transfers and payouts wait while any row's `until` is in the future. Rows are kept as
 * the record of when each change started a hold.
 */
export const moneyHolds = pgTable(
  'money_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: MONEY_HOLD_REASONS }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [index('money_holds_user_until_idx').on(t.userId, t.until)],
);

/**
 * Step-up proofs (docs/decisions/0050-step-up.md): the session proved again that it is its person,
 * for one kind of action, until `expiresAt`. A person's action takes its row by one DELETE …
 * RETURNING (used once); an admin's decisions on money read it while it lasts.
 */
export const stepUps = pgTable(
  'step_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: STEP_UP_ACTIONS }).notNull(),
    method: text('method', { enum: STEP_UP_METHODS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('step_ups_session_action_key').on(t.sessionId, t.action), index('step_ups_expires_at_idx').on(t.expiresAt)],
);

/** A person's own safeguards on money moves; no row: the defaults (decision 0050). */
export const moneySafeguards = pgTable('money_safeguards', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Transfers of more Units than this need a step-up; null: the default. */
  stepUpTransfersAbove: integer('step_up_transfers_above'),
  /** Units the person may transfer or schedule in any 24 hours; null: no limit. */
  dailyTransferLimit: integer('daily_transfer_limit'),
  /** A raise of that limit waiting its 24 hours (`limitRaiseAt` set, `limitRaiseTo` null: the limit goes). */
  limitRaiseTo: integer('limit_raise_to'),
  limitRaiseAt: timestamp('limit_raise_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
