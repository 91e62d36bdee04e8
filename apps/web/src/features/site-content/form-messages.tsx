import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { errorMessage, isApiError } from '../../shared/api';
import type { SubmitHelpers } from '../../shared/lib/use-form';
import * as styles from './forms.module.css';

/**
 * The text under a form after the server refused it, in the server's words (SPEC §8). Field errors
 * go under their fields; the server's message is added unless it only repeats one of them (the
 * newsletter API answers 'Invalid email format' as both), with the messages of fields the form
 * does not have.
 */
export function failureText(failure: unknown, { showServerErrors }: SubmitHelpers): string {
  if (!isApiError(failure) || Object.keys(failure.errors).length === 0) return errorMessage(failure);
  const others = showServerErrors(failure.errors);
  const onFields = new Set(Object.values(failure.errors).filter((message) => !others.includes(message)));
  return [onFields.has(failure.message) ? '' : failure.message, ...others].filter(Boolean).join(' ');
}

/** A server or network error under a public form, in the server's words (SPEC §8). */
export function SiteFormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className={`${styles.siteFormMessage} ${styles.siteFormMessageError}`}>
      {children}
    </p>
  );
}

/**
 * A polite live region for the server's confirmation. It stays in the page even when empty so
 * screen readers announce the text that appears in it. Each new `version` is a new answer: the
 * message is drawn afresh (announced again even when the words are the same) and takes the focus,
 * because the form it answers has just been emptied and the focus would otherwise fall back to the
 * top of the page.
 */
export function SiteFormStatus({ message, version }: { message: string; version: number }) {
  const messageRef = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    if (version > 0) messageRef.current?.focus();
  }, [version]);
  return (
    <div role="status">
      {message ? (
        <p key={version} ref={messageRef} tabIndex={-1} className={`${styles.siteFormMessage} ${styles.siteFormMessageSuccess}`}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
