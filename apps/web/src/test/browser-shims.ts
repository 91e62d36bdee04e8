/** Minimal stand-ins for browser features jsdom does not implement. */

let viewportWidth = 1280;
const mediaLists = new Set<{ query: string; notify: () => void }>();

function evaluate(query: string): boolean {
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  if (max && viewportWidth > Number(max[1])) return false;
  if (min && viewportWidth < Number(min[1])) return false;
  return Boolean(max || min);
}

/** Pretends the viewport is this wide; media-query listeners are told. */
export function setViewportWidth(width: number): void {
  viewportWidth = width;
  for (const list of mediaLists) list.notify();
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => {
    const listeners = new Set<(event: MediaQueryListEvent) => void>();
    let last = evaluate(query);
    const list = {
      media: query,
      get matches() {
        return evaluate(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
        listeners.add(listener);
        entry.active = true;
      },
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
        listeners.delete(listener);
      },
      addListener: (listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
      dispatchEvent: () => true,
    };
    const entry = {
      query,
      active: false,
      notify: () => {
        const now = evaluate(query);
        if (now === last) return;
        last = now;
        for (const listener of listeners) listener({ matches: now, media: query } as MediaQueryListEvent);
      },
    };
    mediaLists.add(entry);
    return list as unknown as MediaQueryList;
  };
}

/** open/show/showModal/close for <dialog>, with the close event browsers fire. */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __modal?: boolean };
  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (!this.isConnected) throw new DOMException('The dialog is not connected', 'InvalidStateError');
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
