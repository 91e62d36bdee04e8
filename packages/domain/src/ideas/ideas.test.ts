import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors';
import { AdminIdeasQuerySchema, IDEA_LIMITS, IDEA_MESSAGES as M, IdeaHideInputSchema, IdeaInputSchema, IdeasQuerySchema, IdeaStatusInputSchema } from './ideas';

const errorsOf = (result: { success: boolean; error?: unknown }) => (result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]));

describe('IdeaInputSchema', () => {
  it('trims and accepts a title and description within the limits', () => {
    expect(IdeaInputSchema.parse({ title: '  Guided walks  ', description: ' Walk the forest project twice a year. ' })).toEqual({
      title: 'Guided walks',
      description: 'Walk the forest project twice a year.',
    });
  });

  it('says what is missing, too short or too long', () => {
    expect(errorsOf(IdeaInputSchema.safeParse({}))).toEqual({ title: M.titleRequired, description: M.descriptionRequired });
    expect(errorsOf(IdeaInputSchema.safeParse({ title: '   ', description: '  ' }))).toEqual({ title: M.titleRequired, description: M.descriptionRequired });
    expect(errorsOf(IdeaInputSchema.safeParse({ title: 'Hi', description: 'Too short' }))).toEqual({ title: M.titleMin, description: M.descriptionMin });
    expect(errorsOf(IdeaInputSchema.safeParse({ title: 'x'.repeat(IDEA_LIMITS.title + 1), description: 'y'.repeat(IDEA_LIMITS.description + 1) }))).toEqual({
      title: M.titleMax,
      description: M.descriptionMax,
    });
  });

  it('refuses fields it does not know (an author cannot set a status or a count)', () => {
    expect(IdeaInputSchema.safeParse({ title: 'A fine title', description: 'A description long enough.', status: 'adopted' }).success).toBe(false);
    expect(IdeaInputSchema.safeParse({ title: 'A fine title', description: 'A description long enough.', supportCount: 9 }).success).toBe(false);
  });
});

describe('admin inputs', () => {
  it('needs a known status and a reply', () => {
    expect(IdeaStatusInputSchema.parse({ status: 'under_review', reply: ' Looking at it. ' })).toEqual({ status: 'under_review', reply: 'Looking at it.' });
    expect(errorsOf(IdeaStatusInputSchema.safeParse({ status: 'maybe', reply: '' }))).toEqual({ status: M.statusInvalid, reply: M.replyRequired });
  });

  it('needs a reason to hide', () => {
    expect(errorsOf(IdeaHideInputSchema.safeParse({ reason: ' ' }))).toEqual({ reason: M.reasonRequired });
    expect(errorsOf(IdeaHideInputSchema.safeParse({ reason: 'r'.repeat(IDEA_LIMITS.reason + 1) }))).toEqual({ reason: M.reasonMax });
  });
});

describe('list queries', () => {
  it('defaults to most supported, page 1, and the admins to newest, every visibility', () => {
    expect(IdeasQuerySchema.parse({})).toEqual({ sort: 'support', page: 1 });
    expect(AdminIdeasQuerySchema.parse({})).toEqual({ sort: 'newest', visibility: 'all', page: 1 });
  });

  it('refuses unknown sorts, statuses and pages', () => {
    for (const query of [{ sort: 'random' }, { status: 'open' }, { page: '0' }, { page: '1.5' }, { page: 'NaN' }, { extra: '1' }]) {
      expect(IdeasQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});

describe('an address without a status filter', () => {
  it('reads an empty status as every status', () => {
    expect(IdeasQuerySchema.parse({ sort: 'support', status: '', page: '1' })).toEqual({ sort: 'support', status: undefined, page: 1 });
    expect(AdminIdeasQuerySchema.parse({ status: '', visibility: 'all' }).status).toBeUndefined();
  });
});
