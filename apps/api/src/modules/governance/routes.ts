import { AdminVotesQuerySchema, BallotSchema, CreateVoteSchema, GOVERNANCE_MESSAGES as M, QuizInputSchema, QuizSubmissionSchema, VotesQuerySchema } from '@landunits/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MINUTE } from '../../platform/clock';
import { AppError, parseInput } from '../../platform/http/app-error';
import { requirePermission, requireUser, type AdminUser } from '../auth';
import { createQuiz, findQuizView, listAdminQuizzes, listQuizzes, publishQuiz, quizIdOf, submitQuiz, updateQuiz } from './quizzes';
import { castBallot, closeDueVotes, closeVoteNow, createVote, listAdminVotes, listVotes, needsMyVoteCount, voteIdOf } from './votes';

const idParam = (request: FastifyRequest) => String((request.params as { id?: unknown }).id ?? '');
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
const actor = (admin: AdminUser, request: FastifyRequest) => ({ userId: admin.id, role: admin.adminRole, requestId: request.id });

/** Votes and quizzes (decision 0027): thin routes over one use-case each. */
export async function governanceRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/api/governance/votes', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const query = parseInput(VotesQuerySchema, request.query);
    noStore(reply);
    return listVotes(ctx.db, user.id, query, ctx.clock.now());
  });

  app.get('/api/governance/votes/needs-my-vote-count', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    noStore(reply);
    return { count: await needsMyVoteCount(ctx.db, user.id, ctx.clock.now()) };
  });

  app.post('/api/governance/votes/:id/ballot', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const id = voteIdOf(idParam(request));
    const body = parseInput(BallotSchema, request.body ?? {});
    await ctx.limiter.hit({ key: `ballot:user:${user.id}`, max: 60, windowMs: MINUTE });
    noStore(reply);
    return { message: M.voteCast, vote: await castBallot(ctx, user.id, id, body.answer) };
  });

  // A GET by the SPEC; it only closes votes whose time has come, and a cross-site request is refused.
  app.get('/api/governance/close-voting', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'community.moderate');
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('FORBIDDEN', 'This request must come from the Land Units site.');
    noStore(reply);
    const closed = await closeDueVotes(ctx, actor(admin, request));
    return { message: M.closedSome(closed), closed };
  });

  app.get('/api/governance/quizzes', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    noStore(reply);
    return listQuizzes(ctx.db, user.id);
  });

  app.get('/api/governance/quizzes/:id', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    noStore(reply);
    return findQuizView(ctx.db, user.id, quizIdOf(idParam(request)));
  });

  app.post('/api/governance/quizzes/:id/submission', async (request, reply) => {
    const user = await requireUser(ctx, request, reply);
    const id = quizIdOf(idParam(request));
    const body = parseInput(QuizSubmissionSchema, request.body ?? {});
    await ctx.limiter.hit({ key: `quiz:user:${user.id}`, max: 20, windowMs: 10 * MINUTE });
    noStore(reply);
    return { message: M.quizSubmitted, quiz: await submitQuiz(ctx, user.id, id, body.answers) };
  });

  app.get('/api/admin/votes', async (request, reply) => {
    await requirePermission(ctx, request, reply, 'community.moderate');
    const query = parseInput(AdminVotesQuerySchema, request.query);
    noStore(reply);
    return listAdminVotes(ctx.db, query, ctx.clock.now());
  });

  app.post('/api/admin/votes', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'community.moderate');
    const body = parseInput(CreateVoteSchema, request.body ?? {});
    noStore(reply);
    return { message: M.voteCreated, vote: await createVote(ctx, actor(admin, request), body) };
  });

  app.post('/api/admin/votes/:id/close', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'community.moderate');
    noStore(reply);
    return { message: M.voteClosedNow, vote: await closeVoteNow(ctx, actor(admin, request), voteIdOf(idParam(request))) };
  });

  app.get('/api/admin/quizzes', async (request, reply) => {
    await requirePermission(ctx, request, reply, 'community.moderate');
    noStore(reply);
    return listAdminQuizzes(ctx.db);
  });

  app.post('/api/admin/quizzes', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'community.moderate');
    const body = parseInput(QuizInputSchema, request.body ?? {});
    noStore(reply);
    return { message: M.quizCreated, quiz: await createQuiz(ctx, actor(admin, request), body) };
  });

  app.put('/api/admin/quizzes/:id', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'community.moderate');
    const id = quizIdOf(idParam(request));
    const body = parseInput(QuizInputSchema, request.body ?? {});
    noStore(reply);
    return { message: M.quizSaved, quiz: await updateQuiz(ctx, actor(admin, request), id, body) };
  });

  app.post('/api/admin/quizzes/:id/publish', async (request, reply) => {
    const admin = await requirePermission(ctx, request, reply, 'community.moderate');
    noStore(reply);
    return { message: M.quizPublished, quiz: await publishQuiz(ctx, actor(admin, request), quizIdOf(idParam(request))) };
  });
}
