import type { ReactNode } from 'react';
import { TextArea } from '../../shared/ui/text-area';
import { DateField } from '../../shared/ui/date-field';
import { TextField } from '../../shared/ui/text-field';
import { CountryField } from '../../shared/ui/country-field';
import type { BoundField } from './use-verification-form';
import * as styles from './settings.module.css';

type Bind = (name: string) => BoundField;

export const NAME_FIELDS = ['firstName', 'lastName'] as const;
export const ADDRESS_FIELDS = ['address.houseNumber', 'address.streetAddress', 'address.townCity', 'address.postcode', 'address.country'] as const;
export const CONTACT_FIELDS = ['contactInfo.telephoneCountryCode', 'contactInfo.phoneNumber'] as const;
export const PASSPORT_FIELDS = ['passport.passportNumber', 'passport.issuingCountry', 'passport.startDate', 'passport.expiryDate'] as const;
export const BUSINESS_FIELDS = ['businessInfo.businessName', 'businessInfo.registrationNumber', 'businessInfo.vatNumber'] as const;

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={styles.formGroup}>
      <legend className={styles.formGroupTitle}>{title}</legend>
      <div className={styles.formGroupGrid}>{children}</div>
    </fieldset>
  );
}

export function NameFields({ bind, contactPerson }: { bind: Bind; contactPerson: boolean }) {
  return (
    <Group title={contactPerson ? 'Contact person' : 'Your name'}>
      <TextField {...bind('firstName')} label="First name" autoComplete="given-name" />
      <TextField {...bind('lastName')} label="Last name" autoComplete="family-name" />
    </Group>
  );
}

export function BusinessFields({ bind }: { bind: Bind }) {
  return (
    <Group title="Business">
      <TextField {...bind('businessInfo.businessName')} label="Business or government name" autoComplete="organization" />
      <TextField {...bind('businessInfo.registrationNumber')} label="Registration number" />
      <TextField {...bind('businessInfo.vatNumber')} label="VAT number (optional)" />
    </Group>
  );
}

export function AddressFields({ bind }: { bind: Bind }) {
  return (
    <Group title="Address">
      <TextField {...bind('address.houseNumber')} label="House number or name" />
      <TextField {...bind('address.streetAddress')} label="Street address" autoComplete="address-line1" />
      <TextField {...bind('address.townCity')} label="Town/City" autoComplete="address-level2" />
      <TextField {...bind('address.postcode')} label="Postcode" autoComplete="postal-code" />
      <CountryField {...bind('address.country')} label="Country" hint="Start typing to pick it from the list" />
    </Group>
  );
}

export function ContactFields({ bind }: { bind: Bind }) {
  return (
    <Group title="Phone">
      <TextField {...bind('contactInfo.telephoneCountryCode')} label="Country code" hint="For example +44" inputMode="tel" autoComplete="tel-country-code" />
      <TextField {...bind('contactInfo.phoneNumber')} label="Phone number" hint="Spaces and dashes are fine: we keep the digits" inputMode="tel" autoComplete="tel-national" />
    </Group>
  );
}

export function PassportFields({ bind }: { bind: Bind }) {
  return (
    <Group title="Passport">
      <TextField {...bind('passport.passportNumber')} label="Passport number" autoCapitalize="characters" spellCheck={false} />
      <CountryField {...bind('passport.issuingCountry')} label="Issuing country" autoComplete="off" />
      {/* Shown and read as '15 Jan 2020' whatever the browser's locale; the form keeps YYYY-MM-DD. */}
      <DateField {...bind('passport.startDate')} label="Start date" hint="As printed in the passport, such as 15 Jan 2020 or 15/01/2020" />
      <DateField {...bind('passport.expiryDate')} label="Expiry date" hint="As printed in the passport" />
    </Group>
  );
}

export function NoteField({ bind }: { bind: Bind }) {
  const note = bind('optionalNote');
  return <TextArea {...note} label="Note for our team (optional)" maxChars={300} rows={3} />;
}
