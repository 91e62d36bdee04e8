import { hasPermission, MAKER_CHECKER_MESSAGES, OWN_RECORD_REFUSED_ACTION, type AdminPermission, type DecisionDeclaration, type DecisionRecord } from '@landunits/domain';
import { findContract } from '@landunits/domain/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { recordAudit } from '../audit';
import { optionalSession, passedAdminSecondFactor } from '../auth';
import { agentApplicantOf } from '../community';
import { emailChangeRequesterOf } from '../email-change';
import { ideaAuthorOf } from '../ideas';
import { orderPartiesOf } from '../orders';
import { settingChangeProposerOf } from '../pricing';

/**
 * Maker is never checker, by one rule (docs/decisions/0037). A route whose contract `decides` on a
 * record gets one more step before its handler: when the signed-in admin (with the route's
 * permission) owns, placed or proposed that record, the decision is refused with 403 and an audit
 * row, and the handler never runs. Who owns each kind of record is looked up here, once per kind;
 * a route declared with a kind that has no lookup cannot start.
 */

interface RecordOwners {
  /** The audit row's target type. */
  targetType: string;
  /** The record's id from the request. */
  idOf: (request: FastifyRequest) => string;
  /** The people the record belongs to (its owner, customer, requester, proposer…); none for an unknown id. */
  ownersOf: (db: Db, id: string) => Promise<string[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const paramId = (request: FastifyRequest) => String((request.params as { id?: unknown } | undefined)?.id ?? '');
const bodyUserId = (request: FastifyRequest) => {
  const body = request.body as { userId?: unknown } | null | undefined;
  return typeof body?.userId === 'string' ? body.userId.trim() : '';
};
/** An account is its own person's. */
const itself = async (_db: Db, id: string) => (UUID.test(id) ? [id.toLowerCase()] : []);

export const RECORD_OWNERS: Readonly<Record<DecisionRecord, RecordOwners>> = {
  order: { targetType: 'order', idOf: paramId, ownersOf: orderPartiesOf },
  verification: { targetType: 'user', idOf: bodyUserId, ownersOf: itself },
  emailChange: { targetType: 'emailChange', idOf: paramId, ownersOf: emailChangeRequesterOf },
  agentApplication: { targetType: 'agentApplication', idOf: paramId, ownersOf: agentApplicantOf },
  settingChange: { targetType: 'settingChangeRequest', idOf: paramId, ownersOf: settingChangeProposerOf },
  account: { targetType: 'user', idOf: paramId, ownersOf: itself },
  idea: { targetType: 'idea', idOf: paramId, ownersOf: ideaAuthorOf },
};

function refuseOwnRecord(app: FastifyInstance, route: string, declaration: DecisionDeclaration, permission: AdminPermission): preHandlerAsyncHookHandler {
  const owners = RECORD_OWNERS[declaration.record];
  if (!owners) throw new Error(`${route} decides on '${declaration.record}', which has no owner lookup`);
  return async (request, reply) => {
    const ctx = app.ctx;
    const session = await optionalSession(ctx, request, reply);
    const admin = session?.user;
    // Signed out, not staff, without a second factor or without the permission: the handler answers 401 or 403 as always.
    if (!admin?.adminRole || !passedAdminSecondFactor(session) || !hasPermission(admin.adminRole, permission)) return;
    const id = owners.idOf(request);
    if (!id || !(await owners.ownersOf(ctx.db, id)).includes(admin.id)) return;
    const message = declaration.ownMessage ?? MAKER_CHECKER_MESSAGES.ownRecord;
    await recordAudit(ctx.db, {
      actor: { userId: admin.id, role: admin.adminRole, requestId: request.id },
      at: ctx.clock.now(),
      action: OWN_RECORD_REFUSED_ACTION,
      targetType: owners.targetType,
      targetId: id,
      after: { route, record: declaration.record },
      reason: message,
    });
    throw new AppError('FORBIDDEN', message);
  };
}

/** Registers the rule on every route registered after it whose contract declares `decides`. */
export function registerMakerChecker(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    for (const method of methods) {
      const contract = findContract(method, route.url);
      if (!contract?.decides) continue;
      const name = `${method} ${route.url}`;
      if (contract.auth !== 'admin' || !contract.permission) throw new Error(`${name} decides on a record but is not an admin route with a permission`);
      const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
      route.preHandler = [...existing, refuseOwnRecord(app, name, contract.decides, contract.permission)];
    }
  });
}
