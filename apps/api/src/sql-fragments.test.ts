import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/app';
import { chatQueueSummary } from './modules/chat';
import { agentApplicationsQueueSummary } from './modules/community';
import { contactQueueSummary } from './modules/contact';
import { emailChangeQueueSummary, emailChangeRowsQuery, type EmailChangeBundleRow } from './modules/email-change';
import { costRowsQuery, type CostRow } from './modules/holdings';
import {
  balanceRowsQuery,
  heldDailyChangesQuery,
  heldPostingsQuery,
  heldTotalsQuery,
  ownedHolderIdsQuery,
  userHolder,
  type BalanceRow,
  type HeldDailyChangeRow,
  type HeldPostingRow,
  type HeldTotalsRow,
} from './modules/ledger';
import {
  doubleLandRowsQuery,
  doubleLandSoldExpression,
  flaggedPaymentsQueueSummary,
  lockedBonusRowsQuery,
  paymentsQueueSummary,
  payoutsQueueSummary,
  unapprovedBuyRowsQuery,
  type DoubleLandRow,
  type LockedBonusRow,
  type UnapprovedBuyRow,
} from './modules/orders';
import { limitOverrideRowsQuery, pendingReviewIdsQuery, type LimitOverrideRow } from './modules/users';
import { reviewQueueSummary } from './modules/verification';

/**
 * SQL a module hands another through its index (docs/architecture.md, "SQL fragments"): only for
 * the statements measured as hot (the dashboard bundle in one statement, the admin home in one,
 * the immediate transfer in one), and named for what it is:
 * - `…Query`: a row set, read as a subquery; its columns are checked here against a database;
 * - `…Expression`: one value, read inside another statement; checked here as a one-column query;
 * - `…QueueSummary`: the admin home's one row of a queue (`count`, `oldestAt`), checked here too;
 * - `…Cte` or `…Ctes` (and one expression): the immediate transfer's one statement, whose parts read
 *   what its earlier parts wrote (its tests run that statement; a part cannot run alone).
 * A new fragment in an index without a name of these kinds, or a query without its columns here,
 * fails this test.
 */

const MODULES = path.join(import.meta.dirname, 'modules');
const USER = '00000000-0000-4000-8000-000000000001';
const HOLDER = userHolder(USER);
const FROM = new Date('2026-01-01T00:00:00Z');
const UNTIL = new Date('2026-02-01T00:00:00Z');
const SUMMARY = ['count', 'oldestAt'];

/**
 * Every key of the row type the callers read, listed in the statement's order: a key the type
 * gains that the list lacks is a type error, and the test then holds the statement to the list.
 */
function everyKeyOf<Row>() {
  return <const Keys extends readonly (keyof Row & string)[]>(...keys: Keys & (Exclude<keyof Row, Keys[number]> extends never ? unknown : never)): string[] => [...keys];
}

/** The transfer statement's parts: they read what its earlier parts wrote, so they run only inside it (its tests). */
const TRANSFER_STATEMENT_PARTS = ['heldBeforeDebitExpression', 'notificationsCte', 'recipientCostCte', 'senderCostCte', 'transferCtes'];

/** Every other fragment an index exports, with the columns its callers read. */
const QUERIES: Record<string, { query: () => SQL; columns: string[] }> = {
  balanceRowsQuery: { query: () => balanceRowsQuery(HOLDER), columns: everyKeyOf<BalanceRow>()('unitType', 'bucket', 'balance') },
  costRowsQuery: { query: () => costRowsQuery(USER), columns: everyKeyOf<CostRow>()('unitType', 'cost') },
  doubleLandRowsQuery: { query: () => doubleLandRowsQuery(USER), columns: everyKeyOf<DoubleLandRow>()('unitType', 'units', 'purchasedAt') },
  doubleLandSoldExpression: { query: () => sql`select ${doubleLandSoldExpression()} as "sold"`, columns: ['sold'] },
  emailChangeRowsQuery: {
    query: () => emailChangeRowsQuery(USER),
    columns: everyKeyOf<EmailChangeBundleRow>()('id', 'status', 'newEmail', 'documentName', 'outcome', 'rejectionReason', 'createdAt', 'updatedAt'),
  },
  heldPostingsQuery: {
    query: () => heldPostingsQuery(HOLDER, 'LAND_POUND', { from: FROM, until: UNTIL }),
    columns: everyKeyOf<HeldPostingRow>()('id', 'orderId', 'units', 'createdAt', 'bucket', 'otherHolder', 'otherBucket'),
  },
  heldDailyChangesQuery: { query: () => heldDailyChangesQuery(HOLDER, FROM), columns: everyKeyOf<HeldDailyChangeRow>()('unitType', 'day', 'units') },
  heldTotalsQuery: { query: () => heldTotalsQuery(HOLDER, 'LAND_POUND', FROM, UNTIL), columns: everyKeyOf<HeldTotalsRow>()('opening', 'received', 'sent', 'postings', 'lastId') },
  limitOverrideRowsQuery: { query: () => limitOverrideRowsQuery(USER), columns: everyKeyOf<LimitOverrideRow>()('currency', 'cents') },
  lockedBonusRowsQuery: { query: () => lockedBonusRowsQuery(USER), columns: everyKeyOf<LockedBonusRow>()('orderId', 'status', 'unitType', 'units', 'code', 'unlockAt', 'unlockedAt', 'createdAt') },
  // Subqueries of ids, read with `in (…)`.
  ownedHolderIdsQuery: { query: () => ownedHolderIdsQuery(), columns: ['user_id'] },
  pendingReviewIdsQuery: { query: () => pendingReviewIdsQuery('profile'), columns: ['id'] },
  unapprovedBuyRowsQuery: { query: () => unapprovedBuyRowsQuery(USER), columns: everyKeyOf<UnapprovedBuyRow>()('unitType', 'cents') },
  agentApplicationsQueueSummary: { query: agentApplicationsQueueSummary, columns: SUMMARY },
  chatQueueSummary: { query: chatQueueSummary, columns: SUMMARY },
  contactQueueSummary: { query: contactQueueSummary, columns: SUMMARY },
  emailChangeQueueSummary: { query: emailChangeQueueSummary, columns: SUMMARY },
  flaggedPaymentsQueueSummary: { query: flaggedPaymentsQueueSummary, columns: SUMMARY },
  paymentsQueueSummary: { query: paymentsQueueSummary, columns: SUMMARY },
  payoutsQueueSummary: { query: payoutsQueueSummary, columns: SUMMARY },
  reviewQueueSummary: { query: () => reviewQueueSummary('bank'), columns: SUMMARY },
};

/** The names each module's index exports from a function declared to return `SQL`. */
function fragmentsExported(): string[] {
  const found: string[] = [];
  for (const module of readdirSync(MODULES)) {
    const indexFile = path.join(MODULES, module, 'index.ts');
    let index: string;
    try {
      index = readFileSync(indexFile, 'utf8');
    } catch {
      continue;
    }
    for (const statement of ts.createSourceFile(indexFile, index, ts.ScriptTarget.Latest).statements) {
      if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue;
      const from = path.resolve(path.dirname(indexFile), (statement.moduleSpecifier as ts.StringLiteral).text);
      const file = [`${from}.ts`, path.join(from, 'index.ts')].find((candidate) => {
        try {
          return readFileSync(candidate) !== null;
        } catch {
          return false;
        }
      });
      if (!file) continue;
      const returnsSql = sqlFunctionsOf(file);
      for (const element of statement.exportClause.elements) {
        const local = (element.propertyName ?? element.name).text;
        if (returnsSql.has(local)) found.push(element.name.text);
      }
    }
  }
  return found.sort();
}

/** The functions a file declares with the return type `SQL`. */
function sqlFunctionsOf(file: string): Set<string> {
  const names = new Set<string>();
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.type?.getText(source) === 'SQL') names.add(statement.name.text);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (ts.isIdentifier(declaration.name) && init && ts.isArrowFunction(init) && init.type?.getText(source) === 'SQL') names.add(declaration.name.text);
      }
    }
  }
  return names;
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function columnsOf(query: SQL): Promise<string[]> {
  const result = (await t.database.db.execute(sql`select * from (${query}) fragment limit 0`)) as unknown as { fields: { name: string }[] };
  return result.fields.map((field) => field.name);
}

describe('SQL fragments exported by the modules', () => {
  it('are named as a query, an expression, a queue summary or a part of the transfer statement', () => {
    expect(fragmentsExported().filter((name) => !/(Query|Expression|QueueSummary|Ctes?)$/.test(name))).toEqual([]);
  });

  it('each query has its columns checked here', () => {
    const fragments = fragmentsExported();
    expect(fragments.filter((name) => !TRANSFER_STATEMENT_PARTS.includes(name))).toEqual(Object.keys(QUERIES).sort());
    expect(TRANSFER_STATEMENT_PARTS.filter((name) => !fragments.includes(name))).toEqual([]);
  });

  it.each(Object.entries(QUERIES))('%s answers the columns its callers read', async (_name, { query, columns }) => {
    expect(await columnsOf(query())).toEqual(columns);
  });
});
