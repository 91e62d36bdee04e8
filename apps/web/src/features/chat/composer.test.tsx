import { CHAT_LIMITS } from '@landunits/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';

const box = () => screen.getByLabelText('Your message') as HTMLTextAreaElement;
const send = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

describe('the chat composer', () => {
  it('is disabled while empty or only spaces, and counts the 2,000 characters', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Composer onSend={vi.fn()} />);
    expect(send().disabled).toBe(true);
    expect(screen.getByText('0 of 2,000 characters')).toBeTruthy();
    await user.type(box(), '   ');
    expect(send().disabled).toBe(true);
    await user.type(box(), 'Hi');
    expect(send().disabled).toBe(false);
    expect(screen.getByText('5 of 2,000 characters')).toBeTruthy();
  });

  it('refuses a message over the limit', () => {
    const onSend = vi.fn();
    render(<Composer onSend={onSend} />);
    fireEvent.change(box(), { target: { value: 'x'.repeat(CHAT_LIMITS.body + 1) } });
    expect(send().disabled).toBe(true);
    expect(box().getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(box(), { target: { value: 'x'.repeat(CHAT_LIMITS.body) } });
    expect(send().disabled).toBe(false);
  });

  it('sends with Enter (trimmed) and empties the box; Shift+Enter starts a new line', async () => {
    const user = userEvent.setup({ delay: null });
    const onSend = vi.fn();
    render(<Composer onSend={onSend} />);
    await user.type(box(), 'First line{Shift>}{Enter}{/Shift}second line ');
    expect(box().value).toBe('First line\nsecond line ');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('First line\nsecond line');
    expect(box().value).toBe('');
  });

  it('takes a text from the page (a canned reply), tells the page of each change, and empties it on sending', async () => {
    const user = userEvent.setup({ delay: null });
    const onSend = vi.fn();
    function Page() {
      const [draft, setDraft] = useState('');
      return (
        <>
          <button type="button" onClick={() => setDraft('Thanks for waiting.')}>
            Insert reply
          </button>
          <Composer onSend={onSend} value={draft} onChange={setDraft} />
          <p>Draft: {draft}</p>
        </>
      );
    }
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Insert reply' }));
    expect(box().value).toBe('Thanks for waiting.');
    await user.type(box(), ' Ada');
    expect(screen.getByText('Draft: Thanks for waiting. Ada')).toBeTruthy();
    await user.click(send());
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('Thanks for waiting. Ada'));
    expect(box().value).toBe('');
    expect(screen.getByText('Draft:')).toBeTruthy();
  });
});
