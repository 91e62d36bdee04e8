import { describe, expect, it } from 'vitest';
import { checkStatementPeriod, STATEMENT_MESSAGES, StatementQuerySchema, statementPresetPeriod } from './statement';

describe('statement query', () => {
  it('defaults to a PDF statement of every unit type', () => {
    expect(StatementQuerySchema.parse({})).toEqual({ reportType: 'TransactionStatement', format: 'pdf', unitType: 'all' });
    expect(StatementQuerySchema.parse({ format: '', unitType: '' })).toMatchObject({ format: 'pdf', unitType: 'all' });
  });

  it('names the field and says what is wrong', () => {
    const result = StatementQuerySchema.safeParse({ format: 'doc', unitType: 'LAND_YEN' });
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({ format: STATEMENT_MESSAGES.format, unitType: STATEMENT_MESSAGES.unitType });
    const order = StatementQuerySchema.safeParse({ fromDate: '2026-05-02', toDate: '2026-05-01' });
    expect(order.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['toDate', STATEMENT_MESSAGES.dateOrder]]);
    expect(StatementQuerySchema.safeParse({ fromDate: '2026-02-30' }).error?.issues[0]?.message).toBe(STATEMENT_MESSAGES.fromDate);
    expect(StatementQuerySchema.safeParse({ fromDate: '2019-12-31' }).error?.issues[0]?.message).toBe(STATEMENT_MESSAGES.tooEarly);
    expect(checkStatementPeriod({ fromDate: '2026-11-01', toDate: '2026-11-26' }, new Date('2026-11-25T23:59:59Z'))).toEqual({ toDate: STATEMENT_MESSAGES.future });
  });

  it('knows the UK tax year (6 April to 5 April) and the last 12 months', () => {
    const now = new Date('2026-04-05T12:00:00Z');
    expect(statementPresetPeriod('thisTaxYear', now)).toEqual({ fromDate: '2025-04-06', toDate: '2026-04-05' });
    expect(statementPresetPeriod('lastTaxYear', now)).toEqual({ fromDate: '2024-04-06', toDate: '2025-04-05' });
    expect(statementPresetPeriod('thisTaxYear', new Date('2026-04-06T00:00:00Z'))).toEqual({ fromDate: '2026-04-06', toDate: '2026-04-06' });
    expect(statementPresetPeriod('last12Months', new Date('2026-11-25T10:00:00Z'))).toEqual({ fromDate: '2025-11-26', toDate: '2026-11-25' });
    expect(statementPresetPeriod('last12Months', new Date('2028-02-29T10:00:00Z'))).toEqual({ fromDate: '2027-03-01', toDate: '2028-02-29' });
  });
});
