import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ALL_CONTRACTS, buildOpenApiDocument, findContract } from './index';

describe('route contracts', () => {
  it('name each route once', () => {
    const keys = ALL_CONTRACTS.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(findContract('GET', '/api/order/get_order_details/:id')?.auth).toBe('user');
    expect(findContract('GET', '/api/order/get_order_details/{id}')).toBeUndefined();
  });

  it('describe every path parameter, and only those', () => {
    for (const contract of ALL_CONTRACTS) {
      const inPath = [...contract.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const params = contract.request?.params;
      const described = params ? Object.keys((params as z.ZodObject).shape).sort() : [];
      expect(described, `${contract.method} ${contract.path}`).toEqual(inPath);
    }
  });

  it('give each operation a unique id and the session scheme to signed-in routes only', () => {
    const document = buildOpenApiDocument(ALL_CONTRACTS) as { paths: Record<string, Record<string, { operationId: string; security: unknown[] }>> };
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations).toHaveLength(ALL_CONTRACTS.length);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    for (const contract of ALL_CONTRACTS) {
      const operation = document.paths[contract.path.replace(/:(\w+)/g, '{$1}')]![contract.method.toLowerCase()]!;
      expect(operation.security, contract.path).toEqual(contract.auth === 'public' ? [] : [{ session: [] }]);
    }
  });

  it('name the permission the server checks on every admin route, and only there', () => {
    for (const contract of ALL_CONTRACTS) {
      expect(contract.permission !== undefined, `${contract.method} ${contract.path}`).toBe(contract.auth === 'admin');
    }
    const document = buildOpenApiDocument(ALL_CONTRACTS) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(document.paths['/api/admin/orders/{id}/transition']!.post!['x-permission']).toBe('orders.decide');
  });
});
