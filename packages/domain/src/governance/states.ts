/**
 * Per-person states of votes and quizzes (SPEC §4), worked out the same way by the API and read
 * by the web app.
 *
 * Votes:
 * - vote_closed: the vote is closed, or its closing time has passed (a ballot is refused even
 *   before the job fixes the outcome);
 * - vote_submitted_already: open, and the person has a ballot (which they may still change);
 * - vote_not_submitted: open, and no ballot yet.
 * Whether the person may vote at all (at least one owned Unit) is told apart, by `canVote`.
 *
 * Quizzes (decision 0027):
 * - per question: answer_submitted when the person's submission chose an option for it,
 *   answer_not_submitted when it did not (left blank, or no submission yet);
 * - per quiz, once submitted: all_right_answer_submitted when every question was answered with
 *   its right option, all_right_answer_not_given otherwise (a wrong or a blank answer); before
 *   submitting, the quiz is answer_not_submitted.
 */
export const VOTE_STATES = ['vote_not_submitted', 'vote_submitted_already', 'vote_closed'] as const;
export type VoteState = (typeof VOTE_STATES)[number];

export function voteState(vote: { closesAt: Date; closedAt: Date | null }, hasBallot: boolean, now: Date): VoteState {
  if (!isVoteOpen(vote, now)) return 'vote_closed';
  return hasBallot ? 'vote_submitted_already' : 'vote_not_submitted';
}

export const isVoteOpen = (vote: { closesAt: Date; closedAt: Date | null }, now: Date): boolean => vote.closedAt === null && vote.closesAt.getTime() > now.getTime();

export const QUIZ_ANSWER_STATES = ['answer_submitted', 'answer_not_submitted'] as const;
export type QuizAnswerState = (typeof QUIZ_ANSWER_STATES)[number];

export const QUIZ_RESULT_STATES = ['all_right_answer_submitted', 'all_right_answer_not_given'] as const;
export type QuizResultState = (typeof QUIZ_RESULT_STATES)[number];

/** A quiz's state for one person: not submitted yet, or the result of their submission. */
export type QuizState = 'answer_not_submitted' | QuizResultState;

export const questionAnswerState = (chosen: number | null | undefined): QuizAnswerState => (chosen === null || chosen === undefined ? 'answer_not_submitted' : 'answer_submitted');

/** Marks a submission: each chosen option against the right one; the quiz's result state. */
export function markQuiz(rightOptions: readonly number[], chosen: readonly (number | null)[]): { rightCount: number; right: boolean[]; state: QuizResultState } {
  const right = rightOptions.map((r, i) => chosen[i] !== null && chosen[i] !== undefined && chosen[i] === r);
  const rightCount = right.filter(Boolean).length;
  return { rightCount, right, state: rightCount === rightOptions.length ? 'all_right_answer_submitted' : 'all_right_answer_not_given' };
}

export const VOTE_STATE_LABELS: Readonly<Record<VoteState, string>> = {
  vote_not_submitted: 'Not voted yet',
  vote_submitted_already: 'You voted',
  vote_closed: 'Closed',
};

export const QUIZ_STATE_LABELS: Readonly<Record<QuizState, string>> = {
  answer_not_submitted: 'Not answered yet',
  all_right_answer_submitted: 'All answers right',
  all_right_answer_not_given: 'Not all answers right',
};
