import * as styles from './stepper.module.css';

export interface StepperProps {
  /** The steps' names, in order. */
  steps: readonly string[];
  /** The step the person is on (0-based). */
  current: number;
  /** What the steps are of, for screen readers: "Buying Units". */
  label: string;
}

/**
 * Where the person is in a flow and what is left: each step's name, the ones done ticked, the
 * current one marked (aria-current="step"). On a phone only "Step 2 of 5: Payment method" shows,
 * with a bar of the same progress.
 */
export function Stepper({ steps, current, label }: StepperProps) {
  const at = Math.min(Math.max(current, 0), steps.length - 1);
  return (
    <nav aria-label={label} className={styles.stepper}>
      <p className={styles.stepperSummary}>
        Step {at + 1} of {steps.length}: <strong>{steps[at]}</strong>
      </p>
      <div className={styles.stepperBar} aria-hidden="true">
        <span
          ref={(bar) => {
            // Set through the DOM, not a style attribute: the Content-Security-Policy allows no inline styles.
            if (bar) bar.style.width = `${((at + 1) / steps.length) * 100}%`;
          }}
        />
      </div>
      <ol className={styles.stepperList}>
        {steps.map((name, index) => {
          const state = index < at ? 'done' : index === at ? 'current' : 'todo';
          return (
            <li key={name} className={styles.stepperItem} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <span className={styles.stepperMark} aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span>
                {name}
                {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
