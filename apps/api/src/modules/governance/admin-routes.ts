import { GOVERNANCE_MESSAGES as M } from '@landunits/domain';
import { GOVERNANCE_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../auth';
import { closeVoteNow } from './close-vote';
import { createVote } from './create-vote';
import { listAdminQuizzes } from './list-admin-quizzes';
import { listAdminVotes } from './list-admin-votes';
import { publishQuiz } from './publish-quiz';
import { createQuiz, updateQuiz } from './save-quiz';
import { quizIdOf, voteIdOf } from './store';

/** The admins' votes and quizzes (decision 0027), registered by governanceRoutes after the person's routes. */
export async function governanceAdminRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.adminVotes, ({ query }) => listAdminVotes(ctx.db, query, ctx.clock.now()));
  route(app, C.createVote, async ({ actor, body }) => ({ message: M.voteCreated, vote: await createVote(ctx, actor, body) }));
  route(app, C.closeVote, async ({ actor, params }) => ({ message: M.voteClosedNow, vote: await closeVoteNow(ctx, actor, voteIdOf(params.id)) }));
  route(app, C.adminQuizzes, () => listAdminQuizzes(ctx.db));
  route(app, C.createQuiz, async ({ actor, body }) => ({ message: M.quizCreated, quiz: await createQuiz(ctx, actor, body) }));
  route(app, C.updateQuiz, async ({ actor, params, body }) => ({ message: M.quizSaved, quiz: await updateQuiz(ctx, actor, quizIdOf(params.id), body) }));
  route(app, C.publishQuiz, async ({ actor, params }) => ({ message: M.quizPublished, quiz: await publishQuiz(ctx, actor, quizIdOf(params.id)) }));
}
