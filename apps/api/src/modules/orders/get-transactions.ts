import { MAX_LIST_WINDOW, statusesShownAs, type OrderStatus, type TransactionsQuery } from '@landunits/domain';
import { and, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import { DAY } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { orders } from './schema';
import { findUsersByIds } from '../users';
import { toOrderView, type Direction, type OrderRow } from './order-view';
import { shortName } from './store';

const startOfDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

function filtersOf(q: TransactionsQuery): SQL[] {
  const filters: SQL[] = [];
  if (q.fromDate) filters.push(gte(orders.createdAt, startOfDay(q.fromDate)));
  if (q.toDate) filters.push(lt(orders.createdAt, new Date(startOfDay(q.toDate).getTime() + DAY)));
  // A status as customers see it: every internal status shown with that label.
  if (q.orderStatus) filters.push(inArray(orders.orderStatus, statusesShownAs(q.orderStatus)));
  // 'Card': a card payment through either provider.
  if (q.paymentMethod === 'Card') filters.push(inArray(orders.paymentMethod, ['Card_Stripe', 'Card_Square']));
  else if (q.paymentMethod) filters.push(eq(orders.paymentMethod, q.paymentMethod));
  if (q.orderType) filters.push(eq(orders.orderType, q.orderType));
  if (q.unitType) filters.push(eq(orders.unitType, q.unitType));
  return filters;
}

const BYTE_ORDER = sql` collate "C"`;

// Null placement spelled out so it matches the (… created_at DESC NULLS LAST, id DESC NULLS LAST)
// indexes, scanned forwards for desc and backwards for asc.
const by = (column: PgColumn, direction: 'asc' | 'desc', collation = sql``) => (direction === 'desc' ? sql`${column}${collation} desc nulls last` : sql`${column}${collation} asc nulls first`);

/**
 * A fresh ORDER BY list each call: drizzle rewrites the outer one of a union in place, turning each
 * column found directly in a fragment into its bare name. Status codes sort in byte order ("C"),
 * the same on every server whatever its locale: each branch sorts and selects them that way, and
 * the outer ORDER BY (which may only name columns) inherits the collation of the selected column.
 */
function ordering(q: TransactionsQuery, place: 'branch' | 'outer'): SQL[] {
  if (q.sortBy === 'createdAt') return [by(orders.createdAt, q.sortDirection), by(orders.id, q.sortDirection)];
  const first = q.sortBy === 'numberOfUnits' ? by(orders.numberOfUnits, q.sortDirection) : by(orders.orderStatus, q.sortDirection, place === 'branch' ? BYTE_ORDER : sql``);
  // Ties follow the sort's direction, so one index per sort (scanned either way) serves both.
  return [first, by(orders.createdAt, q.sortDirection), by(orders.id, q.sortDirection)];
}

/**
 * GET /api/order/getTransactions: the orders a person placed (SENT) and the transfers they received
 * (RECEIVED), filtered, sorted and paged. Each direction is its own indexed query limited to the
 * rows the page can reach (page × pageSize, bounded by the schema), and the two are merged; totals
 * are two indexed counts that stop COUNT_AHEAD rows past the page. The counterparty is shown as the recipient's email and short name to the
 * sender, and only as the sender's short name ('Ada L.') to the recipient.
 */
/**
 * How far past the page the totals count: a history of a million rows costs no more to list than
 * one of a thousand. Beyond it `total` is a lower bound and `totalCapped` says so ("1,040+").
 */
export const COUNT_AHEAD = 1_000;

/** Matching rows, counted up to `cap + 1`. */
async function cappedCount(db: Db, where: SQL | undefined, cap: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(where)
      .limit(cap + 1)
      .as('matching'),
  );
  return row?.n ?? 0;
}

export async function getTransactions(db: Db, userId: string, q: TransactionsQuery) {
  const filters = filtersOf(q);
  const sent = and(eq(orders.userId, userId), ...filters);
  const received = and(eq(orders.recipientUserId, userId), ...filters);
  const reach = q.page * q.pageSize;
  const countCap = Math.min(reach + COUNT_AHEAD, MAX_LIST_WINDOW);

  const branch = (where: SQL | undefined, direction: Direction) =>
    db
      .select({
        ...getTableColumns(orders),
        orderStatus: sql<OrderStatus>`${orders.orderStatus}${BYTE_ORDER}`.as('order_status'),
        direction: sql<Direction>`${sql.raw(`'${direction}'`)}`.as('direction'),
      })
      .from(orders)
      .where(where)
      .orderBy(...ordering(q, 'branch'))
      .limit(reach);

  const [rows, sentTotal, receivedTotal] = await Promise.all([
    unionAll(branch(sent, 'SENT'), branch(received, 'RECEIVED'))
      .orderBy(...ordering(q, 'outer'))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    cappedCount(db, sent, countCap),
    cappedCount(db, received, countCap),
  ]);

  const people = await findUsersByIds(
    db,
    rows.flatMap((r) => (r.direction === 'SENT' ? (r.recipientUserId ? [r.recipientUserId] : []) : [r.userId])),
  );
  const nameOf = (id: string | null) => {
    const person = id ? people.get(id) : undefined;
    return person ? shortName(person) : null;
  };

  return {
    transactions: rows.map(({ direction, ...row }) => toOrderView(row as OrderRow, { direction, counterpartyName: nameOf(direction === 'SENT' ? row.recipientUserId : row.userId) })),
    total: Math.min(sentTotal + receivedTotal, countCap),
    totalCapped: sentTotal + receivedTotal > countCap,
    page: q.page,
    pageSize: q.pageSize,
  };
}
