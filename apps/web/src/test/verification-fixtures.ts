import type { BankVerificationView, ProfileVerificationView, VerificationOverview } from '@landunits/domain/contracts';
import { onTestFinished, vi } from 'vitest';

/** GET /api/user/verification of a new account: nothing filled in, nothing uploaded. */
export function testOverview(
  parts: { profile?: Partial<ProfileVerificationView>; bank?: Partial<BankVerificationView>; limits?: Partial<VerificationOverview['limits']>; moneyHold?: VerificationOverview['moneyHold'] } = {},
): VerificationOverview {
  return {
    profile: {
      status: 'UnVerified',
      userType: 'USER',
      email: 'ada@example.com',
      details: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        address: { houseNumber: '', streetAddress: '', townCity: '', postcode: '', country: '' },
        contactInfo: { telephoneCountryCode: '', phoneNumber: '' },
        optionalNote: '',
        passport: { passportNumber: '', issuingCountry: '', startDate: '', expiryDate: '' },
      },
      documents: [],
      missing: ['House number', 'Street address', 'Town/City', 'Postcode', 'Country', 'Phone country code', 'Phone number', 'Passport number'],
      rejectionReason: null,
      reupload: null,
      submittedAt: null,
      decidedAt: null,
      ...parts.profile,
    },
    bank: {
      status: 'UnVerified',
      details: { bankAccountName: '', bankAccountNumber: '', iban: '', swiftBic: '', bankName: '', bankAddress: '', bankCountry: '', sortCode: '', routingNumber: '' },
      documents: [],
      missing: ['Account name', 'Account number or IBAN', 'Bank statement'],
      rejectionReason: null,
      reupload: null,
      submittedAt: null,
      decidedAt: null,
      ...parts.bank,
    },
    limits: {
      current: 'emailVerified',
      currentCents: 100_000,
      overrides: [],
      tiers: [
        { id: 'emailVerified', label: 'Email verified', cents: 100_000, requirement: 'Confirm your email address.', forUser: true },
        { id: 'profileApproved', label: 'Profile approved', cents: 10_000_000, requirement: 'Get your profile verification approved.', forUser: true },
        { id: 'businessApproved', label: 'Business profile approved', cents: 100_000_000, requirement: 'Business accounts: get your business profile approved.', forUser: false },
      ],
      ...parts.limits,
    },
    moneyHold: parts.moneyHold ?? null,
  };
}

export interface UploadCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  withCredentials: boolean;
  /** Reports upload progress to the page. */
  progress: (loaded: number, total: number) => void;
}

type UploadHandler = (call: UploadCall) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/**
 * Stands in for XMLHttpRequest (uploads with progress): handlers keyed 'POST /api/path' answer
 * each request; `calls` keeps what was sent (the FormData itself).
 */
export function mockUploads(handlers: Record<string, UploadHandler>) {
  const calls: UploadCall[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    status = 0;
    responseText = '';
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: FormData) {
      const call: UploadCall = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        withCredentials: this.withCredentials,
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent),
      };
      calls.push(call);
      const handler = handlers[`${this.method} ${this.url}`];
      if (!handler) {
        queueMicrotask(() => this.onerror?.());
        return;
      }
      void Promise.resolve(handler(call)).then(({ status, body: answer }) => {
        this.status = status;
        this.responseText = JSON.stringify(answer);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return { calls };
}

/** A file with real first bytes (the pages judge the type from them). */
export function pdfFile(name = 'passport.pdf', size?: number): File {
  const head = '%PDF-1.7\n';
  const content = size ? head + 'x'.repeat(Math.max(0, size - head.length)) : `${head}1 0 obj\n`;
  return new File([content], name, { type: 'application/pdf' });
}

export function pngFile(name = 'photo.png'): File {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], name, { type: 'image/png' });
}
