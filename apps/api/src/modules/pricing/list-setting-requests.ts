import { samePriceTerms, settingChanges, type PriceTerms, type SettingChangeKey } from '@landunits/domain';
import { SETTINGS_HISTORY_PAGE_SIZE, type SettingChangeRequest } from '@landunits/domain/contracts';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { findUsersByIds, type Person } from '../users';
import { settingChangeRequests as r } from './schema';
import { SETTING_SECTIONS } from './setting-sections';
import type { RequestRow } from './store';

/** Reading change requests for the admin pages (GET /api/admin/settings, /payment-details) and the answers to proposals and decisions. */

/** The admin looking: their id decides what they may do with each request. */
export interface Viewer {
  userId: string;
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
export async function requestLists(db: Db, key: SettingChangeKey, viewer: Viewer, version: number, page: number) {
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
