import { useLayoutEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import * as styles from './tabs.module.css';

export interface TabItem {
  id: string;
  label: string;
  panel: ReactNode;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  selectedId?: string;
  defaultSelectedId?: string;
  onSelect?: (id: string) => void;
  className?: string;
  /** Extra class on the tab list (e.g. a page's wrapping list). */
  listClassName?: string;
  /** Extra class on each tab. */
  tabClassName?: string;
  /** Focus the selected tab when the tabs appear (e.g. as a dialog's content). */
  autoFocus?: boolean;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move and select, Home/End jump to the ends,
 * only the selected tab is in the tab order (roving tabindex).
 */
export function Tabs({ tabs, label, selectedId, defaultSelectedId, onSelect, className, listClassName, tabClassName, autoFocus = false }: TabsProps) {
  const baseId = useId();
  const [internal, setInternal] = useState(defaultSelectedId ?? tabs[0]?.id);
  const current = selectedId ?? internal;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  useLayoutEffect(() => {
    if (autoFocus && current) tabRefs.current.get(current)?.focus();
    // Only when the tabs appear.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const select = (id: string, focus: boolean) => {
    if (selectedId === undefined) setInternal(id);
    onSelect?.(id);
    if (focus) tabRefs.current.get(id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((t) => t.id === current);
    let next: number | undefined;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % tabs.length;
        break;
      case 'ArrowLeft':
        next = (index - 1 + tabs.length) % tabs.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = tabs.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const target = tabs[next];
    if (target) select(target.id, true);
  };

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className={[styles.tabsList, listClassName].filter(Boolean).join(' ')}>
        {tabs.map((tab) => {
          const selected = tab.id === current;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              tabIndex={selected ? 0 : -1}
              data-autofocus={autoFocus && selected ? '' : undefined}
              className={[styles.tabsTab, tabClassName].filter(Boolean).join(' ')}
              onClick={() => select(tab.id, false)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={panelId(tab.id)} aria-labelledby={tabId(tab.id)} tabIndex={0} hidden={tab.id !== current} className={styles.tabsPanel}>
          {tab.id === current ? tab.panel : null}
        </div>
      ))}
    </div>
  );
}
