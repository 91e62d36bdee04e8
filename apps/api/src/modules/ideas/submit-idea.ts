import { IDEA_MESSAGES as M, type IdeaInput } from '@landunits/domain';
import type { IdeaAnswer } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { submitLimit } from './limits';
import { ideas } from './schema';
import { ideaView } from './store';

/** A person suggests an idea: listed at once with status new and no support. */
export async function submitIdea(ctx: AppContext, userId: string, input: IdeaInput): Promise<IdeaAnswer> {
  await ctx.limiter.hit(submitLimit(userId));
  const now = ctx.clock.now();
  const [row] = await ctx.db.insert(ideas).values({ authorId: userId, title: input.title, description: input.description, createdAt: now, updatedAt: now }).returning({ id: ideas.id });
  if (!row) throw new Error('the idea was not inserted');
  return { message: M.submitted, idea: await ideaView(ctx.db, row.id, userId) };
}
