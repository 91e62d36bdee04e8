import {
  checkStatementPeriod,
  fieldErrors,
  formatDate,
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
  type StatementFormat,
  type StatementPreset,
} from '@landunits/domain';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '../../shared/api/api-error';
import { progressText, useDocumentProgress } from '../../shared/documents/document-progress';
import { unitTypeLabel } from '../../shared/orders/order-labels';
import { Button } from '../../shared/ui/button';
import { Select } from '../../shared/ui/select';
import { TextField } from '../../shared/ui/text-field';
import { fetchStatement, formatBytes, saveFile } from './statement-download';
import './statement.css';

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

const day = (iso: string) => formatDate(`${iso}T00:00:00Z`, 'DD MMM YYYY');

/**
 * /dashboard/statement: choose a document and download it. A statement takes a period (a preset
 * or custom dates, checked with the API's own schema before anything is sent), one or all unit
 * types and a format; the other two documents are dated today. The file is fetched with a running
 * count of bytes, then saved; the API's message shows when it refuses, on the field it names.
 */
export function StatementPage() {
  const [reportType, setReportType] = useState<ReportType>('TransactionStatement');
  const [preset, setPreset] = useState<StatementPreset>('last12Months');
  const [custom, setCustom] = useState(() => statementPresetPeriod('last12Months', new Date()));
  const [unitType, setUnitType] = useState('all');
  const [format, setFormat] = useState<StatementFormat>('pdf');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<State>({ step: 'idle' });
  const busy = useRef(false);
  // Queued or rendering on the server, until the first bytes arrive.
  const progress = useDocumentProgress(state.step === 'preparing' && state.bytes === 0);

  const statement = reportType === 'TransactionStatement';
  const period = preset === 'custom' ? custom : statementPresetPeriod(preset, new Date());

  const query = () => (statement ? { reportType, format, unitType, fromDate: period.fromDate, toDate: period.toDate } : { reportType });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    const wanted = query();
    const parsed = StatementQuerySchema.safeParse(wanted);
    const found = parsed.success ? checkStatementPeriod(wanted, new Date()) : fieldErrors(parsed.error);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setState({ step: 'idle' });
      return;
    }
    busy.current = true;
    setState({ step: 'preparing', bytes: 0 });
    try {
      const file = await fetchStatement(wanted, (bytes) => setState({ step: 'preparing', bytes }));
      saveFile(file);
      setState({ step: 'done', name: file.name, bytes: file.bytes });
    } catch (failure) {
      if (isApiError(failure)) setErrors({ ...failure.errors });
      setState({ step: 'failed', message: errorMessage(failure) });
    } finally {
      busy.current = false;
    }
  };

  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setErrors({});
      if (state.step !== 'preparing') setState({ step: 'idle' });
    };

  return (
    <div className="page statement-page">
      <h1 tabIndex={-1}>Statement</h1>
      <p className="page__lead">
        Download a statement of your transactions, the current value of your Units or your direct impact certificate. Documents are made when you ask for them and are not kept.
      </p>
      <form className="statement-card" onSubmit={(e) => void onSubmit(e)} aria-label="Download a document" noValidate>
        <Select
          label="Document"
          hint={REPORT_HINTS[reportType]}
          options={REPORT_OPTIONS}
          value={reportType}
          error={errors.reportType}
          onChange={(e) => change(setReportType)(e.target.value as ReportType)}
        />
        {statement ? (
          <>
            <Select
              label="Period"
              hint={preset === 'custom' ? 'UTC days, both included.' : `${day(period.fromDate)} to ${day(period.toDate)} (UTC days, both included).`}
              options={PRESET_OPTIONS}
              value={preset}
              onChange={(e) => change(setPreset)(e.target.value as StatementPreset)}
            />
            {preset === 'custom' ? (
              <div className="statement-dates">
                <TextField label="From" type="date" value={custom.fromDate} error={errors.fromDate} onChange={(e) => change(setCustom)({ ...custom, fromDate: e.target.value })} />
                <TextField label="To" type="date" value={custom.toDate} error={errors.toDate} onChange={(e) => change(setCustom)({ ...custom, toDate: e.target.value })} />
              </div>
            ) : errors.fromDate || errors.toDate ? (
              <p className="field__error">{errors.fromDate ?? errors.toDate}</p>
            ) : null}
            <Select label="Unit types" options={UNIT_OPTIONS} value={unitType} error={errors.unitType} onChange={(e) => change(setUnitType)(e.target.value)} />
            <Select label="Format" options={FORMAT_OPTIONS} value={format} error={errors.format} onChange={(e) => change(setFormat)(e.target.value as StatementFormat)} />
          </>
        ) : (
          <p className="statement-note">Dated today, as a PDF.</p>
        )}
        <div className="statement-actions">
          <Button type="submit" loading={state.step === 'preparing'}>
            {statement ? 'Download statement' : 'Download'}
          </Button>
        </div>
        <div aria-live="polite" role="status" className="statement-status">
          {state.step === 'preparing' ? (
            <p>{state.bytes > 0 ? `Downloading your ${statement ? 'statement' : 'document'}… ${formatBytes(state.bytes)} received` : progressText(progress, statement ? 'statement' : 'document')}</p>
          ) : null}
          {state.step === 'done' ? (
            <p className="statement-status__done">
              Downloaded {state.name} ({formatBytes(state.bytes)}). Look for it in your browser’s downloads.
            </p>
          ) : null}
        </div>
        {state.step === 'failed' ? (
          <p role="alert" className="statement-status__error">
            {state.message}
          </p>
        ) : null}
      </form>
    </div>
  );
}
