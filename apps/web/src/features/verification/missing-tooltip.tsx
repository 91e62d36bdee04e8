import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import * as styles from './settings.module.css';

/** SPEC §9: the first 6 items, then Show More / Show Less; shown at once, hidden after 50 ms. */
export const TOOLTIP_FIRST_ITEMS = 6;
export const TOOLTIP_HIDE_DELAY_MS = 50;

/**
 * What a verification still needs, in a tooltip on a small button. It opens on hover, on keyboard
 * focus and on a tap; Escape closes it; the list scrolls past 220 px. The button is described by
 * the tooltip while it is open.
 */
export function MissingTooltip({ items, subject }: { items: readonly string[]; subject: string }) {
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wrapper = useRef<HTMLSpanElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  /** Set while Escape hands the focus back to the button, which must not open the tooltip again. */
  const quiet = useRef(false);
  const id = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    if (quiet.current) return;
    clearTimeout(timer.current);
    setOpen(true);
  };
  const hideSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), TOOLTIP_HIDE_DELAY_MS);
  };
  const onBlur = (event: FocusEvent) => {
    if (!wrapper.current?.contains(event.relatedTarget as Node | null)) hideSoon();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    clearTimeout(timer.current);
    setOpen(false);
    quiet.current = true;
    trigger.current?.focus();
    quiet.current = false;
  };

  if (items.length === 0) return null;
  const shown = expanded ? items : items.slice(0, TOOLTIP_FIRST_ITEMS);
  const tooltipId = `missing-${id}`;

  return (
    <span ref={wrapper} className={styles.missingTip} onMouseEnter={show} onMouseLeave={hideSoon} onFocus={show} onBlur={onBlur} onKeyDown={onKeyDown}>
      <button ref={trigger} type="button" className={styles.missingTipTrigger} aria-describedby={open ? tooltipId : undefined} onClick={show}>
        What is missing ({items.length})<span className="visually-hidden"> for {subject}</span>
      </button>
      {open ? (
        <span id={tooltipId} role="tooltip" className={styles.missingTipBubble}>
          <span className={styles.missingTipTitle}>Still needed:</span>
          <ul className={styles.missingTipList}>
            {shown.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          {items.length > TOOLTIP_FIRST_ITEMS ? (
            <button type="button" className={styles.missingTipMore} aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
              {expanded ? 'Show Less' : 'Show More'}
            </button>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}
