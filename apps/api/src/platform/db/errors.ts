/**
 * What a database error means, read from the error or its `.cause` chain (Drizzle wraps the
 * driver's error in one of its own, whose message holds the SQL and its parameters).
 */

/** SQLSTATEs that mean "this transaction lost a race; running it again can succeed". */
export const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** The errors on `error`'s cause chain, itself first (at most 10; a cycle ends it). */
function causeChain(error: unknown): object[] {
  const chain: object[] = [];
  for (let e = error; e && typeof e === 'object' && !chain.includes(e) && chain.length < 10; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

/** The SQLSTATE on an error or on its `.cause` chain. */
export function sqlState(error: unknown): string | undefined {
  for (const e of causeChain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function isRetryableTransactionError(error: unknown): boolean {
  const code = sqlState(error);
  return code !== undefined && RETRYABLE_SQLSTATES.has(code);
}

/** The server ended the session or cannot take one now: shut down, restarting, failed over, full. */
const SERVER_GONE_SQLSTATES: ReadonlySet<string> = new Set([
  '57P01', // admin_shutdown (also pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
]);

/** The network did not reach the server, or the connection broke. */
const NETWORK_ERRNOS: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/** node-postgres reports a lost or never-made connection by message only. */
const LOST_CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

/**
 * Whether `error` says the database cannot be reached right now (rather than that the request or
 * the code is wrong): a connection refused, reset, timed out or terminated by the server, a
 * server shutting down or starting up (SQLSTATE class 08 and 57P0x). Answered 503: the same
 * request can succeed once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causeChain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_ERRNOS.has(code) || SERVER_GONE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && LOST_CONNECTION_MESSAGE.test(message)) return true;
  }
  return false;
}

const IDENTIFIER = String.raw`"?([a-z_][a-z0-9_$]*(?:"?\."?[a-z_][a-z0-9_$]*)?)"?`;
const WRITE = new RegExp(String.raw`^(insert into|update|delete from) ${IDENTIFIER}`);
const READ = new RegExp(String.raw`^select\b.*?\bfrom ${IDENTIFIER}`);
const CTE_NAME = new RegExp(String.raw`(?:^with(?: recursive)?|,)\s*${IDENTIFIER}\s+as\s+(?:not\s+)?(?:materialized\s+)?\(`, 'g');

/**
 * A short label for a SQL statement, made of its keywords and the names of its tables and CTEs
 * only: `insert into users`, `select … from sessions`, `with existing, ledger_lock, … (10 CTEs)`.
 * Never a value: parameters are not part of the text, and nothing of a literal is kept.
 */
export function statementLabel(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim().toLowerCase();
  if (flat.startsWith('with ')) {
    const names = [...flat.matchAll(CTE_NAME)].map((m) => m[1]!.replaceAll('"', ''));
    const shown = names.slice(0, 4).join(', ');
    return names.length > 4 ? `with ${shown}, … (${names.length} CTEs)` : `with ${shown}`;
  }
  const write = WRITE.exec(flat);
  if (write) return `${write[1]} ${write[2]!.replaceAll('"', '')}`;
  const read = READ.exec(flat);
  if (read) return `select … from ${read[1]!.replaceAll('"', '')}`;
  return /^[a-z]+/.exec(flat)?.[0] ?? 'statement';
}

/** What of a database error may be logged: codes and names from the schema, never values. */
export interface DatabaseErrorFacts {
  type: string;
  /** SQLSTATE (e.g. 23505), or the network error's code (e.g. ECONNREFUSED). */
  code?: string;
  /** The failed statement's label (`statementLabel`). */
  statement?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  /** A network or driver message (no SQLSTATE: it never quotes a value). */
  reason?: string;
  /** Stack frames only (the first line of a stack is the message, which may quote the SQL's values). */
  stack?: string;
}

const SCHEMA_FIELDS = ['table', 'column', 'constraint', 'routine'] as const;

/**
 * The loggable facts of an error that came from the database (a failed query, a lost connection),
 * or undefined for any other error. The messages of such errors are left out: Drizzle's holds the
 * SQL with its parameters, PostgreSQL's may quote a value ("invalid input syntax for type uuid:
 * "…""), and `detail` quotes the row ("Key (email)=(…) already exists").
 */
export function databaseErrorFacts(error: unknown): DatabaseErrorFacts | undefined {
  const chain = causeChain(error);
  const query = chain.map((e) => (e as { query?: unknown }).query).find((q): q is string => typeof q === 'string');
  const code = sqlState(error);
  const unavailable = isDatabaseUnavailable(error);
  if (query === undefined && code === undefined && !unavailable) return undefined;
  const outer = chain[0] as { name?: unknown; constructor?: { name?: unknown }; stack?: unknown };
  const facts: DatabaseErrorFacts = { type: String(outer.constructor?.name ?? outer.name ?? 'Error') };
  const errno = chain.map((e) => (e as { code?: unknown }).code).find((c): c is string => typeof c === 'string');
  if (code ?? errno) facts.code = code ?? errno;
  if (query !== undefined) facts.statement = statementLabel(query);
  for (const field of SCHEMA_FIELDS) {
    const value = chain.map((e) => (e as Record<string, unknown>)[field]).find((v): v is string => typeof v === 'string');
    if (value) facts[field] = value;
  }
  if (code === undefined) {
    const innermost = chain[chain.length - 1] as { message?: unknown; query?: unknown };
    if (typeof innermost.message === 'string' && innermost.query === undefined) facts.reason = innermost.message.slice(0, 200);
  }
  if (typeof outer.stack === 'string')
    facts.stack = outer.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n');
  return facts;
}
