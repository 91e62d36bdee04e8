import { PAYMENT_DETAIL_GROUPS, PaymentDetailsFormSchema, paymentDetailsToForm, settingChanges, type PaymentDetails } from '@landunits/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useForm } from '../../../shared/lib/use-form';
import { Button } from '../../../shared/ui/button';
import { ErrorState } from '../../../shared/ui/error-state';
import { TextArea } from '../../../shared/ui/text-area';
import { TextField } from '../../../shared/ui/text-field';
import { showToast } from '../../../shared/ui/toast-store';
import { PendingRequests, RequestHistory, type DecisionTarget, type Describe } from './change-requests';
import { SettingDecisionDialog } from './decision-dialog';
import { SectionLoading } from '../../../shared/admin/section-loading';
import { formFailure, SETTINGS_ROOT, whenText } from '../../../shared/admin/settings-parts';
import { sectionKey, settingsApi } from './settings-api';
import * as styles from '../../../shared/admin/settings.module.css';
import * as adminStyles from '../../../shared/admin/admin.module.css';

const FIELDS = new Map<string, { label: string }>(PAYMENT_DETAIL_GROUPS.flatMap((group) => group.fields.map((field) => [field.path, field] as const)));

const describePayment: Describe = (path) => ({
  label: FIELDS.get(path)?.label ?? path,
  show: (value) => (value === '' || value === null ? '(empty)' : String(value)),
});

function PaymentDetailsForm({ current, onProposed }: { current: PaymentDetails; onProposed: () => void }) {
  const client = useQueryClient();
  const initial = useMemo(() => ({ ...paymentDetailsToForm(current), reason: '' }), [current]);
  const [failure, setFailure] = useState('');
  const form = useForm<string, PaymentDetails & { reason: string }>(PaymentDetailsFormSchema, initial, async ({ reason, ...value }, { showServerErrors }) => {
    setFailure('');
    if (settingChanges(current, value).length === 0) {
      setFailure('Nothing would change: edit the details first.');
      return;
    }
    try {
      const answer = await settingsApi.propose('/admin/payment-details', value, reason);
      showToast(answer.message, 'success');
      void client.invalidateQueries({ queryKey: SETTINGS_ROOT });
      onProposed();
    } catch (error) {
      const failure = formFailure(error, showServerErrors);
      if (failure) setFailure(failure);
    }
  });
  const reason = form.field('reason');

  return (
    <form {...form.formProps} className={styles.settingsForm} aria-labelledby="payment-form-title">
      <h3 id="payment-form-title" className={styles.settingsSubtitle}>
        Propose a change
      </h3>
      <p className={styles.settingsNote}>A changed account is how payments get stolen: another admin must approve every change, and should check it with the bank.</p>
      {PAYMENT_DETAIL_GROUPS.map((group) => (
        <fieldset key={group.id} className={styles.settingsFieldset}>
          <legend className={styles.settingsFieldsetLegend}>{group.legend}</legend>
          <p className={styles.settingsFieldsetApplies}>{group.description}</p>
          <div className={`${styles.settingsFieldsetFields} ${group.id === 'crypto' ? styles.settingsFieldsetFieldsWide : styles.settingsFieldsetFieldsText}`}>
            {group.fields.map((field) => {
              const props = form.field(field.path);
              const changed = (form.values[field.path] ?? '').trim() !== (initial[field.path as keyof typeof initial] ?? '');
              const hint = changed ? `In force: ${describePayment(field.path).show(initial[field.path as keyof typeof initial] ?? '')}` : undefined;
              return 'multiline' in field && field.multiline ? (
                <TextArea
                  key={field.path}
                  {...props}
                  onChange={(event) => props.onChange(event as unknown as ChangeEvent<HTMLInputElement>)}
                  label={field.label}
                  hint={hint}
                  rows={3}
                  maxLength={500}
                />
              ) : (
                <TextField key={field.path} {...props} label={field.label} hint={hint} autoComplete="off" spellCheck={false} maxLength={200} />
              );
            })}
          </div>
        </fieldset>
      ))}
      <TextArea
        {...reason}
        onChange={(event) => reason.onChange(event as unknown as ChangeEvent<HTMLInputElement>)}
        label="Why this change (the approver reads it)"
        rows={3}
        maxLength={500}
        hint="Up to 500 characters."
      />
      {failure ? (
        <p className={adminStyles.adminDialogError} role="alert">
          {failure}
        </p>
      ) : null}
      <Button type="submit" className={styles.settingsFormSubmit} loading={form.submitting} disabled={!form.ready}>
        Send for approval
      </Button>
    </form>
  );
}

/**
 * /admin/payment-details (permission settings.payment): the bank account of the bank payment page,
 * the crypto wallets and the company details for invoices. Changes waiting for a second admin show
 * each value before → after; the form proposes a change.
 */
export function PaymentDetailsSection() {
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<DecisionTarget | null>(null);
  const [formKey, setFormKey] = useState(0);
  const query = useQuery({
    queryKey: sectionKey('/admin/payment-details', page),
    queryFn: ({ signal }) => settingsApi.paymentDetails(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });

  let body: ReactNode;
  if (query.isPending) body = <SectionLoading label="Loading the payment details…" />;
  else if (query.isError) body = <ErrorState title="The payment details could not be loaded" message={errorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else {
    const data = query.data;
    body = (
      <>
        <p className={styles.settingsNote}>{data.updatedAt ? `Version ${data.version}, last changed ${whenText(data.updatedAt)}.` : 'The demo details apply: nothing has been changed yet.'}</p>
        <PendingRequests requests={data.pending} describe={describePayment} onDecide={setTarget} />
        <PaymentDetailsForm key={`${formKey}-${data.version}`} current={data.current as PaymentDetails} onProposed={() => setFormKey((n) => n + 1)} />
        <RequestHistory requests={data.history} total={data.total} page={data.page} pageSize={data.pageSize} describe={describePayment} onPage={setPage} />
      </>
    );
  }

  return (
    <div className={styles.settingsSection} aria-busy={query.isFetching || undefined}>
      <h2 className={adminStyles.adminOrdersTitle}>Payment details</h2>
      {body}
      <SettingDecisionDialog base="/admin/payment-details" target={target} describe={describePayment} onClose={() => setTarget(null)} />
    </div>
  );
}
