import type { ReactNode } from 'react';
import { Button } from './button';
import './feedback.css';

export interface ErrorStateProps {
  title?: string;
  message: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  headingLevel?: 1 | 2 | 3;
}

export function ErrorState({ title = 'Something went wrong', message, onRetry, retrying = false, headingLevel = 2 }: ErrorStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="state state--error" role="alert">
      <Heading className="state__title">{title}</Heading>
      <p className="state__message">{message}</p>
      {onRetry ? (
        <div className="state__actions">
          <Button variant="secondary" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        </div>
      ) : null}
    </div>
  );
}
