import { randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db/client';
import { createDemoUser, findActiveUserByEmail } from '../users';
import { eq } from 'drizzle-orm';
import { agentApplications, communityAnswers, communityQuestions } from './schema';

export const DEMO_AGENT_EMAIL = 'agent@landunits.example';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Demo community (run once under seedDemoContent's marker): a community agent with answers,
 * questions open and closed (one with an accepted answer, one answered by the team), and one
 * pending agent application from `applicantEmail`.
 */
export async function seedDemoCommunity(db: Db, askerEmail: string, applicantEmail: string, teamEmail: string): Promise<string[]> {
  const asker = await findActiveUserByEmail(db, askerEmail);
  const applicant = await findActiveUserByEmail(db, applicantEmail);
  const team = await findActiveUserByEmail(db, teamEmail);
  if (!asker || !applicant) return [];
  const password = `Lu${randomBytes(9).toString('base64url')}5`;
  const agent = await createDemoUser(db, { email: DEMO_AGENT_EMAIL, password, firstName: 'Amara', lastName: 'Okafor' });
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  await db.insert(agentApplications).values([
    {
      userId: agent.id,
      reason: 'I have followed Land Units since the first projects and often explain how Units work to friends.',
      experienceAndMotivation: 'Ten years in community forestry; I would like to help new members with clear answers.',
      status: 'approved',
      decisionReason: 'Thank you: your forestry experience will help many members.',
      decidedBy: team?.id ?? null,
      decidedAt: at(20),
      createdAt: at(21),
    },
    {
      userId: applicant.id,
      reason: 'I want to help people who are new to buying land-backed Units.',
      experienceAndMotivation: 'I run a local gardening group and answer questions there every week.',
      createdAt: at(1),
    },
  ]);
  const ask = async (title: string, body: string, daysAgo: number, userId = asker.id) => {
    const [row] = await db
      .insert(communityQuestions)
      .values({ userId, title, body, createdAt: at(daysAgo), updatedAt: at(daysAgo) })
      .returning({ id: communityQuestions.id });
    return row!.id;
  };
  const answer = async (questionId: number, body: string, daysAgo: number, by: { id: string; kind: 'agent' | 'team' }) => {
    const [row] = await db
      .insert(communityAnswers)
      .values({ questionId, userId: by.id, authorKind: by.kind, body, createdAt: at(daysAgo) })
      .returning({ id: communityAnswers.id });
    return row!.id;
  };
  const asAgent = { id: agent.id, kind: 'agent' as const };

  const howPrice = await ask('How does the price of a Unit go up?', 'I bought Land Pounds last month. How and when does their price change?', 12);
  const accepted = await answer(
    howPrice,
    'The price rises on the schedule shown on the pricing page: each step is announced in advance, and your Units keep the price you paid until you sell.',
    11,
    asAgent,
  );
  await answer(howPrice, 'The statistics page also shows the history of every price step.', 10, asAgent);
  await db
    .update(communityQuestions)
    .set({ status: 'closed', acceptedAnswerId: accepted, closedAt: at(9), updatedAt: at(9) })
    .where(eq(communityQuestions.id, howPrice));

  const visit = await ask('Can I visit a land project?', 'Are there open days on the projects, and how do I sign up for one?', 5);
  if (team) await answer(visit, 'Yes: open days are announced in the news each season. Write to us through the contact page to join the next one.', 4, { id: team.id, kind: 'team' });

  await ask('Can I give Units to my children?', 'Is a transfer to a family member possible, and does it cost anything?', 2);
  await ask('What happens to the money from a sale?', 'When I sell Units, where does the money go and how long does it take?', 1, applicant.id);
  return ['  Community agent (demo)', `    email:    ${DEMO_AGENT_EMAIL}`, `    password: ${password}`];
}
