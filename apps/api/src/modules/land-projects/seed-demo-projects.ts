import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { landProjects, landProjectUpdates } from './schema';

export const DEMO_PROJECTS_NOTE = 'Demo land projects added.';

/**
 * Three demo land projects (marked demo), illustrated with the website's demo pictures served by
 * the web app (/media/news/…): the 40 ha forest project (the public teaser), a hedgerow project and
 * a finished meadow project, each with dated updates.
 */
const DEMO_PROJECTS = [
  {
    name: 'Glen Arden native forest',
    location: 'Perthshire, Scotland',
    areaHectares: '40.00',
    description: 'Former sheep grazing replanted with native oak, birch, rowan and hazel, with open rides left for wildlife and walkers.',
    image: '/media/news/forest.svg',
    imageAlt: 'Rows of young conifers and broadleaf trees on a green hillside, with a path in the foreground',
    co2Tonnes: 5200,
    treesPlanted: 64000,
    hedgerowMetres: null,
    state: 'open' as const,
    finishedOn: null,
    isTeaser: true,
    updates: [
      ['2025-02-12', 'Planting began with the land team and 40 local volunteers.'],
      ['2025-06-30', 'Spring planting finished: 38,000 trees in the ground, deer fencing complete.'],
      ['2026-03-15', 'Second planting season: 26,000 more trees; survival of last year’s trees at 92 %.'],
    ],
  },
  {
    name: 'Wold Farm hedgerows',
    location: 'Lincolnshire, England',
    areaHectares: '126.50',
    description: 'Gapped hedges replanted and new ones laid along field margins, linking two ancient woods for birds, bats and pollinators.',
    image: '/media/news/hedgerow.svg',
    imageAlt: 'Fields divided by thick green hedgerows under a pale sky',
    co2Tonnes: 310,
    treesPlanted: 2400,
    hedgerowMetres: 8600,
    state: 'open' as const,
    finishedOn: null,
    isTeaser: false,
    updates: [
      ['2025-04-03', 'Survey done: 6.2 km of gapped hedgerow to restore.'],
      ['2025-11-20', 'Winter planting: 4.1 km of hedgerow laid and replanted.'],
    ],
  },
  {
    name: 'Severn wildflower meadows',
    location: 'Gloucestershire, England',
    areaHectares: '18.25',
    description: 'Arable fields returned to species-rich meadow with local seed, cut for hay once a year after the flowers have seeded.',
    image: '/media/news/meadow.svg',
    imageAlt: 'A meadow of wild flowers in front of a line of trees',
    co2Tonnes: 95,
    treesPlanted: null,
    hedgerowMetres: 1200,
    state: 'finished' as const,
    finishedOn: '2025-09-30',
    isTeaser: false,
    updates: [
      ['2024-03-10', 'Fields sown with seed gathered from neighbouring meadows.'],
      ['2024-07-02', 'First flowering: 23 wild flower species counted.'],
      ['2025-09-30', 'Project finished: 41 species recorded; the meadows are now cut for hay each year.'],
    ],
  },
];

export async function seedDemoProjects(db: Db): Promise<string[]> {
  await inTransaction(db, async (tx) => {
    for (const { updates, ...project } of DEMO_PROJECTS) {
      const [row] = await tx
        .insert(landProjects)
        .values({ ...project, isDemo: true })
        .returning({ id: landProjects.id });
      if (!row) throw new Error('demo project not inserted');
      await tx.insert(landProjectUpdates).values(updates.map(([happenedOn, text]) => ({ projectId: row.id, happenedOn: happenedOn!, text: text! })));
    }
  });
  return [DEMO_PROJECTS_NOTE];
}
