import { GOVERNANCE_MESSAGES as M } from '@landunits/domain';
import { GOVERNANCE_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { MINUTE } from '../../platform/clock';
import { AppError } from '../../platform/http/app-error';
import { route } from '../auth';
import { governanceAdminRoutes } from './admin-routes';
import { castBallot } from './cast-ballot';
import { closeDueVotes } from './close-vote';
import { findQuizView } from './find-quiz';
import { listQuizzes } from './list-quizzes';
import { listVotes, needsMyVoteCount } from './list-votes';
import { quizIdOf, voteIdOf } from './store';
import { submitQuiz } from './submit-quiz';

/**
 * Votes and quizzes (decision 0027): each route is its contract over one use-case; a malformed id
 * names nothing (404). The admins' routes (admin-routes.ts) are registered after the person's.
 */
export async function governanceRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, C.votes, ({ user, query }) => listVotes(ctx.db, user.id, query, ctx.clock.now()));
  route(app, C.needsMyVoteCount, async ({ user }) => ({ count: await needsMyVoteCount(ctx.db, user.id, ctx.clock.now()) }));

  route(app, C.ballot, async ({ user, params, body }) => {
    const id = voteIdOf(params.id);
    await ctx.limiter.hit({ key: `ballot:user:${user.id}`, max: 60, windowMs: MINUTE });
    return { message: M.voteCast, vote: await castBallot(ctx, user.id, id, body.answer) };
  });

  // A GET by the SPEC; it only closes votes whose time has come, and a cross-site request is refused.
  route(app, C.closeVoting, async ({ actor, request }) => {
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('FORBIDDEN', 'This request must come from the Land Units site.');
    const closed = await closeDueVotes(ctx, actor);
    return { message: M.closedSome(closed), closed };
  });

  route(app, C.quizzes, ({ user }) => listQuizzes(ctx.db, user.id));
  route(app, C.quiz, ({ user, params }) => findQuizView(ctx.db, user.id, quizIdOf(params.id)));

  route(app, C.submitQuiz, async ({ user, params, body }) => {
    const id = quizIdOf(params.id);
    await ctx.limiter.hit({ key: `quiz:user:${user.id}`, max: 20, windowMs: 10 * MINUTE });
    return { message: M.quizSubmitted, quiz: await submitQuiz(ctx, user.id, id, body.answers) };
  });

  await governanceAdminRoutes(app);
}
