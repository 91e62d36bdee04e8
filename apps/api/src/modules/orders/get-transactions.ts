import type { OrderStatus, TransactionsQuery } from '@landunits/domain';
import { and, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import { DAY } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { orders } from '../../platform/db/schema';
import { findUsersByIds } from '../users';
import { toOrderView, type Direction, type OrderRow } from './order-view';
import { shortName } from './people';

const startOfDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

function filtersOf(q: TransactionsQuery): SQL[] {
  const filters: SQL[] = [];
  if (q.fromDate) filters.push(gte(orders.createdAt, startOfDay(q.fromDate)));
  if (q.toDate) filters.push(lt(orders.createdAt, new Date(startOfDay(q.toDate).getTime() + DAY)));
  if (q.orderStatus) filters.push(eq(orders.orderStatus, q.orderStatus));
  if (q.paymentMethod) filters.push(eq(orders.paymentMethod, q.paymentMethod));
  if (q.orderType) filters.push(eq(orders.orderType, q.orderType));
  if (q.unitType) filters.push(eq(orders.unitType, q.unitType));
  return filters;
}

const BYTE_ORDER = sql` collate "C"`;

// Null placement spelled out so it matches the (… created_at DESC NULLS LAST, id DESC NULLS LAST)
// indexes, scanned forwards for desc and backwards for asc.
const by = (column: PgColumn, direction: 'asc' | 'desc', collation = sql``) =>
  direction === 'desc' ? sql`${column}${collation} desc nulls last` : sql`${column}${collation} asc nulls first`;

/**
 * A fresh ORDER BY list each call: drizzle rewrites the outer one of a union in place, turning each
 * column found directly in a fragment into its bare name. Status codes sort in byte order ("C"),
 * the same on every server whatever its locale: each branch sorts and selects them that way, and
 * the outer ORDER BY (which may only name columns) inherits the collation of the selected column.
 */
function ordering(q: TransactionsQuery, place: 'branch' | 'outer'): SQL[] {
  if (q.sortBy === 'createdAt') return [by(orders.createdAt, q.sortDirection), by(orders.id, q.sortDirection)];
  const first =
    q.sortBy === 'numberOfUnits'
      ? by(orders.numberOfUnits, q.sortDirection)
      : by(orders.orderStatus, q.sortDirection, place === 'branch' ? BYTE_ORDER : sql``);
  return [first, by(orders.createdAt, 'desc'), by(orders.id, 'desc')];
}

/**
 * GET /api/order/getTransactions: the orders a person placed (SENT) and the transfers they received
 * (RECEIVED), filtered, sorted and paged. Each direction is its own indexed query limited to the
 * rows the page can reach (page × pageSize, bounded by the schema), and the two are merged; totals
 * are two indexed counts. The counterparty is shown as the recipient's email and short name to the
 * sender, and only as the sender's short name ('Ada L.') to the recipient.
 */
export async function getTransactions(db: Db, userId: string, q: TransactionsQuery) {
  const filters = filtersOf(q);
  const sent = and(eq(orders.userId, userId), ...filters);
  const received = and(eq(orders.recipientUserId, userId), ...filters);
  const reach = q.page * q.pageSize;

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
    db.$count(orders, sent),
    db.$count(orders, received),
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
    transactions: rows.map(({ direction, ...row }) =>
      toOrderView(row as OrderRow, { direction, counterpartyName: nameOf(direction === 'SENT' ? row.recipientUserId : row.userId) }),
    ),
    total: sentTotal + receivedTotal,
    page: q.page,
    pageSize: q.pageSize,
  };
}
