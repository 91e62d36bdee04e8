import type { ReactNode } from 'react';
import * as styles from './feedback.module.css';

export interface EmptyStateProps {
  title: string;
  message?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}

export function EmptyState({ title, message, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={styles.state}>
      <Heading className={styles.stateTitle}>{title}</Heading>
      {message ? <p className={styles.stateMessage}>{message}</p> : null}
      {action ? <div className={styles.stateActions}>{action}</div> : null}
    </div>
  );
}
