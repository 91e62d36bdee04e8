import type { EmailChangeView } from '@landunits/domain/contracts';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { emailChangeRequests as r } from './schema';
import { toEmailChangeView, type EmailChangeViewRow } from './store';

/** A row of `emailChangeRowsQuery` as the dashboard statement returns it (JSON). */
export type EmailChangeBundleRow = EmailChangeViewRow;

/**
 * The dashboard bundle's part (GET /api/user `emailChange`): the person's newest request. It is the
 * open one when there is one (a new request opens only when none is), else the last closed one.
 */
export function emailChangeRowsQuery(userId: string | Placeholder): SQL {
  return sql`select ${r.id} as "id", ${r.status} as "status", ${r.newEmail} as "newEmail", ${r.documentName} as "documentName",
    ${r.outcome} as "outcome", ${r.rejectionReason} as "rejectionReason", ${r.createdAt} as "createdAt", ${r.updatedAt} as "updatedAt"
    from ${r} where ${r.userId} = ${userId} order by ${r.createdAt} desc, ${r.id} desc limit 1`;
}

export function emailChangeFrom(rows: readonly EmailChangeBundleRow[]): EmailChangeView | null {
  return toEmailChangeView(rows[0]);
}
