import { MINUTE } from '../../platform/clock';
import { definePeriodic } from '../../platform/jobs/define';
import { closeDueVotes } from './close-vote';
import { voteEmailsJob } from './send-vote-emails';

export const governanceJobs = [voteEmailsJob];

/** Closes the votes whose closing time has come, every minute (one instance at a time). */
export const governancePeriodicTasks = [definePeriodic('close-due-votes', MINUTE, ({ ctx }) => closeDueVotes(ctx, null))];
