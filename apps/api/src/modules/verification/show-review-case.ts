import { accountNameMatches, type BankForm, type ProfileForm } from '@landunits/domain';
import type { ReviewCase, ReviewDocument, ReviewEvent } from '@landunits/domain/contracts';
import { desc, eq } from 'drizzle-orm';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/http/app-error';
import { REVIEW_MESSAGES } from '@landunits/domain/contracts';
import { activeMoneyHold } from '../auth';
import { findUserById, findUsersByIds } from '../users';
import { documentRowsFor, toDocumentView, type DocumentRow } from './store';
import { bankVerifications, profileVerifications, verificationEvents } from './schema';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Every document of a person as the review shows it, current and replaced, newest first. */
function reviewDocumentViews(rows: readonly DocumentRow[]): ReviewDocument[] {
  return [...rows].reverse().map((row) => ({ ...toDocumentView(row), supersededAt: iso(row.supersededAt) }));
}

const s = (v: unknown) => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** The stored profile form with every field the view names (drafts may lack some). */
function profileDetails(raw: unknown): ReviewCase['profile']['details'] {
  const d = obj(raw) as Partial<ProfileForm>;
  const a = obj(d.address);
  const c = obj(d.contactInfo);
  return {
    firstName: s(d.firstName),
    lastName: s(d.lastName),
    address: { houseNumber: s(a.houseNumber), streetAddress: s(a.streetAddress), townCity: s(a.townCity), postcode: s(a.postcode), country: s(a.country) },
    contactInfo: { telephoneCountryCode: s(c.telephoneCountryCode), phoneNumber: s(c.phoneNumber) },
    optionalNote: s(d.optionalNote),
    ...(d.passport
      ? { passport: { passportNumber: s(d.passport.passportNumber), issuingCountry: s(d.passport.issuingCountry), startDate: s(d.passport.startDate), expiryDate: s(d.passport.expiryDate) } }
      : {}),
    ...(d.businessInfo ? { businessInfo: { businessName: s(d.businessInfo.businessName), registrationNumber: s(d.businessInfo.registrationNumber), vatNumber: s(d.businessInfo.vatNumber) } } : {}),
  };
}

function bankDetails(raw: unknown): NonNullable<ReviewCase['bank']['details']> {
  const d = obj(raw) as Partial<BankForm>;
  return {
    bankAccountName: s(d.bankAccountName),
    bankAccountNumber: s(d.bankAccountNumber),
    iban: s(d.iban),
    swiftBic: s(d.swiftBic),
    bankName: s(d.bankName),
    bankAddress: s(d.bankAddress),
    bankCountry: s(d.bankCountry),
    sortCode: s(d.sortCode),
    routingNumber: s(d.routingNumber),
  };
}

async function historyOf(db: Db, userId: string): Promise<ReviewEvent[]> {
  const rows = await db.select().from(verificationEvents).where(eq(verificationEvents.userId, userId)).orderBy(desc(verificationEvents.at), desc(verificationEvents.id));
  const actors = await findUsersByIds(
    db,
    rows.flatMap((r) => (r.actorUserId ? [r.actorUserId] : [])),
  );
  return rows.map((row) => {
    const actor = row.actorUserId ? actors.get(row.actorUserId) : undefined;
    return {
      id: row.id,
      verification: row.verification,
      action: row.action,
      at: row.at.toISOString(),
      actor: row.actorUserId ? { userId: row.actorUserId, name: actor ? `${actor.firstName} ${actor.lastName ?? ''}`.trim() : 'Unknown admin' } : null,
      reason: row.reason,
      internalNote: row.internalNote,
      documentSlot: row.documentSlot,
    };
  });
}

/** GET /api/admin/verifications/:userId: everything an admin needs to decide, in one answer. */
export async function reviewCase(ctx: DbContext, userId: string): Promise<ReviewCase> {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.adminRole) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.unknownUser);
  const [[profile], [bank], documents, history, moneyHold] = await Promise.all([
    ctx.db.select().from(profileVerifications).where(eq(profileVerifications.userId, userId)),
    ctx.db.select().from(bankVerifications).where(eq(bankVerifications.userId, userId)),
    documentRowsFor(ctx.db, userId, { includeSuperseded: true }),
    historyOf(ctx.db, userId),
    activeMoneyHold(ctx.db, userId, ctx.clock.now()),
  ]);
  const views = reviewDocumentViews(documents);
  const profileView = profile ? profileDetails(profile.details) : null;
  const bankView = bank ? bankDetails(bank.details) : null;
  const names = [`${profileView?.firstName || user.firstName} ${profileView?.lastName || user.lastName || ''}`, profileView?.businessInfo?.businessName || user.businessName || ''].filter((n) =>
    n.trim(),
  );
  const side = (row: typeof profile | typeof bank) => ({
    submittedAt: iso(row?.submittedAt ?? null),
    decidedAt: iso(row?.decidedAt ?? null),
    rejectionReason: row?.rejectionReason ?? null,
    reupload: row?.reuploadSlot ? { slot: row.reuploadSlot, reason: row.reuploadReason ?? '' } : null,
  });
  return {
    account: {
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      businessName: user.businessName,
      email: user.email,
      userType: user.userType,
      createdAt: user.createdAt.toISOString(),
    },
    profile: {
      status: user.profileVerificationStatus,
      details: profileView,
      documents: views.filter((d) => d.slot !== 'bankStatement'),
      ...side(profile),
    },
    bank: {
      status: user.bankVerificationStatus,
      details: bankView,
      documents: views.filter((d) => d.slot === 'bankStatement'),
      accountNameMatches: bankView?.bankAccountName ? accountNameMatches(bankView.bankAccountName, names) : null,
      ...side(bank),
    },
    history,
    moneyHold,
  };
}
