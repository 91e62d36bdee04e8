import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '../index';
import { HubspotMetaSchema, MAX_UTM_PARAMS } from './auth';

/**
 * Every request schema of the domain bounds what it accepts: a string has a maximum length (or a
 * pattern that fixes one), a record a maximum number of keys, an array a maximum size. The sweep
 * walks each exported zod schema; a new schema with an unbounded field fails here.
 */

type Def = { type: string; [key: string]: unknown };
type Check = { _zod: { def: { check: string; format?: string; pattern?: RegExp } } };
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;
const checksOf = (def: Def) => ((def.checks as Check[] | undefined) ?? []).map((c) => c._zod.def);

/** A regular expression anchored at both ends with no open-ended repetition fixes a maximum length. */
function boundedPattern(pattern: RegExp | undefined): boolean {
  if (!pattern) return false;
  const source = pattern.source;
  return source.startsWith('^') && source.endsWith('$') && !/(^|[^\\])[*+]|\{\d+,\}/.test(source);
}

/** The paths of unbounded strings, records and arrays in `schema` (empty when it is bounded). */
function unbounded(schema: z.ZodType, path: string, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const inner = (key: string, at = path) => unbounded(def[key] as z.ZodType, at, seen);
  switch (def.type) {
    case 'string': {
      const checks = checksOf(def);
      const ok = checks.some((c) => c.check === 'max_length' || c.check === 'length_equals' || (c.check === 'string_format' && boundedPattern(c.pattern)));
      return ok ? [] : [path];
    }
    case 'record': {
      const limited = checksOf(def).some((c) => c.check === 'custom') && typeof z.globalRegistry.get(schema)?.maxKeys === 'number';
      return [...(limited ? [] : [`${path} (record without a maximum number of keys)`]), ...inner('keyType', `${path}.<key>`), ...inner('valueType', `${path}.<value>`)];
    }
    case 'array': {
      const limited = checksOf(def).some((c) => c.check === 'max_length' || c.check === 'length_equals');
      return [...(limited ? [] : [`${path} (array without a maximum size)`]), ...inner('element', `${path}[]`)];
    }
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const catchall = def.catchall as z.ZodType | undefined;
      return [
        ...Object.entries(shape).flatMap(([key, value]) => unbounded(value, `${path}.${key}`, seen)),
        ...(catchall && defOf(catchall).type !== 'never' && defOf(catchall).type !== 'unknown' ? unbounded(catchall, `${path}.*`, seen) : []),
      ];
    }
    case 'pipe': {
      // Bounded when either side is: a bounded string piped into a format, or a transform into a bounded schema.
      // A transform on either side checks nothing: the other side must be bounded.
      const before = inner('in');
      const after = inner('out');
      if (defOf(def.out as z.ZodType).type === 'transform') return before;
      if (defOf(def.in as z.ZodType).type === 'transform') return after;
      return before.length === 0 || after.length === 0 ? [] : [...before, ...after];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option, i) => unbounded(option, `${path}|${i}`, seen));
    case 'intersection':
      return [...inner('left'), ...inner('right')];
    case 'lazy':
      return unbounded((def.getter as () => z.ZodType)(), path, seen);
    // Fixed sets, numbers and flags hold no free-form text; a transform's input is bounded by the pipe around it.
    default:
      return [];
  }
}

const schemas = Object.entries(domain as Record<string, unknown>).flatMap(([name, value]) => {
  if (value instanceof z.ZodType) return [[name, value] as const];
  // Families of schemas such as CREATE_ORDER_SCHEMAS.
  if (value && typeof value === 'object' && Object.values(value).length > 0 && Object.values(value).every((v) => v instanceof z.ZodType)) {
    return Object.entries(value as Record<string, z.ZodType>).map(([key, schema]) => [`${name}.${key}`, schema] as const);
  }
  return [];
});

describe('every domain schema bounds its free-form fields', () => {
  it('finds the request schemas to sweep', () => {
    expect(schemas.map(([name]) => name)).toEqual(expect.arrayContaining(['HubspotMetaSchema', 'CREATE_ORDER_SCHEMAS.BUY', 'RegisterPayloadSchema', 'ContactFormSchema']));
  });

  it.each(schemas)('%s', (name, schema) => {
    expect(unbounded(schema, name).join('; ')).toBe('');
  });

  it('the sweep itself notices an unbounded string, record or array', () => {
    expect(unbounded(z.object({ a: z.string() }), 'x')).toEqual(['x.a']);
    expect(unbounded(z.record(z.string().max(5), z.string().max(5)), 'x')).toEqual(['x (record without a maximum number of keys)']);
    expect(unbounded(z.array(z.string().max(5)), 'x')).toEqual(['x (array without a maximum size)']);
    expect(unbounded(z.string().regex(/^\w+$/), 'x')).toEqual(['x']);
    expect(unbounded(z.string().regex(/^\w{1,9}$/), 'x')).toEqual([]);
  });
});

describe('hubspotMetaData', () => {
  const utm = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`utm_key_${i}`, 'x'.repeat(200)]));

  it('refuses 4,000 UTM parameters, and more than the maximum', () => {
    expect(HubspotMetaSchema.safeParse({ utmParams: utm(4_000) }).success).toBe(false);
    expect(HubspotMetaSchema.safeParse({ utmParams: utm(MAX_UTM_PARAMS + 1) }).success).toBe(false);
  });

  it('accepts what the web app sends', () => {
    const sent = {
      hutk: 'a'.repeat(32),
      pageUri: 'https://landunits.example/buy?utm_source=news',
      pageName: 'Buy Units',
      utmParams: { utm_source: 'news', utm_medium: 'email', utm_campaign: 'autumn' },
    };
    expect(HubspotMetaSchema.parse(sent)).toEqual(sent);
    expect(HubspotMetaSchema.safeParse({ utmParams: utm(MAX_UTM_PARAMS) }).success).toBe(true);
  });

  it('drops fields it does not know, so they are never stored', () => {
    expect(HubspotMetaSchema.parse({ pageName: 'Buy', extra: 'x'.repeat(1000) })).toEqual({ pageName: 'Buy' });
  });
});
