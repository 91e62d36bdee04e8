import type { ReviewCase, ReviewQueue } from '@landunits/domain/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi as mockHandlers } from '../../../test/api-mock';
import { setViewportWidth } from '../../../test/browser-shims';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';

const PROFILE_QUEUE = 'GET /api/admin/verifications?kind=profile';
const BANK_QUEUE = 'GET /api/admin/verifications?kind=bank';
const ADA = '6f1c2b1e-7d1a-4a4e-9a57-1b8e2b4c9d01';
const CASE = `GET /api/admin/verifications/${ADA}`;
const DECIDE_PROFILE = 'POST /api/user/approve_profile';
const DECIDE_BANK = 'POST /api/user/approve-bank';
const DAY = 86_400_000;
/** The admin frame asks for the ledger check on every page. */
const mockApi = (handlers: Parameters<typeof mockHandlers>[0]) => mockHandlers({ 'GET /api/admin/ledger/reconcile': () => json(200, { ok: true, problems: [] }), ...handlers });

const queue = (kind: 'profile' | 'bank', items: ReviewQueue['items']): ReviewQueue => ({ kind, items, total: items.length });
const PROFILES = queue('profile', [
  { userId: 'u-ben', name: 'Benjamin Franklin', email: 'ben@example.com', userType: 'USER', submittedAt: '2026-03-07T12:00:00.000Z', ageMs: 3 * DAY },
  { userId: ADA, name: 'Ada Lovelace', email: 'ada@example.com', userType: 'USER', submittedAt: '2026-03-10T07:00:00.000Z', ageMs: 5 * 3_600_000 },
]);

const CASE_BODY: ReviewCase = {
  account: { userId: ADA, firstName: 'Ada', lastName: 'Lovelace', businessName: null, email: 'ada@example.com', userType: 'USER', createdAt: '2026-01-02T09:00:00.000Z' },
  profile: {
    status: 'Pending',
    details: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      address: { houseNumber: '12', streetAddress: 'Garden Lane', townCity: 'London', postcode: 'N1 9GU', country: 'United Kingdom' },
      contactInfo: { telephoneCountryCode: '+44', phoneNumber: '7700900123' },
      optionalNote: '',
      passport: { passportNumber: 'AB123456', issuingCountry: 'United Kingdom', startDate: '2020-05-01', expiryDate: '2030-05-01' },
    },
    documents: [
      {
        id: 'd1',
        slot: 'passportFile',
        filename: 'passport.jpg',
        contentType: 'image/jpeg',
        size: 1000,
        uploadedAt: '2026-03-10T06:00:00.000Z',
        url: '/api/user/verification/documents/d1',
        supersededAt: null,
      },
      {
        id: 'd0',
        slot: 'passportFile',
        filename: 'old.pdf',
        contentType: 'application/pdf',
        size: 1000,
        uploadedAt: '2026-03-08T06:00:00.000Z',
        url: '/api/user/verification/documents/d0',
        supersededAt: '2026-03-10T06:00:00.000Z',
      },
    ],
    submittedAt: '2026-03-10T07:00:00.000Z',
    decidedAt: null,
    rejectionReason: null,
    reupload: null,
  },
  bank: {
    status: 'Pending',
    details: {
      bankAccountName: 'Garden Holdings',
      bankAccountNumber: '12345678',
      iban: '',
      swiftBic: '',
      bankName: 'Garden Bank',
      bankAddress: '',
      bankCountry: 'United Kingdom',
      sortCode: '12-34-56',
      routingNumber: '',
    },
    documents: [],
    accountNameMatches: false,
    submittedAt: '2026-03-09T07:00:00.000Z',
    decidedAt: null,
    rejectionReason: null,
    reupload: null,
  },
  history: [{ id: 'e1', verification: 'profile', action: 'submitted', at: '2026-03-10T07:00:00.000Z', actor: null, reason: null, internalNote: null, documentSlot: null }],
  moneyHold: null,
};

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

const dialog = () => screen.getByRole('dialog');
const errorOf = (label: string | RegExp) => {
  const control = within(dialog()).getByLabelText(label);
  return control.getAttribute('aria-invalid') === 'true' ? document.getElementById(`${control.id}-error`)?.textContent : undefined;
};

async function openCase(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [CASE]: () => json(200, CASE_BODY), [PROFILE_QUEUE]: () => json(200, PROFILES), ...extra });
  const view = renderApp(`/admin/verifications?kind=profile&user=${ADA}`, { session: TEST_ADMIN });
  await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
  return { api, ...view };
}

describe('/admin/verifications queues', () => {
  it('lists the profiles oldest first with how long each waited, and opens a case by its address', async () => {
    mockApi({ [PROFILE_QUEUE]: () => json(200, PROFILES), [BANK_QUEUE]: () => json(200, queue('bank', [])), [CASE]: () => json(200, CASE_BODY) });
    const { user, location } = renderApp('/admin/verifications', { session: TEST_ADMIN });
    await screen.findByRole('table');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Benjamin Franklinben@example.comIndividual07 Mar 20263 days', 'Ada Lovelaceada@example.comIndividual10 Mar 20265 hours']);
    await user.click(screen.getByRole('tab', { name: 'Bank' }));
    expect(await screen.findByRole('heading', { name: 'No bank details waiting for review.' })).toBeTruthy();
    expect(location.current).toBe('/admin/verifications?kind=bank');
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await user.click(await screen.findByRole('link', { name: 'Ada Lovelace' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeTruthy();
    expect(location.current).toBe(`/admin/verifications?kind=profile&user=${ADA}`);
  });

  it('shows the queue as cards on a narrow screen', async () => {
    setViewportWidth(360);
    try {
      mockApi({ [PROFILE_QUEUE]: () => json(200, PROFILES) });
      renderApp('/admin/verifications', { session: TEST_ADMIN });
      const list = await screen.findByRole('list', { name: 'Profiles waiting for review' });
      expect(screen.queryByRole('table')).toBeNull();
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Benjamin Franklinben@example.comIndividual · submitted 07 Mar 2026 · waiting 3 days', 'Ada Lovelaceada@example.comIndividual · submitted 10 Mar 2026 · waiting 5 hours']);
    } finally {
      setViewportWidth(1440);
    }
  });

  it('says when no profile waits', async () => {
    mockApi({ [PROFILE_QUEUE]: () => json(200, queue('profile', [])) });
    renderApp('/admin/verifications', { session: TEST_ADMIN });
    expect(await screen.findByRole('heading', { name: 'No profiles waiting for review.' })).toBeTruthy();
  });

  it('offers a retry when the queue cannot be loaded', async () => {
    mockApi({ [PROFILE_QUEUE]: () => json(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }) });
    renderApp('/admin/verifications', { session: TEST_ADMIN });
    expect(await screen.findByRole('heading', { name: 'The queue could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('one case', () => {
  it('shows the details, the documents (image inline, PDF to download), the name check and the history', async () => {
    await openCase();
    expect(screen.getByText('AB123456')).toBeTruthy();
    expect(screen.getByText('12, Garden Lane, London, N1 9GU, United Kingdom')).toBeTruthy();
    const image = screen.getByRole('img', { name: 'Passport: passport.jpg' });
    expect(screen.getByRole('link', { name: 'Download image passport.jpg' }).getAttribute('href')).toBe('/api/user/verification/documents/d1');
    expect(image.getAttribute('src')).toBe('/api/user/verification/documents/d1');
    expect(screen.getByRole('link', { name: 'Download PDF old.pdf' }).getAttribute('href')).toBe('/api/user/verification/documents/d0');
    expect(screen.getByText('Account name differs from the profile: check it')).toBeTruthy();
    expect(screen.getByText('Submitted for review')).toBeTruthy();
  });

  it('Approve sends the decision with the internal note and closes', async () => {
    const { api, user } = await openCase({ [DECIDE_PROFILE]: () => json(200, { message: 'Verification approved.', status: 'Approved' }) });
    await user.click(within(screen.getByRole('region', { name: /Profile/ })).getByRole('button', { name: 'Approve' }));
    await user.type(within(dialog()).getByLabelText(/Internal note/), 'Looks right');
    await user.click(within(dialog()).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo(DECIDE_PROFILE)).toHaveLength(1));
    expect(api.callsTo(DECIDE_PROFILE)[0]?.body).toEqual({ userId: ADA, decision: 'approve', internalNote: 'Looks right' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Reject needs a reason for the person; then sends reason and note', async () => {
    const { api, user } = await openCase({ [DECIDE_BANK]: () => json(200, { message: 'Verification not approved; the person was told why.', status: 'Rejected' }) });
    await user.click(within(screen.getByRole('region', { name: /Bank/ })).getByRole('button', { name: 'Reject' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Reject' }));
    // The form's schema answers a moment after the click (its resolver is asynchronous).
    await waitFor(() => expect(errorOf('Reason for the person')).toBe('Please give the reason the person will read.'));
    expect(api.callsTo(DECIDE_BANK)).toEqual([]);
    await user.type(within(dialog()).getByLabelText('Reason for the person'), 'The account is not in your name.');
    await user.type(within(dialog()).getByLabelText(/Internal note/), 'Business account of a relative');
    await user.click(within(dialog()).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.callsTo(DECIDE_BANK)).toHaveLength(1));
    expect(api.callsTo(DECIDE_BANK)[0]?.body).toEqual({ userId: ADA, decision: 'reject', reason: 'The account is not in your name.', internalNote: 'Business account of a relative' });
  });

  it('Request re-upload needs the document and a reason; shows a refusal from the server', async () => {
    const { api, user } = await openCase({ [DECIDE_PROFILE]: () => json(409, { message: 'Only a verification waiting for review can be decided.', code: 'TRANSITION_REFUSED' }) });
    await user.click(within(screen.getByRole('region', { name: /Profile/ })).getByRole('button', { name: 'Request re-upload' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Request re-upload' }));
    await waitFor(() => expect(errorOf('Document to upload again')).toBe('Please choose the document to upload again.'));
    expect(errorOf('Reason for the person')).toBe('Please give the reason the person will read.');
    await user.selectOptions(within(dialog()).getByLabelText('Document to upload again'), 'passportFile');
    await user.type(within(dialog()).getByLabelText('Reason for the person'), 'The photo is blurred.');
    await user.click(within(dialog()).getByRole('button', { name: 'Request re-upload' }));
    await waitFor(() => expect(api.callsTo(DECIDE_PROFILE)).toHaveLength(1));
    expect(api.callsTo(DECIDE_PROFILE)[0]?.body).toEqual({ userId: ADA, decision: 'reupload', reason: 'The photo is blurred.', documentSlot: 'passportFile' });
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('Only a verification waiting for review can be decided.');
  });
});
