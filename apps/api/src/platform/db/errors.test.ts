import { describe, expect, it } from 'vitest';
import { databaseErrorFacts, isDatabaseUnavailable, statementLabel } from './errors';

/** An error shaped like Drizzle's: the SQL and its parameters in the message, the driver's error as cause. */
function failedQuery(query: string, params: unknown[], cause: Error): Error {
  return Object.assign(new Error(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause }), { query, params });
}
const pgError = (message: string, fields: Record<string, string>) => Object.assign(new Error(message), fields);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a terminated session (pg_terminate_backend)', pgError('terminating connection due to administrator command', { code: '57P01' })],
    ['a server starting up', pgError('the database system is starting up', { code: '57P03' })],
    ['a connection exception', pgError('connection failure', { code: '08006' })],
    ['a connection ended mid-query', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a client broken earlier', new Error('Client has encountered a connection error and is not queryable')],
    ['any of those under a failed query', failedQuery('select 1', [], new Error('Connection terminated unexpectedly'))],
  ])('%s: yes', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('duplicate key value', { code: '23505' })],
    ['a deadlock', pgError('deadlock detected', { code: '40P01' })],
    ['a programming error', new TypeError('x is not a function')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s: no', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('statementLabel', () => {
  it.each([
    ['select "users"."id", "users"."email" from "users" where "users"."email" = $1', 'select … from users'],
    ['insert into "users" ("email", "first_name") values ($1, $2)', 'insert into users'],
    ['update "ledger_accounts" set "balance" = "balance" - $1 where "id" = $2', 'update ledger_accounts'],
    ['delete from "sessions" where "token_hash" = $1', 'delete from sessions'],
    ['with existing as (select 1), ledger_lock as (select 2) select 3', 'with existing, ledger_lock'],
    ['with a as (select 1), b as (select 2), c as (select 3), d as (select 4), e as (select 5) select 6', 'with a, b, c, d, … (5 CTEs)'],
    ['begin', 'begin'],
  ])('%s → %s', (query, label) => {
    expect(statementLabel(query)).toBe(label);
  });

  it('keeps nothing of a literal written into the SQL', () => {
    expect(statementLabel("select 'ada@example.com' as who")).toBe('select');
  });
});

describe('databaseErrorFacts', () => {
  it('keeps the code, the label and schema names, and neither the message, the parameters nor the detail', () => {
    const cause = pgError('duplicate key value violates unique constraint "users_email_key"', {
      code: '23505',
      detail: 'Key (email)=(ada@example.com) already exists.',
      table: 'users',
      constraint: 'users_email_key',
    });
    const facts = databaseErrorFacts(failedQuery('insert into "users" ("email") values ($1)', ['ada@example.com'], cause));
    expect(facts).toMatchObject({ code: '23505', statement: 'insert into users', table: 'users', constraint: 'users_email_key' });
    expect(JSON.stringify(facts)).not.toContain('ada@example.com');
  });

  it('keeps the reason of a lost connection, which quotes no value', () => {
    const facts = databaseErrorFacts(failedQuery('select 1 from "users" where "email" = $1', ['ada@example.com'], new Error('Connection terminated unexpectedly')));
    expect(facts).toMatchObject({ statement: 'select … from users', reason: 'Connection terminated unexpectedly' });
    expect(JSON.stringify(facts)).not.toContain('ada@example.com');
  });

  it('leaves other errors to the standard serializer', () => {
    expect(databaseErrorFacts(new Error('plain'))).toBeUndefined();
  });
});
