import { MINUTE } from '../../platform/clock';
import { definePeriodic } from '../../platform/jobs/define';
import { voteEmailsJob } from './vote-emails';
import { closeDueVotes } from './votes';

export const governanceJobs = [voteEmailsJob];

/** Closes the votes whose closing time has come, every minute (one instance at a time). */
export const governancePeriodicTasks = [definePeriodic('close-due-votes', MINUTE, ({ ctx }) => closeDueVotes(ctx, null))];
