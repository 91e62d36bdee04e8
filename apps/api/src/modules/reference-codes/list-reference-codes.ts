import { desc } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { referenceCodes } from './schema';
import { toAdminReferenceCode } from './store';

export interface CodesPageQuery {
  page: number;
  pageSize: number;
}

/** GET /api/admin/reference-codes: every code, newest first. */
export async function listReferenceCodes(db: Db, q: CodesPageQuery) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(referenceCodes)
      .orderBy(desc(referenceCodes.createdAt), desc(referenceCodes.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.$count(referenceCodes),
  ]);
  return { codes: rows.map(toAdminReferenceCode), total, page: q.page, pageSize: q.pageSize };
}
