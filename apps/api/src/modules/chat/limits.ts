import { HOUR, MINUTE } from '../../platform/clock';
import type { Limit } from '../../platform/security/rate-limit';

/** Starting: 10 an hour per client address. Sending: 20 a minute per conversation. */
export const startLimit = (ip: string): Limit => ({ key: `chat:start:${ip}`, max: 10, windowMs: HOUR });
export const sendLimit = (conversationId: number): Limit => ({ key: `chat:send:${conversationId}`, max: 20, windowMs: MINUTE });
export const resumeLimit = (ip: string): Limit => ({ key: `chat:resume:${ip}`, max: 20, windowMs: HOUR });

/** An agent's replies: 60 a minute. */
export const agentSendLimit = (adminId: string): Limit => ({ key: `chat:agent:${adminId}`, max: 60, windowMs: MINUTE });
