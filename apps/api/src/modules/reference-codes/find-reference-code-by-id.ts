import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { referenceCodes } from './schema';
import type { ReferenceCodeRow } from './store';

/** The code an order holds (by id), or null. */
export async function findReferenceCodeById(db: Db, id: string): Promise<ReferenceCodeRow | null> {
  const [row] = await db.select().from(referenceCodes).where(eq(referenceCodes.id, id));
  return row ?? null;
}
