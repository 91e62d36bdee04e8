import {
  GOVERNANCE_MESSAGES as M,
  isVoteOpen,
  percentageText,
  questionAnswerState,
  voteState,
  type AdminQuiz,
  type AdminVote,
  type QuizSummary,
  type QuizView,
  type VoteAnswer,
  type VoteOutcome,
  type VoteResult,
  type VoteView,
} from '@landunits/domain';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import type { quizzes as q, votes as v } from './schema';
import { quizSubmissions as s, voteBallots as b } from './schema';

export type VoteRow = typeof v.$inferSelect;
export type QuizRow = typeof q.$inferSelect;
export type SubmissionRow = typeof s.$inferSelect;

/* ---------------- votes ---------------- */

export function voteIdOf(raw: string): number {
  const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw new AppError('NOT_FOUND', M.voteNotFound);
  return id;
}

export function voteResultOf(row: VoteRow): VoteResult | null {
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

export function voteViewOf(row: VoteRow, answer: string | null, canVote: boolean, now: Date): VoteView {
  return {
    id: row.id,
    question: row.question,
    details: row.details,
    closesAt: row.closesAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    state: voteState(row, answer !== null, now),
    myAnswer: (answer as VoteAnswer | null) ?? null,
    canVote,
    result: voteResultOf(row),
  };
}

export async function adminVoteViewOf(db: Db, row: VoteRow, now: Date): Promise<AdminVote> {
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
    result: voteResultOf(row),
  };
}

/* ---------------- quizzes ---------------- */

export function quizIdOf(raw: string): number {
  const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw new AppError('NOT_FOUND', M.quizNotFound);
  return id;
}

export function quizSummaryOf(quiz: QuizRow, sub: SubmissionRow | null): QuizSummary {
  const state = sub === null ? 'answer_not_submitted' : sub.rightCount === sub.questionCount ? 'all_right_answer_submitted' : 'all_right_answer_not_given';
  return {
    id: quiz.id,
    title: quiz.title,
    description: quiz.description,
    questionCount: quiz.questions.length,
    publishedAt: quiz.publishedAt?.toISOString() ?? null,
    state,
    rightCount: sub?.rightCount ?? null,
  };
}

/** A quiz as a person sees it: the right answers only once they have submitted. */
export function quizViewOf(quiz: QuizRow, sub: SubmissionRow | null): QuizView {
  return {
    ...quizSummaryOf(quiz, sub),
    submittedAt: sub?.submittedAt.toISOString() ?? null,
    questions: quiz.questions.map((question, i) => {
      const chosen = sub ? (sub.answers[i] ?? null) : null;
      return {
        text: question.text,
        options: question.options,
        chosen,
        answerState: questionAnswerState(chosen),
        rightOption: sub ? question.rightOption : null,
        right: sub ? chosen === question.rightOption : null,
      };
    }),
  };
}

export async function adminQuizViewOf(db: Db, quiz: QuizRow): Promise<AdminQuiz> {
  const [counts] = await db
    .select({ n: sql<number>`count(*)::int`, allRight: sql<number>`count(*) filter (where ${s.rightCount} = ${s.questionCount})::int` })
    .from(s)
    .where(eq(s.quizId, quiz.id));
  return adminQuizShape(quiz, Number(counts?.n ?? 0), Number(counts?.allRight ?? 0));
}

export function adminQuizShape(quiz: QuizRow, submissions: number, allRight: number): AdminQuiz {
  return {
    id: quiz.id,
    title: quiz.title,
    description: quiz.description,
    status: quiz.status as AdminQuiz['status'],
    questions: quiz.questions,
    createdAt: quiz.createdAt.toISOString(),
    publishedAt: quiz.publishedAt?.toISOString() ?? null,
    submissions,
    allRight,
  };
}
