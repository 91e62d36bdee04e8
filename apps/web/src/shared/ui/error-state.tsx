import type { ReactNode } from 'react';
import { Button } from './button';
import * as styles from './feedback.module.css';

export interface ErrorStateProps {
  title?: string;
  message: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  headingLevel?: 1 | 2 | 3;
  /** What the reader can do, in place of Try again. */
  actions?: ReactNode;
  /** The heading's id: the state is then a section named by its heading (a panel standing for a page). */
  titleId?: string;
}

export function ErrorState({ title = 'Something went wrong', message, onRetry, retrying = false, headingLevel = 2, actions, titleId }: ErrorStateProps) {
  const Heading = `h${headingLevel}` as const;
  const Tag = titleId ? 'section' : 'div';
  const shownActions =
    actions ??
    (onRetry ? (
      <Button variant="secondary" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    ) : null);
  return (
    <Tag className={`${styles.state} ${styles.stateError}`} role="alert" aria-labelledby={titleId}>
      <Heading id={titleId} className={styles.stateTitle}>
        {title}
      </Heading>
      <p className={styles.stateMessage}>{message}</p>
      {shownActions ? <div className={styles.stateActions}>{shownActions}</div> : null}
    </Tag>
  );
}
