import { screen, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import type { DevMailMessage } from '@landunits/domain';
import { formatSentAt } from './dev-mail-pages';
import { linkify } from './linkify';

const CONFIRM_LINK = 'http://localhost:4310/account/confirm?token=abcDEF123_-';

const MESSAGES: DevMailMessage[] = [
  {
    id: '2',
    to: 'ada@example.com',
    subject: 'Activate your Land Units account',
    text: `Hello Ada,\n\nActivate my account: ${CONFIRM_LINK}.\nQuestions? See https://landunits.example/faq, or javascript:alert(1)\n`,
    html: '<p id="injected">Hello <b>Ada</b></p><script>window.__ran = true</script>',
    createdAt: '2026-03-14T09:05:00.000Z',
    attachments: [],
  },
  {
    id: '1',
    to: 'sam@example.com',
    subject: 'Reset your password',
    text: 'Hello Sam',
    html: '',
    createdAt: '2026-03-13T18:30:00.000Z',
    attachments: [{ filename: 'LU-2026-000001.pdf', contentType: 'application/pdf', size: 23456, url: '/api/dev/mail/1/attachments/0' }],
  },
];

describe('/dev/mail', () => {
  it('lists the emails newest first with recipient, subject and time', async () => {
    mockApi({ 'GET /api/dev/mail': () => json(200, { messages: MESSAGES }) });
    renderApp('/dev/mail', { session: null });

    const list = await screen.findByRole('list', { name: 'Emails, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Activate your Land Units accountTo ada@example.com14 Mar 2026, 09:05 UTC',
      'Reset your passwordTo sam@example.com13 Mar 2026, 18:30 UTC1 attachment',
    ]);
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/dev/mail/2');
    expect(screen.getByText('2 emails')).toBeTruthy();
  });

  it('says when there is no email yet', async () => {
    mockApi({ 'GET /api/dev/mail': () => json(200, { messages: [] }) });
    renderApp('/dev/mail', { session: null });
    expect(await screen.findByRole('heading', { name: 'No emails yet' })).toBeTruthy();
  });

  it('shows an error with a retry, and refreshes on demand', async () => {
    let answers = [() => json(500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }), () => json(200, { messages: [] }), () => json(200, { messages: MESSAGES })];
    const api = mockApi({
      'GET /api/dev/mail': () => {
        const [next, ...rest] = answers;
        answers = rest;
        return (next ?? (() => json(200, { messages: MESSAGES })))();
      },
    });
    const { user } = renderApp('/dev/mail', { session: null });

    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No emails yet' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('list', { name: 'Emails, newest first' })).toBeTruthy();
    expect(api.callsTo('GET /api/dev/mail')).toHaveLength(3);
  });

  it('says the viewer is off when the server has none (production answers 404)', async () => {
    mockApi({ 'GET /api/dev/mail': () => json(404, { message: 'Not found', code: 'NOT_FOUND' }) });
    renderApp('/dev/mail', { session: null });
    expect(await screen.findByRole('heading', { name: 'The mail viewer is switched off' })).toBeTruthy();
  });
});

describe('/dev/mail/:id', () => {
  it('shows the headers and the text with its addresses as links, never injecting the HTML', async () => {
    mockApi({ 'GET /api/dev/mail': () => json(200, { messages: MESSAGES }) });
    const { user } = renderApp('/dev/mail/2', { session: null });

    expect(await screen.findByRole('heading', { level: 1, name: 'Activate your Land Units account' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('14 Mar 2026, 09:05 UTC')).toBeTruthy();
    const text = document.querySelector('pre') as HTMLElement;
    const links = within(text).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([CONFIRM_LINK, 'https://landunits.example/faq']);
    expect(text.textContent).toContain(`${CONFIRM_LINK}.`); // the full stop stays text
    expect(text.textContent).toContain('javascript:alert(1)');
    expect(document.getElementById('injected')).toBeNull();
    expect(screen.getByRole('link', { name: '← All emails' }).getAttribute('href')).toBe('/dev/mail');

    await user.click(screen.getByRole('button', { name: 'Show the HTML version' }));
    const frame = screen.getByTitle('HTML version');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    // The email's own endpoint, whose policy allows its inline styles; never its HTML in this page.
    expect(frame.getAttribute('src')).toBe('/api/dev/mail/2/html');
    expect(frame.hasAttribute('srcdoc')).toBe(false);
    expect(document.getElementById('injected')).toBeNull();
  });

  it('lists its attachments, each a download link with its type and size', async () => {
    mockApi({ 'GET /api/dev/mail': () => json(200, { messages: MESSAGES }) });
    renderApp('/dev/mail/1', { session: null });
    const section = await screen.findByRole('region', { name: 'Attachments' });
    const link = within(section).getByRole('link', { name: 'LU-2026-000001.pdf' });
    expect(link.getAttribute('href')).toBe('/api/dev/mail/1/attachments/0');
    expect(link.getAttribute('download')).toBe('LU-2026-000001.pdf');
    expect(section.textContent).toContain('(application/pdf, 23.5 kB)');
  });

  it('says when the email is not in the list', async () => {
    mockApi({ 'GET /api/dev/mail': () => json(200, { messages: MESSAGES }) });
    renderApp('/dev/mail/99', { session: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Email not found' })).toBeTruthy();
  });
});

describe('linkify and formatSentAt', () => {
  it('links only http(s) addresses and leaves trailing punctuation out', () => {
    render(<pre>{linkify('See (https://a.example/x?y=1), http://b.example. ftp://c.example data:text/html,hi')}</pre>);
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['https://a.example/x?y=1', 'http://b.example']);
  });

  it('formats the time like the domain: DD MMM YYYY, in UTC', () => {
    expect(formatSentAt('2026-11-21T13:36:07.000Z')).toBe('21 Nov 2026, 13:36 UTC');
  });
});
