import { BANK_DOCUMENT_SLOTS, bankFormSchema, missingDocuments, modeOf, PROFILE_MESSAGES, type RequestedStatus } from '@landunits/domain';
import type { BankVerificationView } from '@landunits/domain/contracts';
import { useState } from 'react';
import { TextField } from '../../shared/ui/text-field';
import { FileField } from '../../shared/ui/file-field';
import { FormFooter } from './form-footer';
import { useSender } from './use-sender';
import { useVerificationForm, type Values } from './use-verification-form';
import { verificationApi } from './verification-api';
import { ConfirmDialog } from './verification-status';

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

type BankField = (typeof BANK_FIELDS)[number][0];

const initialValues = (view: BankVerificationView): Values => Object.fromEntries(BANK_FIELDS.map(([name]) => [name, view.details[name]]));

/** Stable per mode, so the form does not check itself again on every render. */
const SCHEMAS = { draft: bankFormSchema('draft'), submit: bankFormSchema('submit') };
const schemaFor = (mode: 'draft' | 'submit') => SCHEMAS[mode];

/**
 * The bank form: every bank detail and the bank statement. Saving changes to details already on
 * file first says that new sells pause for 48 hours.
 */
export function BankForm({ view, locked }: { view: BankVerificationView; locked: boolean }) {
  const initial = initialValues(view);
  const form = useVerificationForm(initial, schemaFor);
  const [statement, setStatement] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [round, setRound] = useState(0);
  const [confirming, setConfirming] = useState<RequestedStatus | null>(null);
  const sender = useSender(verificationApi.saveBank);
  const existing = view.documents.find((doc) => doc.slot === 'bankStatement');
  const hadDetails = Object.values(view.details).some((value) => value.trim() !== '');

  const send = (status: RequestedStatus) => {
    const missing = status === 'Pending' ? missingDocuments(BANK_DOCUMENT_SLOTS, statement || existing ? ['bankStatement'] : []) : {};
    setFileError((current) => missing.bankStatement ?? (current === PROFILE_MESSAGES.documentRequired ? undefined : current));
    const data = form.attempt(modeOf(status), Boolean(missing.bankStatement));
    if (!data) return;
    const body = new FormData();
    for (const [name] of BANK_FIELDS) body.set(name, data[name as BankField]);
    body.set('verificationStatus', status);
    if (statement) body.set('bankStatement', statement, statement.name);
    void sender.run(
      body,
      (errors) => {
        const { bankStatement, ...rest } = form.showServerErrors(errors);
        if (bankStatement) setFileError(bankStatement);
        return rest;
      },
      () => {
        setStatement(null);
        setFileError(undefined);
        setRound((n) => n + 1);
      },
    );
  };

  const save = (status: RequestedStatus) => {
    if (hadDetails && form.changed) setConfirming(status);
    else send(status);
  };

  return (
    <form
      {...form.formProps}
      className="verification-form"
      aria-labelledby="bank-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        save('Pending');
      }}
    >
      <h2 id="bank-form-title" className="verification-form__title">
        Bank Details
      </h2>
      <fieldset className="verification-form__body" disabled={locked || sender.busy}>
        <fieldset className="form-group">
          <legend className="form-group__title">Account</legend>
          <div className="form-group__grid">
            {BANK_FIELDS.map(([name, label, hint]) => (
              <TextField key={name} {...form.field(name)} label={name === 'bankAccountName' ? label : `${label} (optional)`} hint={hint} spellCheck={false} />
            ))}
          </div>
        </fieldset>
        <fieldset className="form-group">
          <legend className="form-group__title">Document</legend>
          <FileField
            key={round}
            label="Bank statement"
            required
            chosen={statement}
            existing={existing}
            error={fileError}
            disabled={locked || sender.busy}
            onChoose={setStatement}
            onError={setFileError}
          />
        </fieldset>
      </fieldset>
      <FormFooter sender={sender} disabled={locked} onSave={() => save('Saved')} />
      <ConfirmDialog
        open={confirming !== null}
        title="Change your bank details?"
        confirmLabel="Save the new details"
        cancelLabel="Keep my current details"
        onConfirm={() => {
          const status = confirming;
          setConfirming(null);
          if (status) send(status);
        }}
        onCancel={() => setConfirming(null)}
      >
        <p>New sells pause for 48 hours after bank details change. We also email you about the change.</p>
      </ConfirmDialog>
    </form>
  );
}
