import { COMMUNITY_MESSAGES as M } from '@landunits/domain';
import type { AgentStatus } from '@landunits/domain/contracts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { applyLimits } from './limits';
import { agentApplications as a } from './schema';
import { agentStatusOf } from './show-agent-status';
import { isAgent } from './store';

/**
 * POST /api/community/becomeCommunityAgent. A second pending application is refused by the
 * partial unique index (insert … on conflict do nothing), so two submits at once make one.
 */
export async function applyToBecomeAgent(ctx: AppContext, userId: string, input: { reason: string; experienceAndMotivation: string }): Promise<{ message: string; status: AgentStatus }> {
  await ctx.limiter.hit(...applyLimits(userId));
  if (await isAgent(ctx.db, userId)) throw new AppError('CONFLICT', M.alreadyAgent);
  const [row] = await ctx.db
    .insert(a)
    .values({ userId, reason: input.reason, experienceAndMotivation: input.experienceAndMotivation, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning({ id: a.id });
  if (!row) throw new AppError('CONFLICT', M.applicationPending);
  return { message: M.applied, status: await agentStatusOf(ctx.db, userId) };
}
