import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './field-errors';

describe('fieldErrors', () => {
  const schema = z.object({
    email: z.string().min(5, 'Email must be at least 5 characters'),
    address: z.object({ postcode: z.string().min(3, 'Postcode too short') }),
  });

  it('keeps the first message of each field, nested fields with dots', () => {
    const result = schema.safeParse({ email: 'a', address: { postcode: '' } });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      email: 'Email must be at least 5 characters',
      'address.postcode': 'Postcode too short',
    });
  });

  it('files errors about the whole value under _', () => {
    const result = z.string().safeParse(3);
    if (result.success) throw new Error('expected failure');
    expect(Object.keys(fieldErrors(result.error))).toEqual(['_']);
  });
});
