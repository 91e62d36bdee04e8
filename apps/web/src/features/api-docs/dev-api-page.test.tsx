import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import type { OpenApiDocument } from './dev-api-page';

const DOCUMENT: OpenApiDocument = {
  paths: {
    '/api/order/get_order_details/{id}': {
      get: {
        summary: 'One order, for its owner or its recipient.',
        tags: ['Orders'],
        'x-auth': 'user',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'Success.', content: { 'application/json': { schema: { type: 'object', properties: { orderData: { type: 'object' } } } } } },
          '404': { description: 'Error: NOT_FOUND', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
    '/api/health': { get: { summary: 'Answers ok.', tags: ['Platform'], 'x-auth': 'public', responses: { '200': { description: 'Success.' } } } },
  },
};

describe('/dev/api', () => {
  it('lists every route of the OpenAPI document by area, with its auth, parameters and answers', async () => {
    mockApi({ 'GET /api/openapi.json': () => json(200, DOCUMENT) });
    renderApp('/dev/api', { session: null });

    const orders = await screen.findByRole('region', { name: 'Orders' });
    expect(within(orders).getByRole('heading', { level: 3 }).textContent).toBe('GET /api/order/get_order_details/{id}');
    expect(within(orders).getByText('Auth: user')).toBeTruthy();
    expect(within(orders).getByText('Parameters: id (path, required)')).toBeTruthy();
    expect(within(orders).getByText('404: Error: NOT_FOUND')).toBeTruthy();
    const platform = screen.getByRole('region', { name: 'Platform' });
    expect(within(platform).getByText('Auth: public')).toBeTruthy();
  });
});
