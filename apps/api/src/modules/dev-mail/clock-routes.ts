import { PLATFORM_CONTRACTS as C } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import { OffsetClock } from '../../platform/clock';
import { AppError } from '../../platform/http/app-error';
import { isLoopbackAddress } from '../../platform/http/loopback';
import { route } from '../auth';
import { DEV_MAIL_LOCAL_ONLY, FORWARDING_HEADERS } from './routes';

/**
 * POST /api/dev/clock/advance {ms}: moves the app's clock forward (config.devClock only, never in
 * production; the app then runs on an OffsetClock). Browser tests use it to skip minutes, e.g. the
 * wait before an unseen chat reply is emailed. Like the mail viewer, it answers this machine only.
 * The route is its contract (PLATFORM_CONTRACTS.devClockAdvance), never cached.
 */
export async function devClockRoutes(app: FastifyInstance): Promise<void> {
  const clock = app.ctx.clock;
  if (!(clock instanceof OffsetClock)) throw new Error('DEV_CLOCK needs the app to run on an OffsetClock');
  // This machine only, and never a request a proxy (which may run on this machine) passed on:
  // checked before anything else, so another machine learns nothing about the body it sent.
  app.addHook('onRequest', async (request) => {
    const proxied = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
    if (proxied || !isLoopbackAddress(request.socket.remoteAddress)) throw new AppError('FORBIDDEN', DEV_MAIL_LOCAL_ONLY);
  });
  route(app, C.devClockAdvance, async ({ body }) => {
    clock.advance(body.ms);
    return { now: clock.now().toISOString(), offsetMs: clock.offset };
  });
}
