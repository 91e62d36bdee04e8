import { ACTIVATION_NOTICE, AUTH_ANSWERS, findRoute, MESSAGES } from '@landunits/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import * as accountsStyles from './accounts.module.css';
import { REGISTRATION_STORAGE_KEY } from './registration-storage';

type User = ReturnType<typeof renderApp>['user'];

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

/** The message linked to a field by aria-describedby (hint first, then error). */
function describedText(input: HTMLElement): string[] {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');
}

async function openRegister(path = '/register') {
  const rendered = renderApp(path, { session: null });
  await screen.findByRole('heading', { level: 1, name: path === '/register' ? 'Register' : 'Access Your Account Now' });
  return rendered;
}

async function fillGeneral(user: User, values: Partial<Record<string, string>> = {}) {
  const v = { email: 'Ada@Example.com', first: 'Ada', last: '', business: '', password: 'land1234', confirm: 'land1234', ...values };
  await user.type(field('Email'), v.email);
  await user.type(field('First name'), v.first);
  if (v.last) await user.type(field('Last name (optional)'), v.last);
  if (v.business) await user.type(field('Business or government name (optional)'), v.business);
  await user.type(field('Password'), v.password);
  await user.type(field('Confirm password'), v.confirm);
}

describe('registration form: SPEC §5 messages', () => {
  it('on submit shows every required message under its field, linked and marked invalid, and focuses the first', async () => {
    const { user } = await openRegister();

    await user.click(screen.getByRole('button', { name: 'Register' }));

    const expected: [string, string][] = [
      ['Email', MESSAGES.emailRequired],
      ['First name', MESSAGES.firstNameRequired],
      ['Password', MESSAGES.passwordRequired],
      ['Confirm password', MESSAGES.confirmRequired],
    ];
    for (const [label, message] of expected) {
      const input = field(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(describedText(input)).toContain(message);
    }
    expect(MESSAGES.emailRequired).toBe('Email is Required');
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    // Optional fields stay valid.
    expect(field('Last name (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(field('Business or government name (optional)').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
  });

  it.each([
    ['Email', 'a@b.', 'Email must be at least 5 characters'],
    ['First name', 'A', 'First Name must be at least 2 characters'],
    ['Password', 'ab1', 'Password must be at least 6 characters'],
    ['Password', 'abcdefg', 'Password must contain at least one number'],
    ['Password', '1234567', 'Password must contain at least one letter'],
  ])('%s "%s" shows "%s" once the field is left', async (label, value, message) => {
    const { user } = await openRegister();

    await user.type(field(label), value);
    expect(screen.queryByText(message)).toBeNull(); // not while typing for the first time
    await user.tab();

    // The form's schema checks the field asynchronously once it is left.
    await waitFor(() => expect(describedText(field(label))).toContain(message));
  });

  it("shows 'Passwords must match' and clears it when the confirmation is fixed", async () => {
    const { user } = await openRegister();
    await user.type(field('Password'), 'land1234');
    await user.type(field('Confirm password'), 'land1235');
    await user.tab();

    await waitFor(() => expect(describedText(field('Confirm password'))).toContain('Passwords must match'));

    await user.type(field('Confirm password'), '{Backspace}4');
    expect(screen.queryByText('Passwords must match')).toBeNull();
  });

  it('business form: the business name is required, at least 2 characters', async () => {
    const { user } = await openRegister('/business-register');
    const business = field('Business or government name');

    await user.click(screen.getByRole('button', { name: 'Join Us' }));
    expect(describedText(business)).toContain('Business/ Government Name is required');
    await waitFor(() => expect(document.activeElement).toBe(business));

    await user.type(business, 'A');
    expect(describedText(business)).toContain('Business/ Government Name must be at least 2 characters');
  });
});

describe('registration payload (SPEC §3)', () => {
  it('general form without a business name: USER, no businessName, no confirmPassword', async () => {
    const api = mockApi({ 'POST /api/user/register': () => json(200, { message: AUTH_ANSWERS.registered }) });
    const { user } = await openRegister();
    await fillGeneral(user, { last: 'Lovelace' });

    await user.click(screen.getByRole('button', { name: 'Register' }));

    await screen.findByText(AUTH_ANSWERS.registered);
    expect(api.callsTo('POST /api/user/register').map((c) => c.body)).toEqual([{ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', password: 'land1234', userType: 'USER' }]);
  });

  it('general form with a business name: BUSINESS with the name', async () => {
    const api = mockApi({ 'POST /api/user/register': () => json(200, { message: AUTH_ANSWERS.registered }) });
    const { user } = await openRegister();
    await fillGeneral(user, { business: '  Green Fields Ltd ' });

    await user.click(screen.getByRole('button', { name: 'Register' }));

    await screen.findByText(AUTH_ANSWERS.registered);
    const body = api.callsTo('POST /api/user/register')[0]?.body;
    expect(body).toMatchObject({ userType: 'BUSINESS', businessName: 'Green Fields Ltd' });
    expect(body).not.toHaveProperty('confirmPassword');
  });

  it("business form: BUSINESS, and the button says 'Join Us'", async () => {
    const api = mockApi({ 'POST /api/user/register': () => json(200, { message: AUTH_ANSWERS.registered }) });
    const { user } = await openRegister('/business-register');
    await user.type(field('Business or government name'), 'Shire Council');
    await user.type(field('Email'), 'clerk@shire.example');
    await user.type(field('First name'), 'Sam');
    await user.type(field('Password'), 'land1234');
    await user.type(field('Confirm password'), 'land1234');

    await user.click(screen.getByRole('button', { name: 'Join Us' }));

    await screen.findByText(AUTH_ANSWERS.registered);
    expect(api.callsTo('POST /api/user/register')[0]?.body).toEqual({
      email: 'clerk@shire.example',
      firstName: 'Sam',
      lastName: '',
      password: 'land1234',
      userType: 'BUSINESS',
      businessName: 'Shire Council',
    });
  });
});

describe('registration: server answers', () => {
  it('shows 400 field errors under their fields and the message under the form', async () => {
    mockApi({
      'POST /api/user/register': () =>
        json(400, {
          message: 'Please check the highlighted fields.',
          code: 'VALIDATION_FAILED',
          errors: { firstName: 'First Name must be at most 50 characters', userType: 'Invalid user type' },
        }),
    });
    const { user } = await openRegister();
    await fillGeneral(user);

    await user.click(screen.getByRole('button', { name: 'Register' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please check the highlighted fields. Invalid user type');
    expect(describedText(field('First name'))).toContain('First Name must be at most 50 characters');
    await waitFor(() => expect(document.activeElement).toBe(field('First name')));
    // Changing the field clears the server's message for it.
    await user.type(field('First name'), 'x');
    expect(screen.queryByText('First Name must be at most 50 characters')).toBeNull();
  });

  it("shows a 429 in red under the form in the server's words", async () => {
    mockApi({
      'POST /api/user/register': () => json(429, { message: AUTH_ANSWERS.tooMany, code: 'RATE_LIMITED' }, { 'retry-after': '60' }),
    });
    const { user } = await openRegister();
    await fillGeneral(user);

    await user.click(screen.getByRole('button', { name: 'Register' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(AUTH_ANSWERS.tooMany);
    expect(alert.className).toContain(accountsStyles.formMessageError);
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy(); // still on the form
  });

  it('marks the button busy while sending and never sends twice', async () => {
    const answer = deferred<Response>();
    const api = mockApi({ 'POST /api/user/register': () => answer.promise });
    const { user } = await openRegister();
    await fillGeneral(user);
    const button = screen.getByRole('button', { name: 'Register' });

    await user.click(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.click(button);
    await user.type(field('Confirm password'), '{Enter}');
    fireEvent.submit(screen.getByRole('form', { name: 'Register' })); // a submit from anywhere else
    expect(api.callsTo('POST /api/user/register')).toHaveLength(1);

    answer.resolve(json(200, { message: AUTH_ANSWERS.registered }));
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(api.callsTo('POST /api/user/register')).toHaveLength(1);
  });
});

describe('registration steps (SPEC §4): Register → Resend → Reset → Register', () => {
  it('walks the steps with the server messages, and a link to log in all along', async () => {
    const api = mockApi({
      'POST /api/user/register': () => json(200, { message: AUTH_ANSWERS.registered }),
      'POST /api/auth/send-confirmation': () => json(200, { message: AUTH_ANSWERS.confirmationSent }),
      'POST /api/user/register/cancel': () => json(200, { message: AUTH_ANSWERS.registrationCancelled }),
    });
    const { user } = await openRegister();
    const loginLink = () => within(screen.getByRole('main')).getByRole('link', { name: 'Log in' });
    expect(loginLink().getAttribute('href')).toBe('/login');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Use the business form' }).getAttribute('href')).toBe('/business-register');
    await fillGeneral(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    // Resend
    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(AUTH_ANSWERS.registered).closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'We have sent a verification email to ada@example.com.')).toBeTruthy();
    expect(screen.getByText(ACTIVATION_NOTICE)).toBeTruthy();
    expect(loginLink()).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend' }));

    // Reset
    const reset = await screen.findByRole('button', { name: 'Reset Registration' });
    expect(screen.getByText(AUTH_ANSWERS.confirmationSent)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(reset));
    expect(api.callsTo('POST /api/auth/send-confirmation').map((c) => c.body)).toEqual([{ email: 'ada@example.com' }]);
    await user.click(reset);

    // Register again, empty
    await screen.findByText(AUTH_ANSWERS.registrationCancelled);
    expect(api.callsTo('POST /api/user/register/cancel').map((c) => c.body)).toEqual([{ email: 'ada@example.com' }]);
    expect(field('Email').value).toBe('');
    expect(field('Password').value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
    expect(sessionStorage.getItem(REGISTRATION_STORAGE_KEY)).toBeNull();
    expect(loginLink()).toBeTruthy();
  });

  it('shows a failed Resend in red and stays on the step', async () => {
    mockApi({
      'POST /api/auth/send-confirmation': () => json(429, { message: AUTH_ANSWERS.tooMany, code: 'RATE_LIMITED' }),
    });
    sessionStorage.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify({ step: 'resend', email: 'ada@example.com' }));
    const { user } = await openRegister();

    await user.click(await screen.findByRole('button', { name: 'Resend' }));

    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_ANSWERS.tooMany);
    expect(screen.getByRole('button', { name: 'Resend' })).toBeTruthy();
  });

  it('keeps the step and the address across a reload, never the password', async () => {
    mockApi({ 'POST /api/user/register': () => json(200, { message: AUTH_ANSWERS.registered }) });
    const first = await openRegister();
    await fillGeneral(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('heading', { name: 'Check your email' });

    const stored = sessionStorage.getItem(REGISTRATION_STORAGE_KEY) ?? '';
    expect(JSON.parse(stored)).toEqual({ step: 'resend', email: 'ada@example.com' });
    expect(stored).not.toContain('land1234');

    first.unmount();
    await openRegister();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeTruthy();
  });

  it('uses the route label as the heading of /register', async () => {
    await openRegister();
    expect(findRoute('/register').label).toBe('Register');
  });
});
