import { useEffect, useRef } from 'react';

export type StreamHandlers = Readonly<Record<string, (data: unknown, id: string) => void>>;

/** How long to wait before opening a stream again that the server ended with an error answer. */
const RETRY_MS = 5_000;

/**
 * Listens to a server-sent event stream while `url` is set. The browser's EventSource reconnects
 * by itself after a dropped connection and sends Last-Event-ID, so the server replays what was
 * missed; if the server refused the stream (the EventSource gave up), it is opened again after a
 * pause from `?after=` the last event id seen. Handlers may change without reopening the stream.
 */
export function useEventStream(url: string | null, after: number, handlers: StreamHandlers, key: string | number = ''): void {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  const lastId = useRef('');

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    lastId.current = after > 0 ? String(after) : '';
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const open = () => {
      const address = lastId.current ? `${url}${url.includes('?') ? '&' : '?'}after=${encodeURIComponent(lastId.current)}` : url;
      source = new EventSource(address, { withCredentials: true });
      for (const name of Object.keys(handlersRef.current)) {
        source.addEventListener(name, (event) => {
          const message = event as MessageEvent<string>;
          if (message.lastEventId) lastId.current = message.lastEventId;
          let data: unknown;
          try {
            data = JSON.parse(message.data);
          } catch {
            return;
          }
          handlersRef.current[name]?.(data, message.lastEventId);
        });
      }
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        timer = setTimeout(open, RETRY_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
    // A new starting point or key (another conversation) starts the stream again.
  }, [url, after, key]);
}
