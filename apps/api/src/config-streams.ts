import { z } from 'zod';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './platform/http/stream-limits';

/**
 * The live-stream limits (decision 0035; docs/operations.md "Live streams"), part of the one
 * configuration loaded by config.ts. Kept apart so config.ts stays short.
 */

const count = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `must be a whole number from 1 to ${max}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `must be a whole number from 1 to ${max}`);

export const StreamEnv = {
  STREAMS_PER_SESSION: count(1_000).optional(),
  STREAMS_PER_VISITOR: count(100_000).optional(),
  STREAMS_PER_INSTANCE: count(100_000).optional(),
};

type StreamEnvValues = z.output<z.ZodObject<typeof StreamEnv>>;

export function streamLimitsConfig(e: StreamEnvValues, problems: string[]): StreamLimits {
  const limits: StreamLimits = {
    perSession: e.STREAMS_PER_SESSION ?? DEFAULT_STREAM_LIMITS.perSession,
    perVisitor: e.STREAMS_PER_VISITOR ?? DEFAULT_STREAM_LIMITS.perVisitor,
    perInstance: e.STREAMS_PER_INSTANCE ?? DEFAULT_STREAM_LIMITS.perInstance,
  };
  if (limits.perSession > limits.perVisitor) problems.push(`STREAMS_PER_SESSION (${limits.perSession}) must not be more than STREAMS_PER_VISITOR (${limits.perVisitor})`);
  if (limits.perVisitor > limits.perInstance) problems.push(`STREAMS_PER_VISITOR (${limits.perVisitor}) must not be more than STREAMS_PER_INSTANCE (${limits.perInstance})`);
  return limits;
}
