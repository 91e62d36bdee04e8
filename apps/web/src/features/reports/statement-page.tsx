import {
  checkStatementPeriod,
  fieldErrors,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  STATEMENT_FORMAT_LABELS,
  STATEMENT_FORMATS,
  STATEMENT_PRESET_LABELS,
  STATEMENT_PRESETS,
  statementPresetPeriod,
  StatementQuerySchema,
  UNIT_TYPES,
  type ReportType,
  type StatementPreset,
  formatDay,
} from '@landunits/domain';
import { useState } from 'react';
import { checkedFields } from '../../shared/admin/form-checks';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { progressText, useDocumentProgress } from '../../shared/documents/document-progress';
import { useForm, type FieldProps } from '../../shared/lib/use-form';
import { unitTypeLabel } from '../../shared/orders/order-labels';
import { Button } from '../../shared/ui/button';
import { Select } from '../../shared/ui/select';
import { DateField } from '../../shared/ui/date-field';
import { fetchStatement, formatBytes, saveFile } from './statement-download';
import { fieldClassName } from '../../shared/ui/field-parts';
import * as styles from './statement.module.css';

const REPORT_OPTIONS = REPORT_TYPES.map((value) => ({ value, label: REPORT_TYPE_LABELS[value] }));
const PRESET_OPTIONS = STATEMENT_PRESETS.map((value) => ({ value, label: STATEMENT_PRESET_LABELS[value] }));
const UNIT_OPTIONS = [{ value: 'all', label: 'All unit types' }, ...UNIT_TYPES.map((value) => ({ value, label: unitTypeLabel(value) }))];
const FORMAT_OPTIONS = STATEMENT_FORMATS.map((value) => ({ value, label: STATEMENT_FORMAT_LABELS[value] }));

const REPORT_HINTS: Record<ReportType, string> = {
  TransactionStatement: 'Your opening balance, every transaction with fees on their own lines, and your closing balance and its value.',
  CurrentValueDownload: 'What your Units are worth today, as a dated PDF.',
  DirectImpactCertificate: 'Your share of the land’s measured impact, as a dated PDF with a verification code.',
};

type State = { step: 'idle' } | { step: 'preparing'; bytes: number } | { step: 'done'; name: string; bytes: number } | { step: 'failed'; message: string };

const day = (iso: string) => formatDay(iso);

type Field = 'reportType' | 'preset' | 'fromDate' | 'toDate' | 'unitType' | 'format';
type Values = Readonly<Record<Field, string>>;

/** The period of the form: a preset's days as of now, or the custom dates. */
const periodOf = (values: Values) =>
  values.preset === 'custom' ? { fromDate: values.fromDate, toDate: values.toDate } : statementPresetPeriod(values.preset as Exclude<StatementPreset, 'custom'>, new Date());

/** What the API is asked for: a statement takes a period, unit types and a format; the other documents only their type. */
function queryOf(values: Values) {
  if (values.reportType !== 'TransactionStatement') return { reportType: values.reportType };
  const period = periodOf(values);
  return { reportType: values.reportType, format: values.format, unitType: values.unitType, fromDate: period.fromDate, toDate: period.toDate };
}

/** The API's own schema, then the period's rules (no future day, at most the longest period). */
const StatementFormSchema = checkedFields((values) => {
  const wanted = queryOf(values as Values);
  const parsed = StatementQuerySchema.safeParse(wanted);
  const errors = parsed.success ? checkStatementPeriod(wanted, new Date()) : fieldErrors(parsed.error);
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, data: wanted };
});

/**
 * /dashboard/statement: choose a document and download it. A statement takes a period (a preset
 * or custom dates, checked with the API's own schema before anything is sent), one or all unit
 * types and a format; the other two documents are dated today. The file is fetched with a running
 * count of bytes, then saved; the API's message shows when it refuses, on the field it names.
 */
export function StatementPage() {
  const [state, setState] = useState<State>({ step: 'idle' });
  const form = useForm(
    StatementFormSchema,
    { reportType: 'TransactionStatement', preset: 'last12Months', ...statementPresetPeriod('last12Months', new Date()), unitType: 'all', format: 'pdf' },
    async (wanted, { showServerErrors }) => {
      setState({ step: 'preparing', bytes: 0 });
      try {
        const file = await fetchStatement(wanted, (bytes) => setState({ step: 'preparing', bytes }));
        saveFile(file);
        setState({ step: 'done', name: file.name, bytes: file.bytes });
      } catch (failure) {
        if (isApiError(failure)) showServerErrors(failure.errors);
        setState({ step: 'failed', message: errorMessage(failure) });
      }
    },
  );
  // Queued or rendering on the server, until the first bytes arrive.
  const progress = useDocumentProgress(state.step === 'preparing' && state.bytes === 0);

  const { reportType, preset } = form.values;
  const statement = reportType === 'TransactionStatement';
  const period = periodOf(form.values);
  const errors = { fromDate: form.error('fromDate'), toDate: form.error('toDate') };

  // A change clears the messages and the last outcome (not a download that is running).
  const field = (name: Field): FieldProps<Field> => {
    const props = form.field(name);
    return {
      ...props,
      onChange: (event) => {
        props.onChange(event);
        form.clearErrors();
        if (state.step !== 'preparing') setState({ step: 'idle' });
      },
    };
  };

  return (
    <div className={`page ${styles.statementPage}`}>
      <h1 tabIndex={-1}>Statement</h1>
      <p className="page__lead">
        Download a statement of your transactions, the current value of your Units or your direct impact certificate. Documents are made when you ask for them and are not kept.
      </p>
      <form {...form.formProps} className={styles.statementCard} aria-label="Download a document">
        <Select {...field('reportType')} label="Document" hint={REPORT_HINTS[reportType as ReportType]} options={REPORT_OPTIONS} />
        {statement ? (
          <>
            <Select
              {...field('preset')}
              label="Period"
              hint={preset === 'custom' ? 'UTC days, both included.' : `${day(period.fromDate)} to ${day(period.toDate)} (UTC days, both included).`}
              options={PRESET_OPTIONS}
            />
            {preset === 'custom' ? (
              <div className={styles.statementDates}>
                <DateField {...field('fromDate')} label="From" />
                <DateField {...field('toDate')} label="To" />
              </div>
            ) : errors.fromDate || errors.toDate ? (
              <p className={fieldClassName('error')}>{errors.fromDate ?? errors.toDate}</p>
            ) : null}
            <Select {...field('unitType')} label="Unit types" options={UNIT_OPTIONS} />
            <Select {...field('format')} label="Format" options={FORMAT_OPTIONS} />
          </>
        ) : (
          <p className={styles.statementNote}>Dated today, as a PDF.</p>
        )}
        <div className={styles.statementActions}>
          <Button type="submit" loading={state.step === 'preparing'}>
            {statement ? 'Download statement' : 'Download'}
          </Button>
        </div>
        <div aria-live="polite" role="status" className={styles.statementStatus}>
          {state.step === 'preparing' ? (
            <p>{state.bytes > 0 ? `Downloading your ${statement ? 'statement' : 'document'}… ${formatBytes(state.bytes)} received` : progressText(progress, statement ? 'statement' : 'document')}</p>
          ) : null}
          {state.step === 'done' ? (
            <p className={styles.statementStatusDone}>
              Downloaded {state.name} ({formatBytes(state.bytes)}). Look for it in your browser’s downloads.
            </p>
          ) : null}
        </div>
        {state.step === 'failed' ? (
          <p role="alert" className={styles.statementStatusError}>
            {state.message}
          </p>
        ) : null}
      </form>
    </div>
  );
}
