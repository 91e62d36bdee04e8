import type { FastifyReply } from 'fastify';
import type { StatementQuery } from '@landunits/domain';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { UserRow } from '../users';

// TODO(#15): being built.
export async function sendImpactCertificate(_ctx: AppContext, _reply: FastifyReply, _user: UserRow, _query?: StatementQuery): Promise<FastifyReply> {
  throw new AppError('UNAVAILABLE', 'This document is not available yet.');
}
