import { findContract, type RouteContract } from '@landunits/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/**
 * The route contracts (@landunits/domain/contracts) applied to the server. Every route Fastify
 * registers is looked up in the contract registry; with `checkResponses` (development and tests)
 * each JSON answer is checked against its contract's schema for that status before it is sent,
 * and a mismatch is a 500 with the detail in the log. In production the answers are serialized
 * as before (JSON.stringify), with no schema work on the hot routes (docs/decisions/0011).
 * Requests are parsed by `route()` (modules/auth/route.ts, decision 0053) with the contract's own
 * schemas, after the caller check, so a signed-out caller still gets 401 before any 400; each
 * registered route records whether it came through `route()`.
 */

export interface RegisteredRoute {
  method: string;
  url: string;
  contract: RouteContract | undefined;
  /** Registered by `route(app, CONTRACT, handler)`, which does what the contract declares (auth, parsing, caching). */
  throughContract: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with its contract (the contract coverage test reads it). */
    registeredRoutes: RegisteredRoute[];
  }
  interface FastifyContextConfig {
    /** Set by `route()`: the route is its contract. */
    throughContract?: boolean;
  }
}

/** An answer that does not match its contract: a server bug, never the client's fault. */
export class ResponseContractError extends Error {
  constructor(
    readonly route: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`The answer of ${route} does not match its contract: ${issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
    this.name = 'ResponseContractError';
  }
}

const isZod = (value: unknown): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value;

export function registerContracts(app: FastifyInstance, options: { checkResponses: boolean }): void {
  app.decorate('registeredRoutes', [] as RegisteredRoute[]);
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    for (const method of methods) {
      const contract = findContract(method, route.url);
      app.registeredRoutes.push({ method, url: route.url, contract, throughContract: route.config?.throughContract === true });
      if (!contract || !options.checkResponses || route.schema?.response) continue;
      const response = Object.fromEntries(Object.entries(contract.responses).filter(([, schema]) => isZod(schema)));
      if (Object.keys(response).length > 0) route.schema = { ...route.schema, response };
    }
  });
  if (!options.checkResponses) return;
  app.setSerializerCompiler(({ schema, method, url }) => {
    if (!isZod(schema)) return (data) => JSON.stringify(data);
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) throw new ResponseContractError(`${method} ${url}`, result.error.issues);
      // The answer as the handler made it: the check never changes what production would send.
      return JSON.stringify(data);
    };
  });
}
