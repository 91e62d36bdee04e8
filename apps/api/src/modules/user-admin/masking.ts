import { maskEmailsIn, maskPersonalData as mask } from '@landunits/domain';
import type { AdminUserDetail, AdminUserItem, AdminUserOrders } from '@landunits/domain/contracts';

/**
 * Which fields of an admin's view of a person are personal data, and of which kind; the rule of
 * each kind is the domain's `maskPersonalData`. Names, business names, countries and the bank's
 * own details stay visible: support needs them to know whom they are talking to.
 */

type ProfileDetails = NonNullable<AdminUserDetail['verification']['profile']['details']>;
type BankDetails = NonNullable<AdminUserDetail['verification']['bank']['details']>;

function maskProfile(d: ProfileDetails): ProfileDetails {
  return {
    ...d,
    address: {
      houseNumber: mask('text', d.address.houseNumber),
      streetAddress: mask('text', d.address.streetAddress),
      townCity: mask('text', d.address.townCity),
      postcode: mask('text', d.address.postcode),
      country: d.address.country,
    },
    contactInfo: { telephoneCountryCode: d.contactInfo.telephoneCountryCode, phoneNumber: mask('phone', d.contactInfo.phoneNumber) },
    optionalNote: mask('text', d.optionalNote),
    ...(d.passport
      ? {
          passport: {
            passportNumber: mask('identifier', d.passport.passportNumber),
            issuingCountry: d.passport.issuingCountry,
            startDate: mask('date', d.passport.startDate),
            expiryDate: mask('date', d.passport.expiryDate),
          },
        }
      : {}),
    ...(d.businessInfo
      ? {
          businessInfo: {
            businessName: d.businessInfo.businessName,
            registrationNumber: mask('identifier', d.businessInfo.registrationNumber),
            vatNumber: mask('identifier', d.businessInfo.vatNumber),
          },
        }
      : {}),
  };
}

function maskBank(d: BankDetails): BankDetails {
  return {
    ...d,
    bankAccountNumber: mask('identifier', d.bankAccountNumber),
    iban: mask('identifier', d.iban),
    sortCode: mask('identifier', d.sortCode),
    routingNumber: mask('identifier', d.routingNumber),
  };
}

const maybeEmail = (email: string | null) => (email ? mask('email', email) : email);

export function maskUserItem(item: AdminUserItem): AdminUserItem {
  return { ...item, email: mask('email', item.email) };
}

/** A transfer's recipient is someone else's address: masked like the person's own. */
export function maskOrders(page: AdminUserOrders): AdminUserOrders {
  return { ...page, orders: page.orders.map((o) => ({ ...o, counterparty: o.direction === 'SENT' ? maybeEmail(o.counterparty) : o.counterparty })) };
}

/** The whole page of a person as a role without users.manage reads it until a reveal. */
export function maskUserDetail(d: AdminUserDetail): AdminUserDetail {
  const { profile, bank } = d.verification;
  return {
    ...d,
    masked: true,
    account: { ...d.account, email: mask('email', d.account.email) },
    verification: {
      ...d.verification,
      profile: { ...profile, details: profile.details ? maskProfile(profile.details) : null },
      bank: { ...bank, details: bank.details ? maskBank(bank.details) : null },
    },
    orders: maskOrders(d.orders),
    emails: d.emails.map((e) => ({ ...e, to: mask('email', e.to) })),
    emailChanges: d.emailChanges.map((r) => ({ ...r, oldEmail: maybeEmail(r.oldEmail), newEmail: maybeEmail(r.newEmail) })),
    audit: d.audit.map((e) => ({ ...e, before: maskEmailsIn(e.before), after: maskEmailsIn(e.after) })),
  };
}
