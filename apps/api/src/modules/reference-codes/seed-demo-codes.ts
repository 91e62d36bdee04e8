import type { Db } from '../../platform/db/client';
import { referenceCodes } from './schema';

/** A new code as the demo content writes it (marked DEMO in its name). */
export type DemoReferenceCode = Omit<typeof referenceCodes.$inferInsert, 'createdBy'>;

/** Adds the demo content's reference codes, created by `adminId`. */
export async function insertDemoReferenceCodes(db: Db, codes: readonly DemoReferenceCode[], adminId: string): Promise<void> {
  await db.insert(referenceCodes).values(codes.map((code) => ({ ...code, createdBy: adminId })));
}
