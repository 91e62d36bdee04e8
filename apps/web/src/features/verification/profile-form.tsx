import {
  formatDate,
  missingDocuments,
  modeOf,
  PROFILE_DOCUMENT_SLOTS,
  PROFILE_MESSAGES,
  profileFormSchema,
  requiredProfileDocument,
  type DocumentSlot,
  type FormMode,
  type ProfileForm as ProfileFormValues,
  type RequestedStatus,
} from '@landunits/domain';
import type { ProfileVerificationView } from '@landunits/domain/contracts';
import { useCallback, useMemo, useState } from 'react';
import type { FormSchema } from '../../shared/lib/use-form';
import { Link } from 'react-router';
import { FileField } from '../../shared/ui/file-field';
import { AddressFields, BusinessFields, ContactFields, NameFields, NoteField, PassportFields } from './profile-fields';
import { useVerificationForm, type Values } from './use-verification-form';
import { useSender } from './use-sender';
import { verificationApi } from './verification-api';
import { FormFooter } from './form-footer';

type ProfileSlot = (typeof PROFILE_DOCUMENT_SLOTS)[number];

/** The form's flat values from what the API has. */
function initialValues(view: ProfileVerificationView): Values {
  const d = view.details;
  const values: Record<string, string> = {
    firstName: d.firstName,
    lastName: d.lastName,
    'address.houseNumber': d.address.houseNumber,
    'address.streetAddress': d.address.streetAddress,
    'address.townCity': d.address.townCity,
    'address.postcode': d.address.postcode,
    'address.country': d.address.country,
    'contactInfo.telephoneCountryCode': d.contactInfo.telephoneCountryCode,
    'contactInfo.phoneNumber': d.contactInfo.phoneNumber,
    optionalNote: d.optionalNote,
  };
  if (view.userType === 'BUSINESS') {
    values['businessInfo.businessName'] = d.businessInfo?.businessName ?? '';
    values['businessInfo.registrationNumber'] = d.businessInfo?.registrationNumber ?? '';
    values['businessInfo.vatNumber'] = d.businessInfo?.vatNumber ?? '';
  } else {
    values['passport.passportNumber'] = d.passport?.passportNumber ?? '';
    values['passport.issuingCountry'] = d.passport?.issuingCountry ?? '';
    values['passport.startDate'] = d.passport?.startDate ?? '';
    values['passport.expiryDate'] = d.passport?.expiryDate ?? '';
  }
  return values;
}

/** Drops earlier 'This document is required.' messages: each attempt says again what is missing. */
function withoutRequiredMessages<T extends Partial<Record<string, string>>>(errors: T): T {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== PROFILE_MESSAGES.documentRequired)) as T;
}

const isProfileSlot = (key: string): key is ProfileSlot => (PROFILE_DOCUMENT_SLOTS as readonly string[]).includes(key);

/**
 * The profile form: Personal Details (USER: names, address, phone, passport and its file) or
 * Business Details (BUSINESS: business, contact person, address, phone, registry document), an
 * optional document and note. "Save" keeps a draft (Saved); "Submit for review" needs everything
 * (Pending). Checked with the domain schema of each mode before anything is sent.
 */
export function ProfileForm({ view, locked }: { view: ProfileVerificationView; locked: boolean }) {
  const business = view.userType === 'BUSINESS';
  // One schema per mode, built once per account type (not on every keystroke).
  const schemas = useMemo(() => {
    const today = formatDate(new Date(), 'YYYY-MM-DD');
    const build = (mode: FormMode): FormSchema<ProfileFormValues> => profileFormSchema({ mode, userType: view.userType, today });
    return { draft: build('draft'), submit: build('submit') };
  }, [view.userType]);
  const schemaFor = useCallback((mode: FormMode) => schemas[mode], [schemas]);
  const form = useVerificationForm(initialValues(view), schemaFor);
  const [files, setFiles] = useState<Partial<Record<ProfileSlot, File | null>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<ProfileSlot, string>>>({});
  const [round, setRound] = useState(0);
  const sender = useSender(verificationApi.saveProfile);
  const required = requiredProfileDocument(view.userType) as ProfileSlot;
  const existing = (slot: DocumentSlot) => view.documents.find((doc) => doc.slot === slot);

  const save = (status: RequestedStatus) => {
    const have = PROFILE_DOCUMENT_SLOTS.filter((slot) => files[slot] || existing(slot));
    const missing = status === 'Pending' ? missingDocuments([required], have) : {};
    setFileErrors((current) => ({ ...withoutRequiredMessages(current), ...missing }));
    const data = form.attempt(modeOf(status), Object.keys(missing).length > 0);
    if (!data) return;
    const body = new FormData();
    body.set('firstName', data.firstName);
    body.set('lastName', data.lastName);
    body.set('email', view.email);
    body.set('kycInfo', JSON.stringify({ ...data, kycStatus: status }));
    for (const slot of PROFILE_DOCUMENT_SLOTS) {
      const file = files[slot];
      if (file) body.set(slot, file, file.name);
    }
    void sender.run(
      body,
      (errors) => {
        const rest = form.showServerErrors(errors);
        const mine = Object.entries(rest).filter(([key]) => isProfileSlot(key));
        if (mine.length) setFileErrors((current) => ({ ...current, ...Object.fromEntries(mine) }));
        return Object.fromEntries(Object.entries(rest).filter(([key]) => !isProfileSlot(key)));
      },
      () => {
        setFiles({});
        setFileErrors({});
        setRound((n) => n + 1);
      },
    );
  };

  const fileField = (slot: ProfileSlot, label: string) => (
    <FileField
      key={`${slot}-${round}`}
      label={label}
      required={slot === required}
      chosen={files[slot] ?? null}
      existing={existing(slot)}
      error={fileErrors[slot]}
      disabled={locked || sender.busy}
      onChoose={(file) => setFiles((current) => ({ ...current, [slot]: file }))}
      onError={(message) => setFileErrors((current) => ({ ...current, [slot]: message }))}
    />
  );
  const bind = form.field;

  return (
    <form
      {...form.formProps}
      className="verification-form"
      aria-labelledby="profile-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        save('Pending');
      }}
    >
      <h2 id="profile-form-title" className="verification-form__title">
        {business ? 'Business Details' : 'Personal Details'}
      </h2>
      <fieldset className="verification-form__body" disabled={locked || sender.busy}>
        {business ? <BusinessFields bind={bind} /> : null}
        <NameFields bind={bind} contactPerson={business} />
        <p className="field__hint">
          Email: {view.email} · <Link to="/dashboard/settings/change-email">Change email</Link>
        </p>
        <AddressFields bind={bind} />
        <ContactFields bind={bind} />
        {business ? null : <PassportFields bind={bind} />}
        <fieldset className="form-group">
          <legend className="form-group__title">Documents</legend>
          {business ? fileField('registrationDocument', 'Business registry document') : fileField('passportFile', 'Passport')}
          {fileField('optionalDocument', 'Optional document')}
        </fieldset>
        <NoteField bind={bind} />
      </fieldset>
      <FormFooter sender={sender} disabled={locked} onSave={() => save('Saved')} />
    </form>
  );
}
