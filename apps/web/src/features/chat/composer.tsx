import { CHAT_LIMITS } from '@landunits/domain';
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { Button } from '../../shared/ui/button';

export interface ComposerProps {
  onSend: (body: string) => void;
  /** The text to start from (a canned reply inserted by an agent); changes replace the text. */
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  label?: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line; a counter of the 2,000 characters;
 * Send is disabled while the message is empty (or only spaces) or too long.
 */
export function Composer({ onSend, value, onChange, disabled = false, label = 'Your message', textareaRef }: ComposerProps) {
  const [own, setOwn] = useState('');
  const text = value ?? own;
  const setText = (next: string) => (onChange ? onChange(next) : setOwn(next));
  const id = useId();
  const trimmed = text.trim();
  const over = text.length > CHAT_LIMITS.body;
  const canSend = !disabled && trimmed.length > 0 && !over;

  const send = () => {
    if (!canSend) return;
    onSend(trimmed);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={id} className="chat-composer__label">
        {label}
      </label>
      <textarea
        id={id}
        ref={textareaRef}
        className="field__control field__control--area chat-composer__input"
        rows={3}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-hint ${id}-count`}
        aria-invalid={over || undefined}
      />
      <div className="chat-composer__bar">
        <span id={`${id}-hint`} className="chat-composer__hint">
          Enter sends, Shift+Enter starts a new line.
        </span>
        <span id={`${id}-count`} className={over ? 'field__count field__count--over' : 'field__count'}>
          {text.length.toLocaleString('en-US')} of {CHAT_LIMITS.body.toLocaleString('en-US')} characters
        </span>
        <Button type="submit" disabled={!canSend}>
          Send
        </Button>
      </div>
    </form>
  );
}
