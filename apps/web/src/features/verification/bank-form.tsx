import { BANK_DOCUMENT_SLOTS, bankFormSchema, type BankForm as BankFormValues, type RequestedStatus } from '@landunits/domain';
import type { BankVerificationView } from '@landunits/domain/contracts';
import { useState } from 'react';
import type { SubmitHelpers } from '../../shared/lib/use-form';
import { CountryField } from '../../shared/ui/country-field';
import { TextField } from '../../shared/ui/text-field';
import { FileField } from '../../shared/ui/file-field';
import { FormFooter } from './form-footer';
import { useSender } from './use-sender';
import { useVerificationForm, type Values } from './use-verification-form';
import { verificationApi } from './verification-api';
import { ConfirmDialog } from './verification-status';
import * as styles from './settings.module.css';

const BANK_FIELDS = [
  ['bankAccountName', 'Account name', 'The name on the account'],
  ['bankAccountNumber', 'Account number', 'Digits only'],
  ['sortCode', 'Sort code', 'UK accounts: 6 digits'],
  ['iban', 'IBAN', 'For example GB33BUKB20201555555555'],
  ['swiftBic', 'SWIFT/BIC', '8 or 11 letters or digits'],
  ['routingNumber', 'Routing number', 'US accounts: 9 digits'],
  ['bankName', 'Bank name', undefined],
  ['bankAddress', 'Bank address', undefined],
  ['bankCountry', 'Bank country', undefined],
] as const;

const initialValues = (view: BankVerificationView): Values => Object.fromEntries(BANK_FIELDS.map(([name]) => [name, view.details[name]]));

/** Stable per mode, so the form does not check itself again on every render. */
const SCHEMAS = { draft: bankFormSchema('draft'), submit: bankFormSchema('submit') };
const schemaFor = (mode: 'draft' | 'submit') => SCHEMAS[mode];

/**
 * The bank form: every bank detail and the bank statement. Saving changes to details already on
 * file, once they pass the checks, first says that new sells pause for 48 hours.
 */
export function BankForm({ view, locked }: { view: BankVerificationView; locked: boolean }) {
  const initial = initialValues(view);
  const [round, setRound] = useState(0);
  // A checked change of details on file, waiting for the person to confirm it.
  const [confirming, setConfirming] = useState<{ data: BankFormValues; status: RequestedStatus; helpers: SubmitHelpers } | null>(null);
  const sender = useSender(verificationApi.saveBank);
  const existing = view.documents.find((doc) => doc.slot === 'bankStatement');
  const hadDetails = Object.values(view.details).some((value) => value.trim() !== '');

  const send = (data: BankFormValues, status: RequestedStatus, { showServerErrors }: SubmitHelpers) => {
    const statement = form.files.bankStatement;
    const body = new FormData();
    for (const [name] of BANK_FIELDS) body.set(name, data[name]);
    body.set('verificationStatus', status);
    if (statement) body.set('bankStatement', statement, statement.name);
    return sender.run(body, showServerErrors, () => {
      form.clearFiles();
      setRound((n) => n + 1);
    });
  };

  const form = useVerificationForm({
    fields: initial,
    documents: { slots: BANK_DOCUMENT_SLOTS, required: BANK_DOCUMENT_SLOTS, uploaded: () => existing !== undefined },
    schemaFor,
    onValid: (data, status, helpers) => {
      const changed = BANK_FIELDS.some(([name]) => form.values[name] !== initial[name]);
      if (hadDetails && changed) setConfirming({ data, status, helpers });
      else return send(data, status, helpers);
    },
  });

  return (
    <form {...form.formProps} className={styles.verificationForm} aria-labelledby="bank-form-title">
      <h2 id="bank-form-title" className={styles.verificationFormTitle}>
        Bank Details
      </h2>
      <fieldset className={styles.verificationFormBody} disabled={locked || sender.busy}>
        <fieldset className={styles.formGroup}>
          <legend className={styles.formGroupTitle}>Account</legend>
          <div className={styles.formGroupGrid}>
            {BANK_FIELDS.map(([name, label, hint]) =>
              name === 'bankCountry' ? (
                <CountryField key={name} {...form.field(name)} label={`${label} (optional)`} hint={hint} spellCheck={false} />
              ) : (
                <TextField key={name} {...form.field(name)} label={name === 'bankAccountName' ? label : `${label} (optional)`} hint={hint} spellCheck={false} />
              ),
            )}
          </div>
        </fieldset>
        <fieldset className={styles.formGroup}>
          <legend className={styles.formGroupTitle}>Document</legend>
          <FileField key={round} label="Bank statement" required existing={existing} disabled={locked || sender.busy} {...form.document('bankStatement')} />
        </fieldset>
      </fieldset>
      <FormFooter sender={sender} disabled={locked} onSave={form.save} />
      <ConfirmDialog
        open={confirming !== null}
        title="Change your bank details?"
        confirmLabel="Save the new details"
        cancelLabel="Keep my current details"
        onConfirm={() => {
          const change = confirming;
          setConfirming(null);
          if (change) void send(change.data, change.status, change.helpers);
        }}
        onCancel={() => setConfirming(null)}
      >
        <p>New sells pause for 48 hours after bank details change. We also email you about the change.</p>
      </ConfirmDialog>
    </form>
  );
}
