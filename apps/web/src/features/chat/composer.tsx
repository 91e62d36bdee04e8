import { CHAT_LIMITS, ChatSendSchema } from '@landunits/domain';
import { useEffect, useId, type KeyboardEvent, type Ref } from 'react';
import { useForm } from '../../shared/lib/use-form';
import { Button } from '../../shared/ui/button';
import { fieldClassName } from '../../shared/ui/field-parts';
import * as styles from './chat.module.css';

/** The text of a message, checked (and trimmed) as the API checks it. */
const MessageSchema = ChatSendSchema.pick({ body: true });

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
  const form = useForm(MessageSchema, { body: value ?? '' }, ({ body }, { reset }) => {
    onSend(body);
    reset({ body: '' });
    onChange?.('');
  });
  const text = form.values.body;
  // A text given by the page (a canned reply) replaces what is in the box.
  useEffect(() => {
    if (value !== undefined && value !== form.values.body) form.setValue('body', value);
    // Only when the page's text changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const body = form.field('body');
  const id = useId();
  const over = text.length > CHAT_LIMITS.body;
  const canSend = !disabled && text.trim().length > 0 && !over;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) form.submit();
  };

  return (
    <form {...form.formProps} className={styles.chatComposer}>
      <label htmlFor={id} className={styles.chatComposerLabel}>
        {label}
      </label>
      <textarea
        id={id}
        ref={textareaRef}
        name={body.name}
        className={fieldClassName('area', styles.chatComposerInput)}
        rows={3}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          body.onChange(event);
          onChange?.(event.target.value);
        }}
        onBlur={body.onBlur}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-hint ${id}-count`}
        aria-invalid={over || undefined}
      />
      <div className={styles.chatComposerBar}>
        <span id={`${id}-hint`} className={styles.chatComposerHint}>
          Enter sends, Shift+Enter starts a new line.
        </span>
        <span id={`${id}-count`} className={fieldClassName(over ? 'count-over' : 'count')}>
          {text.length.toLocaleString('en-US')} of {CHAT_LIMITS.body.toLocaleString('en-US')} characters
        </span>
        <Button type="submit" disabled={!canSend}>
          Send
        </Button>
      </div>
    </form>
  );
}
