import { describe, expect, it } from 'vitest';
import { percentageText, voteOutcome, voteResultYesPercentage } from './outcome';
import { CreateVoteSchema, QuizInputSchema, QuizSubmissionSchema, GOVERNANCE_MESSAGES as M } from './schemas';
import { markQuiz, questionAnswerState, voteState } from './states';

describe('vote outcome', () => {
  it('is Not Decided with no votes', () => {
    expect(voteOutcome(0, 0)).toBe('Not Decided');
    expect(voteResultYesPercentage(0, 0)).toBeNull();
  });
  it('is Yes at exactly 50 %', () => {
    expect(voteOutcome(1, 1)).toBe('Yes');
    expect(voteOutcome(50, 50)).toBe('Yes');
    expect(voteResultYesPercentage(1, 1)).toBe('50.00');
  });
  it('is No just under 50 %, Yes just over', () => {
    expect(voteOutcome(49, 51)).toBe('No');
    expect(voteOutcome(1_000_000, 1_000_001)).toBe('No');
    expect(voteOutcome(1_000_001, 1_000_000)).toBe('Yes');
    expect(voteOutcome(0, 3)).toBe('No');
    expect(voteOutcome(3, 0)).toBe('Yes');
  });
  it('agrees with the exact rule yes*100 >= 50*total for every small split', () => {
    for (let yes = 0; yes <= 40; yes++)
      for (let no = 0; no <= 40; no++) {
        const expected = yes + no === 0 ? 'Not Decided' : 2 * yes >= yes + no ? 'Yes' : 'No';
        expect(voteOutcome(yes, no)).toBe(expected);
      }
  });
  it('gives exact two-decimal percentages, rounded half up', () => {
    expect(percentageText(2, 3)).toBe('66.67');
    expect(percentageText(1, 3)).toBe('33.33');
    expect(percentageText(1, 8)).toBe('12.50');
    expect(percentageText(1, 200)).toBe('0.50');
    expect(percentageText(1, 400)).toBe('0.25');
    expect(percentageText(1, 800)).toBe('0.13');
    expect(percentageText(3, 3)).toBe('100.00');
    expect(percentageText(0, 3)).toBe('0.00');
  });
  it('refuses counts that are not whole numbers', () => {
    expect(() => voteOutcome(-1, 2)).toThrow(RangeError);
    expect(() => voteOutcome(0.5, 2)).toThrow(RangeError);
    expect(() => percentageText(4, 3)).toThrow(RangeError);
  });
});

describe('vote states', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const open = { closesAt: new Date('2026-06-02T12:00:00Z'), closedAt: null };
  it('tells not submitted, submitted and closed apart', () => {
    expect(voteState(open, false, now)).toBe('vote_not_submitted');
    expect(voteState(open, true, now)).toBe('vote_submitted_already');
    expect(voteState({ ...open, closedAt: now }, true, now)).toBe('vote_closed');
  });
  it('is closed from the closing time on, before the job has run', () => {
    expect(voteState({ closesAt: now, closedAt: null }, false, now)).toBe('vote_closed');
  });
});

describe('quiz marking and states', () => {
  it('marks all right, partly right and blank answers', () => {
    expect(markQuiz([0, 2, 1], [0, 2, 1])).toEqual({ rightCount: 3, right: [true, true, true], state: 'all_right_answer_submitted' });
    expect(markQuiz([0, 2, 1], [0, 1, 1]).state).toBe('all_right_answer_not_given');
    expect(markQuiz([0, 2, 1], [0, 2, null])).toEqual({ rightCount: 2, right: [true, true, false], state: 'all_right_answer_not_given' });
    expect(questionAnswerState(null)).toBe('answer_not_submitted');
    expect(questionAnswerState(0)).toBe('answer_submitted');
  });
});

describe('governance schemas', () => {
  it('requires a question and a closing time', () => {
    const r = CreateVoteSchema.safeParse({ question: '  ', closesAt: 'soon' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(expect.arrayContaining([M.questionRequired, M.closesAtRequired]));
  });
  it('keeps the right option within the options', () => {
    const r = QuizInputSchema.safeParse({ title: 'T', questions: [{ text: 'Q', options: ['a', 'b'], rightOption: 2 }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(M.rightOptionRange);
  });
  it('refuses an empty submission', () => {
    expect(QuizSubmissionSchema.safeParse({ answers: [null, null] }).success).toBe(false);
    expect(QuizSubmissionSchema.safeParse({ answers: [null, 1] }).success).toBe(true);
  });
});
