import { describe, expect, it } from 'vitest';
import { DEFAULT_TRUST_STATEMENTS, hasPlaceholder, publicTrustStatements, TRUST_STATEMENT_KEYS, TrustStatementsSchema } from './trust-statements';

describe('regulatory and security statements', () => {
  it('starts from placeholders only: nothing of the defaults may be shown', () => {
    for (const key of TRUST_STATEMENT_KEYS) expect(hasPlaceholder(DEFAULT_TRUST_STATEMENTS[key]), key).toBe(true);
    expect(publicTrustStatements(DEFAULT_TRUST_STATEMENTS)).toEqual({ regulatoryLine: null, regulatory: null, security: null });
    // The defaults pass their own schema, so an admin can save them as a draft.
    expect(TrustStatementsSchema.parse(DEFAULT_TRUST_STATEMENTS)).toEqual(DEFAULT_TRUST_STATEMENTS);
  });

  it('shows a statement only when it is written and no [placeholder] is left', () => {
    expect(publicTrustStatements({ regulatoryLine: 'Run by Example Ltd.', regulatory: '', security: 'Write to [security address].' })).toEqual({
      regulatoryLine: 'Run by Example Ltd.',
      regulatory: null,
      security: null,
    });
    expect(hasPlaceholder('Registered under number [number].')).toBe(true);
    // Brackets that hold nothing, or span lines, are not a placeholder.
    expect(hasPlaceholder('A list [] of things')).toBe(false);
    expect(hasPlaceholder('Open [\n] close')).toBe(false);
  });

  it('keeps line endings as \\n and trims the ends', () => {
    expect(TrustStatementsSchema.parse({ regulatoryLine: '  Run by Example Ltd. ', regulatory: 'One\r\nTwo\rThree\n\n', security: '' })).toEqual({
      regulatoryLine: 'Run by Example Ltd.',
      regulatory: 'One\nTwo\nThree',
      security: '',
    });
  });
});
