import { z } from 'zod';
import { UNIT_TYPES } from '../money/unit-types';
import { addDaysIso, utcIsoDate } from '../orders/requests';

/**
 * The documents a person downloads from /dashboard/statement (SPEC §3 report types), all from
 * GET /api/utility/generate-statement: the transaction statement for a period, and two documents
 * dated today (current value, direct impact certificate).
 */
export const REPORT_TYPES = ['TransactionStatement', 'CurrentValueDownload', 'DirectImpactCertificate'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  TransactionStatement: 'Transaction statement',
  CurrentValueDownload: 'Current value',
  DirectImpactCertificate: 'Direct impact certificate',
};

export const STATEMENT_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const STATEMENT_FORMAT_LABELS: Record<StatementFormat, string> = { pdf: 'PDF', csv: 'CSV', xlsx: 'Excel (XLSX)' };

/** The oldest start date a statement takes: before the platform existed nothing can be on it. */
export const STATEMENT_EARLIEST_DATE = '2020-01-01';

export const STATEMENT_MESSAGES = {
  reportType: 'Choose a statement, a current value or an impact certificate.',
  format: 'Choose PDF, CSV or XLSX.',
  unitType: 'Choose a unit type, or all unit types.',
  fromDate: 'Enter a start date in the form YYYY-MM-DD.',
  toDate: 'Enter an end date in the form YYYY-MM-DD.',
  dateOrder: 'The end date must not be before the start date.',
  tooEarly: 'The start date cannot be before 1 January 2020.',
  future: 'The end date cannot be after today.',
} as const;

const isoDate = (message: string) =>
  z
    .string({ message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, message);

const blankAsAbsent = (v: unknown) => (v === '' ? undefined : v);

/**
 * The query of GET /api/utility/generate-statement. Dates are UTC calendar days, both included; a
 * statement without dates covers the last 12 months. "Not after today" needs the server's clock,
 * so `checkStatementPeriod` runs it there (and in the form).
 */
export const StatementQuerySchema = /* @__PURE__ */ z
  .object({
    reportType: z.preprocess(blankAsAbsent, z.enum(REPORT_TYPES, { message: STATEMENT_MESSAGES.reportType }).default('TransactionStatement')),
    format: z.preprocess(blankAsAbsent, z.enum(STATEMENT_FORMATS, { message: STATEMENT_MESSAGES.format }).default('pdf')),
    unitType: z.preprocess(blankAsAbsent, z.enum([...UNIT_TYPES, 'all'], { message: STATEMENT_MESSAGES.unitType }).default('all')),
    fromDate: z.preprocess(blankAsAbsent, isoDate(STATEMENT_MESSAGES.fromDate).optional()),
    toDate: z.preprocess(blankAsAbsent, isoDate(STATEMENT_MESSAGES.toDate).optional()),
  })
  .superRefine((q, issues) => {
    if (q.fromDate && q.toDate && q.toDate < q.fromDate) issues.addIssue({ code: 'custom', path: ['toDate'], message: STATEMENT_MESSAGES.dateOrder });
    if (q.fromDate && q.fromDate < STATEMENT_EARLIEST_DATE) issues.addIssue({ code: 'custom', path: ['fromDate'], message: STATEMENT_MESSAGES.tooEarly });
  });
export type StatementQuery = z.output<typeof StatementQuerySchema>;

/** The field errors of a period against today (UTC): the end date may not be in the future. */
export function checkStatementPeriod(q: { fromDate?: string; toDate?: string }, now: Date): Record<string, string> {
  const today = utcIsoDate(now);
  const errors: Record<string, string> = {};
  if (q.toDate && q.toDate > today) errors.toDate = STATEMENT_MESSAGES.future;
  if (q.fromDate && q.fromDate > today) errors.fromDate = STATEMENT_MESSAGES.future;
  return errors;
}

export const STATEMENT_PRESETS = ['last12Months', 'thisTaxYear', 'lastTaxYear', 'custom'] as const;
export type StatementPreset = (typeof STATEMENT_PRESETS)[number];
export const STATEMENT_PRESET_LABELS: Record<StatementPreset, string> = {
  last12Months: 'Last 12 months',
  thisTaxYear: 'This tax year',
  lastTaxYear: 'Last tax year',
  custom: 'Custom dates',
};

/**
 * The period of a preset on `now` (UTC days). The UK tax year runs from 6 April to 5 April; this
 * tax year ends today (a statement cannot reach into the future).
 */
export function statementPresetPeriod(preset: Exclude<StatementPreset, 'custom'>, now: Date): { fromDate: string; toDate: string } {
  const today = utcIsoDate(now);
  if (preset === 'last12Months') return { fromDate: addDaysIso(isoMinusYears(today, 1), 1), toDate: today };
  const year = Number(today.slice(0, 4));
  const startYear = today >= `${year}-04-06` ? year : year - 1;
  if (preset === 'thisTaxYear') return { fromDate: `${startYear}-04-06`, toDate: today };
  return { fromDate: `${startYear - 1}-04-06`, toDate: `${startYear}-04-05` };
}

/** The same day `years` years earlier (29 February becomes 28 February). */
function isoMinusYears(iso: string, years: number): string {
  const year = Number(iso.slice(0, 4)) - years;
  const rest = iso.slice(4);
  const candidate = `${year}${rest}`;
  return rest === '-02-29' && new Date(`${candidate}T00:00:00Z`).getUTCMonth() !== 1 ? `${year}-02-28` : candidate;
}
