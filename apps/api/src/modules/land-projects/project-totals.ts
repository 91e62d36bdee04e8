import type { LandProjectTotals } from '@landunits/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { landProjects } from './schema';

/**
 * The land projects' figures added up, running and finished (what "your share" multiplies, decision
 * 0065): exact sums as PostgreSQL writes them (numeric and bigint as text), null where no project
 * reports a figure. One aggregate over a table of a handful of rows.
 */
export async function landProjectTotals(db: Db): Promise<LandProjectTotals> {
  const [row] = await db
    .select({
      projects: sql<number>`count(*)::int`,
      areaHectares: sql<string | null>`sum(${landProjects.areaHectares})::text`,
      co2Tonnes: sql<string | null>`sum(${landProjects.co2Tonnes})::text`,
      treesPlanted: sql<string | null>`sum(${landProjects.treesPlanted})::text`,
      hedgerowMetres: sql<string | null>`sum(${landProjects.hedgerowMetres})::text`,
    })
    .from(landProjects);
  return row ?? { projects: 0, areaHectares: null, co2Tonnes: null, treesPlanted: null, hedgerowMetres: null };
}
