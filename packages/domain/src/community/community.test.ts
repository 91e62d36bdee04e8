import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors';
import { QuestionListQuerySchema } from '../contracts/community';
import { AnswerQuestionSchema, BecomeAgentSchema, CloseQuestionSchema, COMMUNITY_LIMITS, COMMUNITY_MESSAGES as M, CreateQuestionSchema, ModerationReasonSchema } from './questions';

const errorsOf = (result: { success: boolean; error?: unknown }) => (result.success ? {} : fieldErrors(result.error as never));

describe('community schemas', () => {
  it('asks with a trimmed title of 5 to 150 characters and a body, with the messages people read', () => {
    expect(CreateQuestionSchema.parse({ title: '  How are Units priced?  ', body: ' Why? ' })).toEqual({ title: 'How are Units priced?', body: 'Why?' });
    expect(errorsOf(CreateQuestionSchema.safeParse({ title: '', body: '   ' }))).toEqual({ title: M.titleRequired, body: M.bodyRequired });
    expect(errorsOf(CreateQuestionSchema.safeParse({ title: 'Hey', body: 'x' }))).toEqual({ title: M.titleShort });
    expect(errorsOf(CreateQuestionSchema.safeParse({ title: 'a'.repeat(COMMUNITY_LIMITS.title + 1), body: 'b'.repeat(COMMUNITY_LIMITS.body + 1) }))).toEqual({ title: M.titleMax, body: M.bodyMax });
    expect(CreateQuestionSchema.safeParse({ title: 'Valid title', body: 'x', extra: 1 }).success).toBe(false);
  });

  it('keeps naughty text as it is (it is shown as text, never as markup)', () => {
    const text = `<script>alert(1)</script>'; drop table x; -- \u202E🌳`;
    expect(CreateQuestionSchema.parse({ title: text, body: text })).toEqual({ title: text, body: text });
  });

  it('takes ids as positive whole numbers only', () => {
    expect(AnswerQuestionSchema.parse({ questionId: '7', answerText: 'Yes' })).toEqual({ questionId: 7, answerText: 'Yes' });
    for (const questionId of [0, -1, 1.5, 'abc', '1e400', Number.MAX_SAFE_INTEGER + 2]) {
      expect(errorsOf(AnswerQuestionSchema.safeParse({ questionId, answerText: 'Yes' })), String(questionId)).toEqual({ questionId: M.questionIdInvalid });
    }
    expect(CloseQuestionSchema.parse({ questionId: 3 })).toEqual({ questionId: 3 });
    expect(CloseQuestionSchema.parse({ questionId: 3, acceptedAnswerId: null })).toEqual({ questionId: 3, acceptedAnswerId: null });
    expect(errorsOf(CloseQuestionSchema.safeParse({ questionId: 3, acceptedAnswerId: 'x' }))).toEqual({ acceptedAnswerId: M.answerIdInvalid });
  });

  it('needs both parts of an agent application and a moderator’s reason', () => {
    expect(errorsOf(BecomeAgentSchema.safeParse({ reason: ' ', experienceAndMotivation: '' }))).toEqual({ reason: M.reasonRequired, experienceAndMotivation: M.experienceRequired });
    expect(errorsOf(BecomeAgentSchema.safeParse({ reason: 'r'.repeat(COMMUNITY_LIMITS.reason + 1), experienceAndMotivation: 'e'.repeat(COMMUNITY_LIMITS.experience + 1) }))).toEqual({
      reason: M.reasonMax,
      experienceAndMotivation: M.experienceMax,
    });
    expect(errorsOf(ModerationReasonSchema.safeParse({ reason: '' }))).toEqual({ reason: M.moderationReasonRequired });
  });

  it('lists All by default and knows only the four views', () => {
    expect(QuestionListQuerySchema.parse({})).toEqual({ questionViewBy: 'All', page: 1, pageSize: 20 });
    expect(QuestionListQuerySchema.parse({ questionViewBy: 'Own', page: '2' })).toMatchObject({ questionViewBy: 'Own', page: 2 });
    expect(QuestionListQuerySchema.safeParse({ questionViewBy: 'own' }).success).toBe(false);
    expect(QuestionListQuerySchema.safeParse({ pageSize: 101 }).success).toBe(false);
  });
});
