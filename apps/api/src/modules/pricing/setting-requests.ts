import { formatDate, samePriceTerms, settingChanges, SETTING_REQUEST_MESSAGES as M, type PriceTerms, type SettingChangeKey } from '@landunits/domain';
import { SETTINGS_HISTORY_PAGE_SIZE, type MoneySettingsAdmin, type PaymentDetailsAdmin, type SettingChangeRequest } from '@landunits/domain/contracts';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { findUsersByIds, type Person } from '../users';
import { settingChangeRequests as r } from './schema';
import { MONEY_SECTION, PAYMENT_DETAILS_SECTION, SETTING_SECTIONS, type SectionState } from './setting-sections';

/** Reading change requests and the admin pages' answers (GET /api/admin/settings, /payment-details). */

export type RequestRow = typeof r.$inferSelect;

/** The admin looking: their id decides what they may do with each request. */
export interface Viewer {
  userId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The request with this id in this section, locked for the caller's transaction; 404 otherwise. */
export async function lockRequest(tx: Db, key: SettingChangeKey, id: string): Promise<RequestRow> {
  const [row] = UUID.test(id)
    ? await tx
        .select()
        .from(r)
        .where(and(eq(r.id, id), eq(r.key, key)))
        .for('update')
    : [];
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

const isPriceTerms = (value: unknown): value is PriceTerms => typeof value === 'object' && value !== null && 'growthPerYear' in value && 'priceEpoch' in value && 'initialPrices' in value;

function adminRef(id: string, people: Map<string, Person>) {
  const person = people.get(id);
  if (!person) return { id, name: 'A former admin', email: null };
  return { id, name: [person.firstName, person.lastName].filter(Boolean).join(' '), email: person.email };
}

/** One request as the admin pages show it, with what `viewer` may do (the server checks it again). */
export function toRequestView(row: RequestRow, people: Map<string, Person>, viewer: Viewer, currentVersion: number): SettingChangeRequest {
  const pending = row.status === 'Pending';
  const stale = pending && row.baseVersion !== currentVersion;
  const yours = row.proposedBy === viewer.userId;
  const pricesChange = row.key === 'money' && isPriceTerms(row.before) && isPriceTerms(row.after) && !samePriceTerms(row.before, row.after);
  return {
    id: row.id,
    key: row.key,
    status: row.status,
    baseVersion: row.baseVersion,
    changes: settingChanges(row.before, row.after, SETTING_SECTIONS[row.key].defaults),
    reason: row.reason,
    proposedBy: adminRef(row.proposedBy, people),
    proposedAt: row.proposedAt.toISOString(),
    decidedBy: row.decidedBy ? adminRef(row.decidedBy, people) : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
    supersededBy: row.supersededBy,
    pricesChange,
    pricesFrom: row.pricesFrom,
    stale,
    yours,
    canApprove: pending && !yours && !stale,
    canReject: pending && !yours,
    canWithdraw: pending && yours,
  };
}

/** Views of `rows` with the names of their admins (one query). */
export async function requestViews(db: Db, rows: RequestRow[], viewer: Viewer, currentVersion: number): Promise<SettingChangeRequest[]> {
  const ids = rows.flatMap((row) => [row.proposedBy, ...(row.decidedBy ? [row.decidedBy] : [])]);
  const people = await findUsersByIds(db, ids);
  return rows.map((row) => toRequestView(row, people, viewer, currentVersion));
}

/** Pending requests (oldest first) and one page of decided ones (newest first). */
async function requestLists(db: Db, key: SettingChangeKey, viewer: Viewer, version: number, page: number) {
  const size = SETTINGS_HISTORY_PAGE_SIZE;
  const [pending, history, [total]] = await Promise.all([
    db
      .select()
      .from(r)
      .where(and(eq(r.key, key), eq(r.status, 'Pending')))
      .orderBy(asc(r.proposedAt), asc(r.id)),
    db
      .select()
      .from(r)
      .where(and(eq(r.key, key), ne(r.status, 'Pending')))
      .orderBy(desc(r.decidedAt), desc(r.id))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ n: count() })
      .from(r)
      .where(and(eq(r.key, key), ne(r.status, 'Pending'))),
  ]);
  const views = await requestViews(db, [...pending, ...history], viewer, version);
  return { pending: views.slice(0, pending.length), history: views.slice(pending.length), total: total?.n ?? 0, page, pageSize: size };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** GET /api/admin/settings: the money figures as stored, today's earlier price terms if any, the requests. */
export async function moneySettingsPage(db: Db, viewer: Viewer, page: number, now: Date): Promise<MoneySettingsAdmin> {
  const state: SectionState<unknown> = await MONEY_SECTION.read(db);
  const earlier = state.stored.earlierPrices;
  const today = formatDate(now, 'YYYY-MM-DD');
  return {
    current: state.value as Record<string, unknown>,
    version: state.version,
    updatedAt: iso(state.stored.updatedAts.money),
    pricesToday: earlier && earlier.until > today ? earlier : null,
    ...(await requestLists(db, 'money', viewer, state.version, page)),
  };
}

/** GET /api/admin/payment-details: the bank account, wallets and company details in force, the requests. */
export async function paymentDetailsPage(db: Db, viewer: Viewer, page: number): Promise<PaymentDetailsAdmin> {
  const state = await PAYMENT_DETAILS_SECTION.read(db);
  return {
    current: state.value,
    version: state.version,
    updatedAt: iso(state.stored.updatedAts.paymentDetails),
    ...(await requestLists(db, 'payment-details', viewer, state.version, page)),
  };
}
