import { CONTACT_MESSAGES } from '@landunits/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, json, mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-app';
import { ContactForm } from './contact-form';

const CONTACT = 'POST /api/user/create_contact_form_email';

function renderForm() {
  return renderWithProviders(
    <section aria-labelledby="contact-title">
      <h2 id="contact-title">Write to us</h2>
      <ContactForm headingId="contact-title" />
    </section>,
    { session: null },
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;

/** The text of the messages a field points to with aria-describedby. */
function describedBy(label: string): string {
  const ids = field(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

describe('ContactForm', () => {
  it('is labelled by the heading of its host', () => {
    renderForm();
    const form = screen.getByRole('form', { name: 'Write to us' });
    expect(within(form).getByLabelText('Subject (optional)')).toBeTruthy();
  });

  it("checks the fields with the server's messages and focuses the first invalid one", async () => {
    const api = mockApi({});
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    // The validation code is fetched on first use: the messages follow it.
    await waitFor(() => expect(describedBy('Name')).toBe(CONTACT_MESSAGES.nameRequired));
    expect(describedBy('Email')).toBe(CONTACT_MESSAGES.emailRequired);
    expect(describedBy('Message')).toBe(`At least 10 characters. | ${CONTACT_MESSAGES.messageRequired}`);
    expect(field('Subject (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Name')));

    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@');
    await user.type(field('Message'), 'Too short');
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
    expect(describedBy('Email')).toBe(CONTACT_MESSAGES.emailInvalid);
    expect(describedBy('Message')).toBe(`At least 10 characters. | ${CONTACT_MESSAGES.messageMin}`);

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
    expect(api.calls).toHaveLength(0);
  });

  it('says when a field is too long', async () => {
    const api = mockApi({});
    const { user } = renderForm();
    for (const [label, length] of [
      ['Name', 101],
      ['Subject (optional)', 151],
      ['Message', 5001],
    ] as const) {
      await user.click(field(label));
      await user.paste('x'.repeat(length));
    }
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(describedBy('Name')).toBe(CONTACT_MESSAGES.nameMax));
    expect(describedBy('Subject (optional)')).toBe(CONTACT_MESSAGES.subjectMax);
    expect(describedBy('Message')).toBe(`At least 10 characters. | ${CONTACT_MESSAGES.messageMax}`);
    expect(api.calls).toHaveLength(0);
  });

  it('sends the trimmed message once, shows the answer and empties the form', async () => {
    const answer = deferred<Response>();
    const api = mockApi({ [CONTACT]: () => answer.promise });
    const { user } = renderForm();

    await user.type(field('Name'), '  Ada Lovelace  ');
    await user.type(field('Email'), ' Ada@Example.com ');
    await user.type(field('Message'), '  How do I transfer Units to my sister?  ');
    await user.dblClick(screen.getByRole('button', { name: 'Send message' }));

    const busy = screen.getByRole('button', { name: 'Sending…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await user.click(busy);
    // The send may first wait for the validation code (fetched on first use).
    await waitFor(() => expect(api.callsTo(CONTACT)).toHaveLength(1));
    expect(api.callsTo(CONTACT).map((c) => c.body)).toEqual([{ name: 'Ada Lovelace', email: 'ada@example.com', subject: '', message: 'How do I transfer Units to my sister?' }]);

    answer.resolve(json(200, { message: CONTACT_MESSAGES.sent }));
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status.textContent).toBe(CONTACT_MESSAGES.sent));
    // The form was emptied under the visitor's focus: the answer takes it.
    await waitFor(() => expect(document.activeElement).toBe(within(status).getByText(CONTACT_MESSAGES.sent)));
    for (const label of ['Name', 'Email', 'Subject (optional)', 'Message']) expect(field(label).value).toBe('');
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
    expect(api.callsTo(CONTACT)).toHaveLength(1);
  });

  it('sends the subject when given', async () => {
    const api = mockApi({ [CONTACT]: () => json(200, { message: CONTACT_MESSAGES.sent }) });
    const { user } = renderForm();
    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Subject (optional)'), ' Fees ');
    await user.type(field('Message'), 'What does a bank transfer cost?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByText(CONTACT_MESSAGES.sent);
    expect(api.callsTo(CONTACT).map((c) => (c.body as { subject: string }).subject)).toEqual(['Fees']);
  });

  it("shows the server's field errors under their fields and its message under the form", async () => {
    mockApi({
      [CONTACT]: () =>
        json(400, {
          message: 'Please correct the highlighted fields.',
          code: 'VALIDATION_FAILED',
          errors: { email: 'This address cannot receive email.' },
        }),
    });
    const { user } = renderForm();
    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Message'), 'A question about fees.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Please correct the highlighted fields.');
    expect(describedBy('Email')).toBe('This address cannot receive email.');
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
    // What was typed stays, so it can be corrected.
    expect(field('Message').value).toBe('A question about fees.');
  });

  it("shows a failure in the server's words", async () => {
    mockApi({
      [CONTACT]: () => json(429, { message: 'Too many messages. Please try again later.', code: 'RATE_LIMITED' }),
    });
    const { user } = renderForm();
    await user.type(field('Name'), 'Ada');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Message'), 'A question about fees.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Too many messages. Please try again later.');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(field('Name').value).toBe('Ada');
    expect(screen.getByRole('button', { name: 'Send message' }).getAttribute('aria-busy')).toBeNull();
  });
});
