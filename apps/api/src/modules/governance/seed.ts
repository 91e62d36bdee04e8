import type { Db } from '../../platform/db/client';
import { DEMO_ADMIN_EMAIL, findUserByEmail } from '../users';
import { quizzes, voteBallots, votes, type StoredQuizQuestion } from './schema';

const DAY = 86_400_000;
const DEMO_USER_EMAIL = 'demo@landunits.example';

/** The demo quiz: its right answers agree with the site's terms and FAQ (demo-quiz.test.ts checks them). */
export const DEMO_QUIZ: { readonly title: string; readonly description: string; readonly questions: readonly StoredQuizQuestion[] } = {
  title: 'Land Units basics',
  description: 'Three questions about how Land Units work.',
  questions: [
    {
      text: 'What does holding a Land Unit give you?',
      options: ['A part of a plot of restored land', 'A Unit priced in GBP, USD, EUR or AUD that you can keep, sell, transfer or convert; it is not ownership of land', 'A carbon credit'],
      rightOption: 1,
    },
    { text: 'Who may vote on governance questions?', options: ['Everyone with an account', 'Holders of at least one owned Unit', 'Only admins'], rightOption: 1 },
    { text: 'When are the tallies of a vote shown?', options: ['As soon as someone votes', 'When voting closes', 'Never'], rightOption: 1 },
  ],
};

/**
 * Demo votes and a quiz for a new embedded database: one open vote, one closed vote with its
 * result (the demo person voted Yes) and one published quiz. Runs once, under seedDemoContent.
 */
export async function seedDemoGovernance(db: Db): Promise<string[]> {
  const admin = await findUserByEmail(db, DEMO_ADMIN_EMAIL);
  const person = await findUserByEmail(db, DEMO_USER_EMAIL);
  if (!admin) return [];
  const now = Date.now();
  await db.insert(votes).values({
    question: 'Should part of next year’s income fund a tree nursery on the Kenyan land?',
    details: 'The nursery would grow 40,000 native seedlings a year for the restoration areas. Voting is open to every holder of an owned Unit; tallies are shown when voting closes.',
    closesAt: new Date(now + 14 * DAY),
    createdAt: new Date(now - DAY),
    createdBy: admin.id,
  });
  const [closed] = await db
    .insert(votes)
    .values({
      question: 'Should the annual report be published in Spanish as well as English?',
      details: 'A translated report would cost about £1,800 a year.',
      closesAt: new Date(now - 10 * DAY),
      createdAt: new Date(now - 30 * DAY),
      createdBy: admin.id,
      closedAt: new Date(now - 10 * DAY),
      yesCount: person ? 1 : 0,
      noCount: 0,
      eligibleCount: person ? 1 : 0,
      yesPercentage: person ? '100.00' : null,
      outcome: person ? 'Yes' : 'Not Decided',
    })
    .returning();
  if (person && closed) {
    const at = new Date(now - 12 * DAY);
    await db.insert(voteBallots).values({ voteId: closed.id, userId: person.id, answer: 'y', castAt: at, updatedAt: at });
  }
  await db.insert(quizzes).values({
    ...DEMO_QUIZ,
    questions: DEMO_QUIZ.questions.map((question) => ({ ...question, options: [...question.options] })),
    status: 'published',
    createdAt: new Date(now - 5 * DAY),
    updatedAt: new Date(now - 5 * DAY),
    publishedAt: new Date(now - 5 * DAY),
  });
  return [];
}
