import { displayValue, MAX_BANK_PAYMENT_BUSINESS_DAYS, MONEY_SETTING_GROUPS, moneyFiguresFormSchema, moneyFiguresToForm, valueAt, type MoneyFigures, type SettingField } from '@landunits/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorMessage, isApiError } from '../../../shared/api/api-error';
import { useForm, type FieldProps } from '../../../shared/lib/use-form';
import { Button } from '../../../shared/ui/button';
import { NumberField } from '../../../shared/ui/number-field';
import { TextField } from '../../../shared/ui/text-field';
import { DateField } from '../../../shared/ui/date-field';
import { showToast } from '../../../shared/ui/toast-store';
import type { Describe } from './change-requests';
import { PreviewPanel } from './preview-panel';
import { formFailure, SETTINGS_ROOT } from '../../../shared/admin/settings-parts';
import { settingsApi, type MoneyPreview } from './settings-api';
import * as settingsStyles from '../../../shared/admin/settings.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';
import { FormAlert } from '../../../shared/ui/form-alert';

/** What a field's amount is in, and what is in force when the typed text differs from it. */
function hintOf(field: SettingField, typed: string, inForce: string, current: unknown): string {
  const unit =
    field.kind === 'money' && field.currency
      ? `In ${field.currency}.`
      : field.kind === 'money'
        ? field.path.startsWith('purchaseLimits')
          ? 'In each currency.'
          : 'In the buy’s currency.'
        : field.kind === 'percent' || field.kind === 'growth'
          ? 'A percent, e.g. 1.5.'
          : field.kind === 'price'
            ? 'Up to 6 decimal places.'
            : field.unit === 'business days'
              ? `1 to ${MAX_BANK_PAYMENT_BUSINESS_DAYS}, Monday to Friday (UTC).`
              : '';
  return typed.trim() === inForce ? unit : `${unit} In force: ${displayValue(field, current)}.`.trim();
}

function Field({ field, props, hint }: { field: SettingField; props: FieldProps<string>; hint: string }) {
  const common = { ...props, label: field.label, hint };
  switch (field.kind) {
    case 'percent':
    case 'growth':
    case 'money':
      return <NumberField {...common} allowDecimal maxLength={18} />;
    case 'count':
      return <NumberField {...common} maxLength={15} />;
    case 'date':
      return <DateField {...common} />;
    default:
      return <TextField {...common} inputMode="decimal" autoComplete="off" spellCheck={false} maxLength={20} />;
  }
}

interface Previewed {
  data: MoneyPreview;
  value: MoneyFigures;
  /** The figures it was made from, as JSON. */
  snapshot: string;
}

/**
 * The money settings form: the figures in force, grouped in fieldsets, typed as percents and
 * currency amounts (the domain converts them exactly), each SPEC §8 message at its field from the
 * shared schema. "Preview" asks the server what the change would do; the preview panel then sends
 * it, with a reason, to a second admin. Nothing applies until another admin approves.
 */
export function MoneySettingsForm({ current, describe, onProposed }: { current: MoneyFigures; describe: Describe; onProposed: () => void }) {
  const client = useQueryClient();
  const initial = useMemo(() => moneyFiguresToForm(current), [current]);
  const schema = useMemo(() => moneyFiguresFormSchema(current), [current]);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [failure, setFailure] = useState('');
  const [sendFailure, setSendFailure] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  const form = useForm<string, MoneyFigures>(schema, initial, async (value, { showServerErrors }) => {
    setFailure('');
    const snapshot = JSON.stringify(value);
    try {
      setPreviewed({ data: await settingsApi.preview(value), value, snapshot });
    } catch (error) {
      setPreviewed(null);
      const failure = formFailure(error, showServerErrors);
      if (failure) setFailure(failure);
    }
  });
  // The figures the form holds now, as the preview's were read (an invalid form differs from any preview).
  const typed = useMemo(() => {
    const result = schema.safeParse(form.values);
    return result.success ? JSON.stringify(result.data) : null;
  }, [schema, form.values]);
  const outdated = previewed !== null && previewed.snapshot !== typed;

  const send = async (reason: string) => {
    if (!previewed || sending) return;
    setSending(true);
    setSendFailure('');
    setReasonError(undefined);
    try {
      const answer = await settingsApi.propose('/admin/settings', previewed.value, reason);
      showToast(answer.message, 'success');
      void client.invalidateQueries({ queryKey: SETTINGS_ROOT });
      onProposed();
    } catch (error) {
      if (isApiError(error) && error.errors.reason) setReasonError(error.errors.reason);
      else setSendFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={settingsStyles.settingsEditor}>
      <form {...form.formProps} className={settingsStyles.settingsForm} aria-labelledby="money-form-title">
        <h3 id="money-form-title" className={settingsStyles.settingsSubtitle}>
          Propose a change
        </h3>
        <p className={settingsStyles.settingsNote}>Edit the figures, preview what they would do, then send them to another admin. Nothing changes until they approve.</p>
        {MONEY_SETTING_GROUPS.map((group) => (
          <fieldset key={group.id} className={settingsStyles.settingsFieldset}>
            <legend className={settingsStyles.settingsFieldsetLegend}>{group.legend}</legend>
            <p className={settingsStyles.settingsFieldsetApplies}>Applies: {group.applies}</p>
            <div className={settingsStyles.settingsFieldsetFields}>
              {group.fields.map((field) => (
                <Field key={field.path} field={field} props={form.field(field.path)} hint={hintOf(field, form.values[field.path] ?? '', initial[field.path] ?? '', valueAt(current, field.path))} />
              ))}
            </div>
          </fieldset>
        ))}
        <FormAlert className={adminStyles.adminDialogError}>{failure}</FormAlert>
        <Button type="submit" variant={previewed && !outdated ? 'secondary' : 'primary'} className={settingsStyles.settingsFormSubmit} loading={form.submitting} disabled={!form.ready}>
          {previewed ? 'Preview again' : 'Preview the change'}
        </Button>
      </form>
      {previewed ? (
        <PreviewPanel preview={previewed.data} describe={describe} outdated={outdated} sending={sending} reasonError={reasonError} failure={sendFailure} onSend={(reason) => void send(reason)} />
      ) : null}
    </div>
  );
}
