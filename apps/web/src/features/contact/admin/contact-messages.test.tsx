import { CONTACT_ADMIN_MESSAGES as M, type ContactMessageDetail, type ContactMessageItem, type ContactMessagesPage } from '@landunits/domain/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/api-mock';
import { renderApp, TEST_ADMIN } from '../../../test/render-app';

const LIST = 'GET /api/admin/contact-messages?page=1&pageSize=20&status=new&sort=createdAt&direction=asc';
const DETAIL = 'GET /api/admin/contact-messages/7';
const REPLY = 'POST /api/admin/contact-messages/7/reply';
const support = { ...TEST_ADMIN, adminRole: 'SUPPORT' as const };

const item = (id: number, name: string, fields: Partial<ContactMessageItem> = {}): ContactMessageItem => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  subject: 'Buying for a company',
  excerpt: 'Can a company buy Units for each of its employees?',
  status: 'new',
  createdAt: '2026-03-08T09:15:00.000Z',
  updatedAt: '2026-03-08T09:15:00.000Z',
  ...fields,
});

const GRACE = item(7, 'Grace Hopper');
const page = (messages: ContactMessageItem[]): ContactMessagesPage => ({ messages, counts: { new: 2, answered: 5, closed: 9 }, total: messages.length, page: 1, pageSize: 20 });
const detail = (fields: Partial<ContactMessageDetail['message']> = {}, replies: ContactMessageDetail['replies'] = []): ContactMessageDetail => {
  const { excerpt: _excerpt, ...rest } = GRACE;
  return { message: { ...rest, message: 'Can a company buy Units for each of its employees?\nWe are 40 people.', accountEmail: null, ...fields }, replies };
};
const REPLIED = detail({ status: 'answered' }, [{ id: 1, adminUserId: 'a1', adminName: 'Sam Support', body: 'Yes, it can.', createdAt: '2026-03-10T11:00:00.000Z' }]);

beforeAll(async () => {
  await import('../../../app/admin-pages');
});

describe('/admin/contact', () => {
  it('lists new messages oldest first with who wrote, what about, when and their status', async () => {
    mockApi({ [LIST]: () => json(200, page([GRACE, item(8, 'Alan Turing')])) });
    renderApp('/admin/contact', { session: support });
    const row = (await screen.findByRole('rowheader', { name: /Grace Hopper/ })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Buying for a companyCan a company buy Units for each of its employees?', '08 Mar 2026, 09:15 UTC', 'New', 'Open the message from Grace Hopper']);
    const statuses = screen.getByRole('group', { name: 'Message status' });
    expect(
      within(statuses)
        .getAllByRole('button')
        .map((b) => [b.textContent, b.getAttribute('aria-pressed')]),
    ).toEqual([
      ['New2', 'true'],
      ['Answered5', 'false'],
      ['Closed9', 'false'],
      ['All16', 'false'],
    ]);
  });

  it('asks the server again for another status and for a search', async () => {
    const CLOSED = 'GET /api/admin/contact-messages?page=1&pageSize=20&status=closed&sort=createdAt&direction=asc';
    const SEARCH = 'GET /api/admin/contact-messages?page=1&pageSize=20&status=closed&q=grace&sort=createdAt&direction=asc';
    const api = mockApi({ [LIST]: () => json(200, page([GRACE])), [CLOSED]: () => json(200, page([])), [SEARCH]: () => json(200, page([])) });
    const { user } = renderApp('/admin/contact', { session: support });
    await screen.findByRole('rowheader', { name: /Grace Hopper/ });
    await user.click(screen.getByRole('button', { name: /^Closed/ }));
    expect(await screen.findByRole('heading', { name: 'No messages match' })).toBeTruthy();
    await user.type(screen.getByLabelText('Name, email or text contains'), 'grace');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(api.callsTo(SEARCH)).toHaveLength(1));
    expect(api.callsTo(CLOSED)).toHaveLength(1);
  });

  it('opens a message, checks the reply with the shared schema, sends it and shows it answered', async () => {
    const api = mockApi({
      [LIST]: () => json(200, page([GRACE])),
      [DETAIL]: () => json(200, detail()),
      [REPLY]: () => json(200, { message: M.replied, detail: REPLIED }),
    });
    const { user, location } = renderApp('/admin/contact', { session: support });
    await user.click(await screen.findByRole('button', { name: 'Open the message from Grace Hopper' }));
    expect(location.current).toBe('/admin/contact?message=7');
    const panel = await screen.findByRole('region', { name: 'Message #7' });
    expect(await within(panel).findByText(/We are 40 people/)).toBeTruthy();

    const form = within(panel).getByRole('form', { name: 'Reply' });
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await within(form).findByText(M.replyRequired)).toBeTruthy();
    expect(api.callsTo(REPLY)).toHaveLength(0);

    await user.type(within(form).getByLabelText('Your reply'), 'Yes, it can.');
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(api.callsTo(REPLY).map((c) => c.body)).toEqual([{ reply: 'Yes, it can.' }]));
    expect(await screen.findByText(M.replied)).toBeTruthy();
    expect(await within(panel).findByText('Answered')).toBeTruthy();
    expect(within(panel).getByText('Sam Support · 10 Mar 2026, 11:00 UTC')).toBeTruthy();
    expect((within(panel).getByLabelText('Your reply') as HTMLTextAreaElement).value).toBe('');
  });

  it('closes a message, hides the reply form, and reopens it', async () => {
    mockApi({
      [LIST]: () => json(200, page([GRACE])),
      [DETAIL]: () => json(200, detail()),
      'POST /api/admin/contact-messages/7/close': () => json(200, { message: M.closed, detail: detail({ status: 'closed' }) }),
      'POST /api/admin/contact-messages/7/reopen': () => json(200, { message: M.reopened, detail: detail() }),
    });
    const { user } = renderApp('/admin/contact?message=7', { session: support });
    const panel = await screen.findByRole('region', { name: 'Message #7' });
    await user.click(await within(panel).findByRole('button', { name: 'Close the message' }));
    expect(await within(panel).findByText(M.replyClosed)).toBeTruthy();
    expect(within(panel).queryByRole('form', { name: 'Reply' })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Reopen' }));
    expect(await within(panel).findByRole('form', { name: 'Reply' })).toBeTruthy();
  });

  it('shows the server’s refusal at the reply field', async () => {
    mockApi({
      [LIST]: () => json(200, page([GRACE])),
      [DETAIL]: () => json(200, detail()),
      [REPLY]: () => json(400, { message: 'Check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { reply: M.replyMax } }),
    });
    const { user } = renderApp('/admin/contact?message=7', { session: support });
    const panel = await screen.findByRole('region', { name: 'Message #7' });
    await user.type(await within(panel).findByLabelText('Your reply'), 'Hello');
    await user.click(within(panel).getByRole('button', { name: 'Send reply' }));
    expect(await within(panel).findByText(M.replyMax)).toBeTruthy();
  });
});
