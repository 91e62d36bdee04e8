import type { ReactNode } from 'react';
import './feedback.css';

export interface EmptyStateProps {
  title: string;
  message?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}

export function EmptyState({ title, message, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="state">
      <Heading className="state__title">{title}</Heading>
      {message ? <p className="state__message">{message}</p> : null}
      {action ? <div className="state__actions">{action}</div> : null}
    </div>
  );
}
