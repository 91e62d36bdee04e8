import { GOVERNANCE_MESSAGES as M } from '@landunits/domain';
import { GOVERNANCE_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { MINUTE } from '../../platform/clock';
import { AppError } from '../../platform/http/app-error';
import { route } from '../auth';
import { createQuiz, findQuizView, listAdminQuizzes, listQuizzes, publishQuiz, quizIdOf, submitQuiz, updateQuiz } from './quizzes';
import { castBallot, closeDueVotes, closeVoteNow, createVote, listAdminVotes, listVotes, needsMyVoteCount, voteIdOf } from './votes';

/** Votes and quizzes (decision 0027): each route is its contract over one use-case; a malformed id names nothing (404). */
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

  route(app, C.adminVotes, ({ query }) => listAdminVotes(ctx.db, query, ctx.clock.now()));
  route(app, C.createVote, async ({ actor, body }) => ({ message: M.voteCreated, vote: await createVote(ctx, actor, body) }));
  route(app, C.closeVote, async ({ actor, params }) => ({ message: M.voteClosedNow, vote: await closeVoteNow(ctx, actor, voteIdOf(params.id)) }));
  route(app, C.adminQuizzes, () => listAdminQuizzes(ctx.db));
  route(app, C.createQuiz, async ({ actor, body }) => ({ message: M.quizCreated, quiz: await createQuiz(ctx, actor, body) }));
  route(app, C.updateQuiz, async ({ actor, params, body }) => ({ message: M.quizSaved, quiz: await updateQuiz(ctx, actor, quizIdOf(params.id), body) }));
  route(app, C.publishQuiz, async ({ actor, params }) => ({ message: M.quizPublished, quiz: await publishQuiz(ctx, actor, quizIdOf(params.id)) }));
}
