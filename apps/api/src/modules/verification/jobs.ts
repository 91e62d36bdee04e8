import { DAY } from '../../platform/clock';
import { definePeriodic } from '../../platform/jobs/define';
import { runPassportExpiry } from './expire-passports';

export const verificationPeriodicTasks = [definePeriodic('passport-expiry', DAY, ({ ctx, now, log }) => runPassportExpiry(ctx, now, log))];
