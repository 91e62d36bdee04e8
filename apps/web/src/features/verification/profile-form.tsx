import {
  formatDate,
  PROFILE_DOCUMENT_SLOTS,
  profileFormSchema,
  requiredProfileDocument,
  type DocumentSlot,
  type FormMode,
  type ProfileForm as ProfileFormValues,
  type RequestedStatus,
} from '@landunits/domain';
import type { ProfileVerificationView } from '@landunits/domain/contracts';
import { useMemo, useState } from 'react';
import type { FormSchema, SubmitHelpers } from '../../shared/lib/use-form';
import { Link } from 'react-router';
import { FileField } from '../../shared/ui/file-field';
import { AddressFields, BusinessFields, ContactFields, NameFields, NoteField, PassportFields } from './profile-fields';
import { useVerificationForm, type Values } from './use-verification-form';
import { useSender } from './use-sender';
import { verificationApi } from './verification-api';
import { FormFooter } from './form-footer';
import { fieldClassName } from '../../shared/ui/field-parts';
import * as styles from './settings.module.css';

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
  const schemaFor = (mode: FormMode) => schemas[mode];
  const [round, setRound] = useState(0);
  const sender = useSender(verificationApi.saveProfile);
  const required = requiredProfileDocument(view.userType) as ProfileSlot;
  const existing = (slot: DocumentSlot) => view.documents.find((doc) => doc.slot === slot);

  const save = (data: ProfileFormValues, status: RequestedStatus, { showServerErrors }: SubmitHelpers) => {
    const body = new FormData();
    body.set('firstName', data.firstName);
    body.set('lastName', data.lastName);
    body.set('email', view.email);
    body.set('kycInfo', JSON.stringify({ ...data, kycStatus: status }));
    for (const slot of PROFILE_DOCUMENT_SLOTS) {
      const file = form.files[slot];
      if (file) body.set(slot, file, file.name);
    }
    return sender.run(body, showServerErrors, () => {
      form.clearFiles();
      setRound((n) => n + 1);
    });
  };

  const slots: readonly ProfileSlot[] = [required, 'optionalDocument'];
  const form = useVerificationForm({
    fields: initialValues(view),
    documents: { slots, required: [required], uploaded: (slot) => existing(slot) !== undefined },
    schemaFor,
    dependsOn: { 'passport.expiryDate': ['passport.startDate'] },
    onValid: save,
  });

  const fileField = (slot: ProfileSlot, label: string) => (
    <FileField key={`${slot}-${round}`} label={label} required={slot === required} existing={existing(slot)} disabled={locked || sender.busy} {...form.document(slot)} />
  );
  const bind = form.field;

  return (
    <form {...form.formProps} className={styles.verificationForm} aria-labelledby="profile-form-title">
      <h2 id="profile-form-title" className={styles.verificationFormTitle}>
        {business ? 'Business Details' : 'Personal Details'}
      </h2>
      <fieldset className={styles.verificationFormBody} disabled={locked || sender.busy}>
        {business ? <BusinessFields bind={bind} /> : null}
        <NameFields bind={bind} contactPerson={business} />
        <p className={fieldClassName('hint')}>
          Email: {view.email} · <Link to="/dashboard/settings/change-email">Change email</Link>
        </p>
        <AddressFields bind={bind} />
        <ContactFields bind={bind} />
        {business ? null : <PassportFields bind={bind} />}
        <fieldset className={styles.formGroup}>
          <legend className={styles.formGroupTitle}>Documents</legend>
          {business ? fileField('registrationDocument', 'Business registry document') : fileField('passportFile', 'Passport')}
          {fileField('optionalDocument', 'Optional document')}
        </fieldset>
        <NoteField bind={bind} />
      </fieldset>
      <FormFooter sender={sender} disabled={locked} onSave={form.save} />
    </form>
  );
}
