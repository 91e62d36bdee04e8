import {
  GOVERNANCE_MESSAGES as M,
  isVoteOpen,
  percentageText,
  voteOutcome,
  voteResultYesPercentage,
  voteState,
  type AdminVote,
  type AdminVotesPage,
  type VoteAnswer,
  type VoteOutcome,
  type VoteResult,
  type VotesPage,
  type VotesQuery,
  type VoteView,
} from '@landunits/domain';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { queryRows, type Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import { enqueueJob } from '../../platform/jobs/define';
import { recordAudit, type AuditActor } from '../audit';
import { requirePermissionOf } from '../auth';
import { hasOwnedUnits, ownedHolderIdsQuery } from '../ledger';
import { voteEmailsJob } from './vote-emails';
import { voteBallots as b, votes as v } from './schema';

type VoteRow = typeof v.$inferSelect;

const YEAR_MS = 366 * 86_400_000;

export function voteIdOf(raw: string): number {
  const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw new AppError('NOT_FOUND', M.voteNotFound);
  return id;
}

function resultOf(row: VoteRow): VoteResult | null {
  if (!row.closedAt || !row.outcome) return null;
  const yes = row.yesCount ?? 0;
  const no = row.noCount ?? 0;
  const voters = yes + no;
  const eligible = Math.max(row.eligibleCount ?? 0, voters);
  return {
    yes,
    no,
    voters,
    eligible,
    yesPercentage: row.yesPercentage === null ? null : Number(row.yesPercentage).toFixed(2),
    noPercentage: percentageText(no, voters),
    turnoutPercentage: percentageText(voters, eligible),
    outcome: row.outcome as VoteOutcome,
  };
}

function viewOf(row: VoteRow, answer: string | null, canVote: boolean, now: Date): VoteView {
  return {
    id: row.id,
    question: row.question,
    details: row.details,
    closesAt: row.closesAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    state: voteState(row, answer !== null, now),
    myAnswer: (answer as VoteAnswer | null) ?? null,
    canVote,
    result: resultOf(row),
  };
}

const openSql = (now: Date): SQL => sql`(${v.closedAt} is null and ${v.closesAt} > ${now.toISOString()}::timestamptz)`;

/** A person's page of votes, filtered; results only for closed votes. */
export async function listVotes(db: Db, userId: string, query: VotesQuery, now: Date): Promise<VotesPage> {
  const canVote = await hasOwnedUnits(db, userId);
  const open = openSql(now);
  let where: SQL;
  if (query.filter === 'open') where = open;
  else if (query.filter === 'closed') where = sql`not ${open}`;
  else if (query.filter === 'needs-my-vote') where = canVote ? sql`${open} and ${b.userId} is null` : sql`false`;
  else where = sql`true`;
  const from = () =>
    db
      .select({ vote: v, answer: b.answer })
      .from(v)
      .leftJoin(b, and(eq(b.voteId, v.id), eq(b.userId, userId)))
      .where(where);
  const [rows, [total]] = await Promise.all([
    from()
      .orderBy(sql`${open} desc`, sql`case when ${open} then ${v.closesAt} end asc`, desc(v.closesAt), desc(v.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(v)
      .leftJoin(b, and(eq(b.voteId, v.id), eq(b.userId, userId)))
      .where(where),
  ]);
  return { votes: rows.map((r) => viewOf(r.vote, r.answer, canVote, now)), canVote, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** How many open votes wait for this person's vote (none for someone without owned Units). */
export async function needsMyVoteCount(db: Db, userId: string, now: Date): Promise<number> {
  if (!(await hasOwnedUnits(db, userId))) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(v)
    .leftJoin(b, and(eq(b.voteId, v.id), eq(b.userId, userId)))
    .where(sql`${openSql(now)} and ${b.userId} is null`);
  return row?.n ?? 0;
}

/**
 * Casts or changes a holder's ballot. The vote row is read `for share`, so a close (which updates
 * the row) waits for ballots in flight and ballots wait for a close; the upsert on the primary key
 * (vote, person) is guarded by the vote still being open, so a person has one ballot whatever the
 * concurrency and nothing is written once the vote is closed.
 */
export async function castBallot(ctx: AppContext, userId: string, voteId: number, answer: VoteAnswer): Promise<VoteView> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const [vote] = await tx.select().from(v).where(eq(v.id, voteId)).for('share');
    if (!vote) throw new AppError('NOT_FOUND', M.voteNotFound);
    if (!isVoteOpen(vote, now)) throw new AppError('TRANSITION_REFUSED', M.voteClosed);
    if (!(await hasOwnedUnits(tx, userId))) throw new AppError('FORBIDDEN', M.notHolder);
    const at = now.toISOString();
    const written = await queryRows<{ answer: string }>(
      tx,
      sql`insert into vote_ballots (vote_id, user_id, answer, cast_at, updated_at)
          select id, ${userId}::uuid, ${answer}, ${at}::timestamptz, ${at}::timestamptz from votes
          where id = ${voteId} and closed_at is null and closes_at > ${at}::timestamptz
          on conflict (vote_id, user_id) do update set answer = excluded.answer, updated_at = excluded.updated_at
          where exists (select 1 from votes o where o.id = vote_ballots.vote_id and o.closed_at is null and o.closes_at > ${at}::timestamptz)
          returning answer`,
    );
    if (written.length === 0) throw new AppError('TRANSITION_REFUSED', M.voteClosed);
    return viewOf(vote, written[0]!.answer, true, now);
  });
}

/* ---------------- admin ---------------- */

async function adminViewOf(db: Db, row: VoteRow, now: Date): Promise<AdminVote> {
  const [voters] = await db.select({ n: count() }).from(b).where(eq(b.voteId, row.id));
  return {
    id: row.id,
    question: row.question,
    details: row.details,
    closesAt: row.closesAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    open: isVoteOpen(row, now),
    voters: voters?.n ?? 0,
    result: resultOf(row),
  };
}

export async function listAdminVotes(db: Db, query: { page: number; pageSize: number }, now: Date): Promise<AdminVotesPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ vote: v, voters: sql<number>`(select count(*)::int from vote_ballots where vote_id = ${v.id})` })
      .from(v)
      .orderBy(desc(v.createdAt), desc(v.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(v),
  ]);
  return {
    votes: rows.map(({ vote, voters }) => ({
      id: vote.id,
      question: vote.question,
      details: vote.details,
      closesAt: vote.closesAt.toISOString(),
      closedAt: vote.closedAt?.toISOString() ?? null,
      createdAt: vote.createdAt.toISOString(),
      open: isVoteOpen(vote, now),
      voters: Number(voters),
      result: resultOf(vote),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Publishes a vote, audited, and queues the emails to holders (sent in batches by a job). */
export async function createVote(ctx: AppContext, admin: AuditActor, input: { question: string; details: string; closesAt: string }): Promise<AdminVote> {
  const now = ctx.clock.now();
  const closesAt = new Date(input.closesAt);
  if (closesAt.getTime() <= now.getTime()) throw new AppError('VALIDATION_FAILED', M.closesAtFuture, { closesAt: M.closesAtFuture });
  if (closesAt.getTime() > now.getTime() + YEAR_MS) throw new AppError('VALIDATION_FAILED', M.closesAtTooFar, { closesAt: M.closesAtTooFar });
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'community.moderate');
    const [row] = await tx.insert(v).values({ question: input.question, details: input.details, closesAt, createdAt: now, createdBy: admin.userId }).returning();
    if (!row) throw new Error('vote not stored');
    await recordAudit(tx, {
      actor: { ...admin, role },
      at: now,
      action: 'vote.create',
      targetType: 'vote',
      targetId: String(row.id),
      after: { question: row.question, details: row.details, closesAt: row.closesAt.toISOString() },
    });
    await enqueueJob(ctx, tx, voteEmailsJob, { voteId: row.id, kind: 'opened', after: null });
    return adminViewOf(tx, row, now);
  });
}

/**
 * Fixes the outcome of the votes a guarded update claims (`closed_at is null`): the first closer
 * takes the row lock, a concurrent one finds it closed and does nothing, so each vote gets one
 * outcome, one audit row and one batch of result emails. The tallies are read by a later statement
 * of the same transaction, after the lock, so they include every ballot committed before it.
 */
async function closeClaimed(ctx: AppContext, tx: Db, claim: SQL, admin: (AuditActor & { role: NonNullable<AuditActor['role']> }) | null, reason: string): Promise<VoteRow[]> {
  const now = ctx.clock.now();
  const at = now.toISOString();
  const claimed = await queryRows<{ id: number }>(
    tx,
    sql`update votes set closed_at = ${at}::timestamptz, closes_at = least(closes_at, ${at}::timestamptz), outcome = 'Not Decided', yes_count = 0, no_count = 0, eligible_count = 0
        where closed_at is null and ${claim} returning id`,
  );
  const closed: VoteRow[] = [];
  for (const { id } of claimed) {
    const voteId = Number(id);
    const [tally] = await queryRows<{ yes: number; no: number; eligible: number }>(
      tx,
      sql`select (select count(*)::int from vote_ballots where vote_id = ${voteId} and answer = 'y') as yes,
                 (select count(*)::int from vote_ballots where vote_id = ${voteId} and answer = 'n') as no,
                 (select count(*)::int from (${ownedHolderIdsQuery()} union select user_id from vote_ballots where vote_id = ${voteId}) e) as eligible`,
    );
    const yes = Number(tally?.yes ?? 0);
    const no = Number(tally?.no ?? 0);
    const outcome = voteOutcome(yes, no);
    const [row] = await tx
      .update(v)
      .set({ yesCount: yes, noCount: no, eligibleCount: Number(tally?.eligible ?? 0), yesPercentage: voteResultYesPercentage(yes, no), outcome })
      .where(eq(v.id, voteId))
      .returning();
    if (!row) continue;
    if (admin) {
      await recordAudit(tx, {
        actor: admin,
        at: now,
        action: 'vote.close',
        targetType: 'vote',
        targetId: String(voteId),
        before: { closedAt: null },
        after: { closedAt: at, ...resultOf(row) },
        reason,
      });
    }
    await enqueueJob(ctx, tx, voteEmailsJob, { voteId, kind: 'result', after: null });
    closed.push(row);
  }
  return closed;
}

/** Closes every vote whose closing time has come (the periodic job, or an admin's close-voting call). */
export async function closeDueVotes(ctx: AppContext, admin: AuditActor | null): Promise<number> {
  return inTransaction(ctx.db, async (tx) => {
    const actor = admin ? { ...admin, role: await requirePermissionOf(tx, admin.userId, 'community.moderate') } : null;
    const at = ctx.clock.now().toISOString();
    const closed = await closeClaimed(ctx, tx, sql`closes_at <= ${at}::timestamptz`, actor, 'Closing time reached');
    return closed.length;
  });
}

/** An admin closes one open vote now. */
export async function closeVoteNow(ctx: AppContext, admin: AuditActor, voteId: number): Promise<AdminVote> {
  return inTransaction(ctx.db, async (tx) => {
    const role = await requirePermissionOf(tx, admin.userId, 'community.moderate');
    const [closed] = await closeClaimed(ctx, tx, sql`id = ${voteId}`, { ...admin, role }, 'Closed now by an admin');
    if (!closed) {
      const [row] = await tx.select().from(v).where(eq(v.id, voteId));
      if (!row) throw new AppError('NOT_FOUND', M.voteNotFound);
      throw new AppError('TRANSITION_REFUSED', M.alreadyClosed);
    }
    return adminViewOf(tx, closed, ctx.clock.now());
  });
}
