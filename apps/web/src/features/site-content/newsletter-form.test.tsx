import { NEWSLETTER_MESSAGES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json, mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-app';
import { NewsletterForm } from './newsletter-form';

const SUBSCRIBE = 'POST /api/subscribe/subscribeUser';

function renderForm() {
  return renderWithProviders(
    <section aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">Get our newsletter</h2>
      <NewsletterForm headingId="newsletter-title" />
    </section>,
    { session: null },
  );
}

const email = () => screen.getByLabelText('Email') as HTMLInputElement;
const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

describe('NewsletterForm', () => {
  it('is labelled by the heading of its host', () => {
    renderForm();
    const form = screen.getByRole('form', { name: 'Get our newsletter' });
    expect(within(form).getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });

  it("checks the address with the SPEC's messages before asking the server", async () => {
    const api = mockApi({});
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    // The validation code is fetched on first use: the message follows it.
    await waitFor(() => expect(errorOf(email())).toBe(NEWSLETTER_MESSAGES.emailRequired));
    expect(email().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email()));

    await user.type(email(), 'not-an-address');
    expect(errorOf(email())).toBe(NEWSLETTER_MESSAGES.emailInvalid);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(api.calls).toHaveLength(0);
  });

  it("subscribes once and shows the server's message", async () => {
    const answer = deferred<Response>();
    const api = mockApi({ [SUBSCRIBE]: () => answer.promise });
    const { user } = renderForm();

    await user.type(email(), '  Ada@Example.com ');
    await user.dblClick(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('button', { name: 'Subscribe' }).getAttribute('aria-busy')).toBe('true');
    answer.resolve(json(200, { message: NEWSLETTER_MESSAGES.checkInbox }));

    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toBe(NEWSLETTER_MESSAGES.checkInbox));
    expect(email().value).toBe('');
    expect(api.callsTo(SUBSCRIBE).map((c) => c.body)).toEqual([{ email: 'ada@example.com' }]);
    await waitFor(() => expect(document.activeElement).toBe(within(status).getByText(NEWSLETTER_MESSAGES.checkInbox)));
  });

  it('answers a second subscription too, even with the same words', async () => {
    const api = mockApi({ [SUBSCRIBE]: () => json(200, { message: NEWSLETTER_MESSAGES.checkInbox }) });
    const { user } = renderForm();
    await user.type(email(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const first = await screen.findByText(NEWSLETTER_MESSAGES.checkInbox);

    await user.type(email(), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(api.callsTo(SUBSCRIBE)).toHaveLength(2));
    // A new message element (announced again) that takes the focus from the emptied form.
    await waitFor(() => expect(screen.getByText(NEWSLETTER_MESSAGES.checkInbox)).not.toBe(first));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText(NEWSLETTER_MESSAGES.checkInbox)));
    expect(api.callsTo(SUBSCRIBE).map((c) => c.body)).toEqual([{ email: 'ada@example.com' }, { email: 'grace@example.com' }]);
  });

  it("shows the server's message when subscribing fails", async () => {
    mockApi({
      [SUBSCRIBE]: () => json(429, { message: 'Too many attempts. Please wait a minute.', code: 'RATE_LIMITED' }),
    });
    const { user } = renderForm();
    await user.type(email(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait a minute.');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(email().value).toBe('ada@example.com');
  });

  it("puts the server's field message under the field, once", async () => {
    // The API answers a refused address with the field's message as its message too.
    mockApi({
      [SUBSCRIBE]: () =>
        json(400, {
          message: 'This address cannot be subscribed.',
          code: 'VALIDATION_FAILED',
          errors: { email: 'This address cannot be subscribed.' },
        }),
    });
    const { user } = renderForm();
    await user.type(email(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    await waitFor(() => expect(errorOf(email())).toBe('This address cannot be subscribed.'));
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('This address cannot be subscribed.')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says Network Error when the request never got an answer', async () => {
    const failing = mockApi({
      [SUBSCRIBE]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderForm();
    await user.type(email(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Network Error');
    expect(failing.callsTo(SUBSCRIBE)).toHaveLength(1);
  });
});
