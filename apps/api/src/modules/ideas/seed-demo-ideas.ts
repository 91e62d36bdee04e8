import type { IdeaStatus } from '@landunits/domain';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { findUserByEmail } from '../users';
import { ideas, ideaSupports } from './schema';

export const DEMO_IDEAS_NOTE = 'Demo community ideas added.';

interface DemoIdea {
  author: 0 | 1;
  title: string;
  description: string;
  status: IdeaStatus;
  reply: string | null;
  daysAgo: number;
  /** Supported by the other author. */
  supported: boolean;
}

const DEMO_IDEAS: readonly DemoIdea[] = [
  {
    author: 0,
    title: 'Guided walks on the forest project',
    status: 'adopted',
    daysAgo: 40,
    supported: true,
    description: 'Twice a year, let Unit holders walk the 40 ha forest project with the land team to see the young trees and ask questions.',
    reply: 'We love this. The first guided walk is planned for the spring; every holder will be invited by email.',
  },
  {
    author: 1,
    title: 'A map of every land project',
    status: 'under_review',
    daysAgo: 21,
    supported: true,
    description: 'Show all projects on one map in the dashboard, with their area and what has been planted, so we can see where our money went.',
    reply: 'We are checking which map service we can use without tracking visitors. We will come back to you.',
  },
  {
    author: 0,
    title: 'Plant an orchard with local schools',
    status: 'new',
    daysAgo: 6,
    supported: false,
    description: 'Ask nearby primary schools to help plant and look after a small orchard of old local apple varieties on one of the projects.',
    reply: null,
  },
  {
    author: 1,
    title: 'Sell Units as gift cards',
    status: 'declined',
    daysAgo: 30,
    supported: false,
    description: 'Let people buy a printed gift card worth a few Units that someone else can redeem into their own account.',
    reply: 'Thank you. Gift cards would need us to hold money for people who have no account yet, which our licence does not allow. Transfers do the same thing for free.',
  },
];

/** A few ideas by the two demo people, with different statuses and supports (marked demo). */
export async function seedDemoIdeas(db: Db, authorEmails: readonly [string, string]): Promise<string[]> {
  const authors = await Promise.all(authorEmails.map((email) => findUserByEmail(db, email)));
  const [first, second] = authors;
  if (!first || !second) return [];
  const ids = [first.id, second.id] as const;
  const now = Date.now();
  await inTransaction(db, async (tx) => {
    for (const idea of DEMO_IDEAS) {
      const createdAt = new Date(now - idea.daysAgo * 86_400_000);
      const [row] = await tx
        .insert(ideas)
        .values({
          authorId: ids[idea.author],
          title: idea.title,
          description: idea.description,
          status: idea.status,
          reply: idea.reply,
          repliedAt: idea.reply ? new Date(createdAt.getTime() + 3 * 86_400_000) : null,
          supportCount: idea.supported ? 1 : 0,
          isDemo: true,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: ideas.id });
      if (row && idea.supported) await tx.insert(ideaSupports).values({ ideaId: row.id, userId: ids[idea.author === 0 ? 1 : 0], createdAt });
    }
  });
  return [DEMO_IDEAS_NOTE];
}
