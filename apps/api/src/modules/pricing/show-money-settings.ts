import { formatDate } from '@landunits/domain';
import type { MoneySettingsAdmin } from '@landunits/domain/contracts';
import type { Db } from '../../platform/db/client';
import { requestLists, type Viewer } from './list-setting-requests';
import { MONEY_SECTION, type SectionState } from './setting-sections';

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
