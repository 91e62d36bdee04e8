import { DOCUMENT_CONTRACTS, type DocumentProgress } from '@landunits/domain/contracts';
import { useEffect, useState } from 'react';
import { call } from '../api';

/**
 * While `active` (a download is under way), asks the server once a second where the person's
 * document stands: waiting for its turn (behind how many), or being drawn. Null until the first
 * answer, and whenever not active; a failed ask changes nothing (the download says what went wrong).
 */
export function useDocumentProgress(active: boolean, everyMs = 1000): DocumentProgress | null {
  const [progress, setProgress] = useState<DocumentProgress | null>(null);
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const ask = async () => {
      try {
        const answer = await call(DOCUMENT_CONTRACTS.documentProgress);
        if (!stopped) setProgress(answer);
      } catch {
        // The download itself reports failures.
      }
    };
    void ask();
    const timer = setInterval(() => void ask(), everyMs);
    return () => {
      stopped = true;
      clearInterval(timer);
      setProgress(null);
    };
  }, [active, everyMs]);
  return progress;
}

/** "Waiting for its turn (2 ahead)…", "Being drawn…": what a person reads while a document is made. */
export function progressText(progress: DocumentProgress | null, what: string): string {
  if (progress?.state === 'queued') {
    const ahead = progress.ahead === 0 ? 'next in line' : `${progress.ahead} ${progress.ahead === 1 ? 'document' : 'documents'} ahead`;
    return `Queued: your ${what} waits for its turn (${ahead})…`;
  }
  if (progress?.state === 'rendering') return `Rendering your ${what}…`;
  return `Preparing your ${what}…`;
}
