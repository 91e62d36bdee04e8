import type { ReactNode } from 'react';
import * as styles from './audit.module.css';

/**
 * What an action changed: before → after, key by key. Changed keys come first and are marked;
 * unchanged ones fold away, and so do long values (JSON over a line) and long lists of changes.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface DiffLine {
  key: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** The lines of a change: keys of both sides (a plain value is one line named "value"). */
export function diffLines(before: unknown, after: unknown): DiffLine[] {
  if ((before == null || isRecord(before)) && (after == null || isRecord(after)) && (before != null || after != null)) {
    const b = before ?? {};
    const a = after ?? {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys.map((key) => ({
      key,
      before: before == null ? undefined : b[key],
      after: after == null ? undefined : a[key],
      changed: JSON.stringify(b[key]) !== JSON.stringify(a[key]) || before == null || after == null,
    }));
  }
  if (before == null && after == null) return [];
  return [{ key: 'value', before, after, changed: JSON.stringify(before) !== JSON.stringify(after) }];
}

const SHORT = 60;
const SHOWN_CHANGES = 6;

function Value({ value }: { value: unknown }) {
  if (value === undefined) return <span className={styles.auditDiffNone}>—</span>;
  if (value === null) return <span className={styles.auditDiffNone}>none</span>;
  if (value === '') return <span className={styles.auditDiffNone}>empty</span>;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text.length <= SHORT) return <span>{text}</span>;
  return (
    <details className={styles.auditDiffLong}>
      <summary>{`${text.slice(0, 40)}…`}</summary>
      <pre>{typeof value === 'string' ? value : JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

function Line({ line, side }: { line: DiffLine; side: 'both' | 'after' | 'before' }) {
  let change: ReactNode;
  if (!line.changed) {
    change = (
      <>
        <Value value={line.after} />
        <span className="visually-hidden"> (unchanged)</span>
      </>
    );
  } else if (side === 'after') {
    // Nothing before: the values set, without an arrow from nothing.
    change = (
      <ins>
        <Value value={line.after} />
      </ins>
    );
  } else if (side === 'before') {
    change = (
      <del>
        <span className="visually-hidden">removed: </span>
        <Value value={line.before} />
      </del>
    );
  } else {
    change = (
      <>
        <del>
          <span className="visually-hidden">before: </span>
          <Value value={line.before} />
        </del>
        <span aria-hidden="true"> → </span>
        <ins>
          <span className="visually-hidden">, after: </span>
          <Value value={line.after} />
        </ins>
      </>
    );
  }
  return (
    <li className={line.changed ? `${styles.auditDiffLine} ${styles.auditDiffLineChanged}` : styles.auditDiffLine}>
      <span className={styles.auditDiffKey}>{line.key}</span>
      <span>{change}</span>
    </li>
  );
}

function Fold({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className={styles.auditDiffFold}>
      <summary>{summary}</summary>
      <ul className={styles.auditDiff}>{children}</ul>
    </details>
  );
}

/** Before → after of one audit row. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const lines = diffLines(before, after);
  if (lines.length === 0) return <span className="muted">No details</span>;
  const changed = lines.filter((line) => line.changed);
  const same = lines.filter((line) => !line.changed);
  const shown = changed.slice(0, SHOWN_CHANGES);
  const side = before == null ? 'after' : after == null ? 'before' : 'both';
  const more = changed.slice(SHOWN_CHANGES);
  return (
    <div className={styles.auditChange}>
      {before == null ? <p className={styles.auditChangeNote}>New: nothing before</p> : null}
      {after == null ? <p className={styles.auditChangeNote}>Removed: nothing after</p> : null}
      {shown.length > 0 ? (
        <ul className={styles.auditDiff} aria-label="Changed">
          {shown.map((line) => (
            <Line key={line.key} line={line} side={side} />
          ))}
        </ul>
      ) : (
        <p className={styles.auditChangeNote}>Nothing changed</p>
      )}
      {more.length > 0 ? (
        <Fold summary={`${more.length} more changed`}>
          {more.map((line) => (
            <Line key={line.key} line={line} side={side} />
          ))}
        </Fold>
      ) : null}
      {same.length > 0 ? (
        <Fold summary={`${same.length} unchanged`}>
          {same.map((line) => (
            <Line key={line.key} line={line} side={side} />
          ))}
        </Fold>
      ) : null}
    </div>
  );
}
