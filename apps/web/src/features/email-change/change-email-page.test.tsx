import { FILE_MESSAGES, MESSAGES, UPLOAD_MAX_BYTES } from '@landunits/domain';
import { EMAIL_CHANGE_MESSAGES, type EmailChangeView } from '@landunits/domain/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, mockApi, setSignedInHint } from '../../test/api-mock';
import { renderApp, TEST_USER } from '../../test/render-app';

const PAGE = '/dashboard/settings/change-email';
const ME = 'GET /api/user';
const VERIFY = 'PUT /api/user/verify-password-email-change/';
const SEND = 'PUT /api/user/send-verification-link-email-change/';
const CANCEL = 'POST /api/user/cancel-email-change';
const SUBMIT = 'POST /api/user/submit-email-change';

const request = (status: EmailChangeView['status'], fields: Partial<EmailChangeView> = {}): EmailChangeView => ({
  id: 'req-1',
  status,
  newEmail: null,
  documentName: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  rejectionReason: null,
  ...fields,
});

const bundle = (emailChange: EmailChangeView | null) => () => json(200, { user: TEST_USER, emailChange });
const answer = (message: string, emailChange: EmailChangeView | null) => () => json(200, { message, emailChange });

beforeAll(async () => {
  await import('./email-change-pages');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function open(emailChange: EmailChangeView | null, handlers: Parameters<typeof mockApi>[0] = {}) {
  setSignedInHint();
  const api = mockApi({ [ME]: bundle(emailChange), ...handlers });
  const rendered = renderApp(PAGE, { session: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Change email' });
  return { api, ...rendered };
}

const currentStep = () => screen.getByRole('list', { name: 'Email change steps' }).querySelector('[aria-current="step"]')?.textContent;

describe('the stepper', () => {
  it('starts at step 1 without a request and lists the six steps', async () => {
    await open(null);
    await waitFor(() => expect(currentStep()).toContain('Confirm your password'));
    expect(within(screen.getByRole('list', { name: 'Email change steps' })).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });

  it.each([
    ['PasswordVerified', 'Enter your new email'],
    ['PendingNewEmailVerification', 'Open the link we sent'],
    ['VerifiedNewEmail', 'Upload a document'],
    ['DocumentsUploaded', 'Submit your request'],
    ['PendingAdminApproval', 'Waiting for approval'],
  ] as const)('shows %s as the step "%s", with Cancel request', async (status, label) => {
    await open(request(status, { newEmail: 'new@example.com', documentName: 'passport.png' }));
    await waitFor(() => expect(currentStep()).toContain(label));
    expect(screen.getByRole('heading', { level: 2, name: label })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel request' })).toBeTruthy();
  });

  it('shows a cancelled request as the end state, and starts again', async () => {
    const { user } = await open(request('CancelledByUser'));
    await waitFor(() => expect(currentStep()).toContain('Cancelled'));
    expect(within(screen.getByRole('list', { name: 'Email change steps' })).getAllByRole('listitem')).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: 'Start a new request' }));
    expect(await screen.findByLabelText('Current password')).toBeTruthy();
  });

  it('shows the reason of a rejected request above step 1', async () => {
    await open(request('PendingPasswordVerification', { rejectionReason: 'The document is unreadable.' }));
    expect(await screen.findByText('The document is unreadable.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your last request was not approved' })).toBeTruthy();
  });

  it('says so when the request cannot be loaded', async () => {
    setSignedInHint();
    mockApi({ [ME]: () => json(500, { message: 'Boom', code: 'INTERNAL' }) });
    renderApp(PAGE, { session: TEST_USER });
    // A failed load means signed out (SPEC §4): the page leaves for the login.
    await waitFor(() => expect(screen.queryByLabelText('Current password')).toBeNull());
  });
});

describe('step 1 and 2', () => {
  it('checks the password with the SPEC messages, shows the server’s field error, then moves on', async () => {
    let calls = 0;
    const { api, user } = await open(null, {
      [VERIFY]: () =>
        ++calls === 1
          ? json(400, { message: EMAIL_CHANGE_MESSAGES.passwordWrong, code: 'VALIDATION_FAILED', errors: { password: EMAIL_CHANGE_MESSAGES.passwordWrong } })
          : answer(EMAIL_CHANGE_MESSAGES.passwordVerified, request('PasswordVerified'))(),
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm password' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Current password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Confirm password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
    expect(api.callsTo(VERIFY)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'garden41');
    await user.click(screen.getByRole('button', { name: 'Confirm password' }));
    const field = screen.getByLabelText('Current password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Your password is not correct.');

    await user.clear(field);
    await user.type(field, 'garden42');
    await user.click(screen.getByRole('button', { name: 'Confirm password' }));
    expect(await screen.findByLabelText('New email address')).toBeTruthy();
    expect(screen.getByText(EMAIL_CHANGE_MESSAGES.passwordVerified)).toBeTruthy();
    expect(api.callsTo(VERIFY).map((c) => c.body)).toEqual([{ password: 'garden41' }, { password: 'garden42' }]);
  });

  it('checks the new address, sends it, waits for the link and resends', async () => {
    const waiting = request('PendingNewEmailVerification', { newEmail: 'new@example.com' });
    const { api, user } = await open(request('PasswordVerified'), { [SEND]: answer(EMAIL_CHANGE_MESSAGES.linkSent, waiting) });
    await user.type(await screen.findByLabelText('New email address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    await user.clear(screen.getByLabelText('New email address'));
    await user.type(screen.getByLabelText('New email address'), 'New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.linkSent)).toBeTruthy();
    expect(screen.getByText('new@example.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend the link' }));
    await waitFor(() => expect(api.callsTo(SEND)).toHaveLength(2));
    expect(api.callsTo(SEND).map((c) => c.body)).toEqual([{ newEmail: 'new@example.com' }, { newEmail: 'new@example.com' }]);
  });
});

/** A stand-in for XMLHttpRequest that answers the upload with `respond`. */
function stubUpload(respond: () => { status: number; body: unknown }) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    withCredentials = false;
    url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(body: FormData) {
      sent.push(body);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      queueMicrotask(() => {
        const { status, body: answerBody } = respond();
        this.status = status;
        this.responseText = JSON.stringify(answerBody);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const png = (name = 'passport.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], name, { type: 'image/png' });

describe('step 4 and 5: the document and submitting', () => {
  it('checks the file in the browser, uploads a PNG, then submits', async () => {
    const uploaded = request('DocumentsUploaded', { newEmail: 'new@example.com', documentName: 'passport.png' });
    const sent = stubUpload(() => ({ status: 200, body: { message: EMAIL_CHANGE_MESSAGES.documentUploaded, emailChange: uploaded } }));
    const { api, user } = await open(request('VerifiedNewEmail', { newEmail: 'new@example.com' }), {
      [SUBMIT]: answer(EMAIL_CHANGE_MESSAGES.submitted, request('PendingAdminApproval', { newEmail: 'new@example.com' })),
    });
    const input = await screen.findByLabelText('Identity document');
    expect(input.getAttribute('accept')).toBe('application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png');

    await user.click(screen.getByRole('button', { name: 'Upload the document' }));
    expect(await screen.findByText('This document is required.')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })] } });
    expect(await screen.findByText(FILE_MESSAGES.unsupported)).toBeTruthy();
    const big = png('big.png');
    Object.defineProperty(big, 'size', { value: UPLOAD_MAX_BYTES + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText(FILE_MESSAGES.tooLarge)).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(input, { target: { files: [png()] } });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Upload the document' }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.documentUploaded)).toBeTruthy();
    expect((sent[0]?.get('identity') as File).name).toBe('passport.png');

    await user.click(screen.getByRole('button', { name: 'Submit my request' }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.submitted)).toBeTruthy();
    await waitFor(() => expect(currentStep()).toContain('Waiting for approval'));
    expect(api.callsTo(SUBMIT)).toHaveLength(1);
  });

  it('shows the server’s refusal of a file under the field', async () => {
    stubUpload(() => ({ status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { identity: FILE_MESSAGES.unsupported } } }));
    const { user } = await open(request('VerifiedNewEmail', { newEmail: 'new@example.com' }));
    fireEvent.change(await screen.findByLabelText('Identity document'), { target: { files: [png()] } });
    // The file is checked in the browser first (its first bytes are read); only then is it chosen.
    await screen.findByRole('button', { name: 'Remove passport.png' });
    await user.click(screen.getByRole('button', { name: 'Upload the document' }));
    expect(await screen.findByText(FILE_MESSAGES.unsupported)).toBeTruthy();
  });
});

describe('cancelling', () => {
  it('asks first, then cancels and shows the end state', async () => {
    const { api, user } = await open(request('PendingNewEmailVerification', { newEmail: 'new@example.com' }), {
      [CANCEL]: answer(EMAIL_CHANGE_MESSAGES.cancelled, request('CancelledByUser', { newEmail: 'new@example.com' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your email change request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my request' }));
    expect(api.callsTo(CANCEL)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel request' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel the request' }));
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.cancelled)).toBeTruthy();
    await waitFor(() => expect(currentStep()).toContain('Cancelled'));
    expect(api.callsTo(CANCEL)).toHaveLength(1);
  });
});

describe('/account/verify-email-change', () => {
  const TOKEN = 'e'.repeat(43);

  it('confirms the link and offers to continue', async () => {
    mockApi({ [`GET /api/auth/verify-email-change/${TOKEN}`]: () => json(200, { message: EMAIL_CHANGE_MESSAGES.linkVerified, newEmail: 'new@example.com' }) });
    renderApp(`/account/verify-email-change?token=${TOKEN}`, { session: null });
    expect(await screen.findByText(EMAIL_CHANGE_MESSAGES.linkVerified)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in to continue' }).getAttribute('href')).toBe('/login');
  });

  it('says when the link does not work', async () => {
    const TOKEN = 'f'.repeat(43);
    mockApi({ [`GET /api/auth/verify-email-change/${TOKEN}`]: () => json(400, { message: MESSAGES.tokenInvalid, code: 'TOKEN_INVALID' }) });
    renderApp(`/account/verify-email-change?token=${TOKEN}`, { session: TEST_USER });
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.tokenInvalid);
    expect(screen.getByRole('link', { name: 'Go to change email' }).getAttribute('href')).toBe(PAGE);
  });
});
