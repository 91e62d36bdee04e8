import type { ClientErrors } from './client';
import type { EmailFindings, MoneyFindings } from './check';
import type { Fleet, StopResult } from './instances';
import type { Op } from './load';

/** The chaos run's figures, printed for a person, and whether they pass. */

export interface Figures {
  seconds: number;
  ops: Op[];
  errors: ClientErrors;
  money: MoneyFindings;
  emails: EmailFindings;
  outbox: { pending: number; failed: number; done: number };
  reconcile: { ok: boolean; problems: unknown[] } | { ok: false; error: string };
  stops: { name: string; result: StopResult }[];
  unexpectedExits: Fleet['unexpectedExits'];
  terminated: number;
}

const LIST_AT_MOST = 10;

function list(title: string, items: string[]): string[] {
  if (items.length === 0) return [`  ${title}: 0`];
  return [`  ${title}: ${items.length}`, ...items.slice(0, LIST_AT_MOST).map((i) => `    - ${i}`), ...(items.length > LIST_AT_MOST ? [`    … and ${items.length - LIST_AT_MOST} more`] : [])];
}

export function failures(f: Figures): string[] {
  const out: string[] = [];
  if (f.money.lost.length) out.push(`${f.money.lost.length} acknowledged operation(s) lost`);
  if (f.money.duplicated.length) out.push(`${f.money.duplicated.length} duplicated money effect(s)`);
  if (f.emails.duplicates.graceful) out.push(`${f.emails.duplicates.graceful} duplicate email(s) from graceful stops`);
  if (!f.reconcile.ok) out.push('the ledger does not reconcile');
  return out;
}

export function render(f: Figures): string {
  const acknowledged = f.ops.filter((o) => o.ok).length;
  const byKind = new Map<string, { attempted: number; ok: number }>();
  for (const op of f.ops) {
    const k = byKind.get(op.kind) ?? { attempted: 0, ok: 0 };
    k.attempted += 1;
    k.ok += op.ok ? 1 : 0;
    byKind.set(op.kind, k);
  }
  const refused = new Map<string, number>();
  for (const op of f.ops.filter((o) => !o.ok)) {
    const key = `${op.phase}: ${op.kind} ${op.status ?? 'no answer'}`;
    refused.set(key, (refused.get(key) ?? 0) + 1);
  }
  const phases = Object.entries(f.errors.byPhase).map(([phase, kinds]) => {
    const total = Object.values(kinds).reduce((a, b) => a + b, 0);
    return `    ${phase}: ${total} (${Object.entries(kinds)
      .map(([k, n]) => `${k} ×${n}`)
      .join(', ')})`;
  });
  const reconcile =
    'error' in f.reconcile
      ? `could not run: ${f.reconcile.error}`
      : f.reconcile.ok
        ? 'ok (ledger sums, balances = entries, reservations)'
        : `${f.reconcile.problems.length} problem(s): ${JSON.stringify(f.reconcile.problems.slice(0, 3))}`;
  const fail = failures(f);
  return [
    '',
    `Chaos run: ${f.seconds.toFixed(0)} s`,
    `  Operations attempted: ${f.ops.length}, acknowledged: ${acknowledged}`,
    ...[...byKind].map(([kind, k]) => `    ${kind}: ${k.ok}/${k.attempted}`),
    `  Operations that failed for the customer (phase it started in: last answer): ${[...refused].map(([k, n]) => `${k} ×${n}`).join(', ') || 'none'}`,
    ...list('Lost (acknowledged but absent)', f.money.lost),
    ...list('Duplicated money effects', f.money.duplicated),
    `  Errors seen by clients, by phase (every failed attempt, before retries): ${phases.length ? '' : 'none'}`,
    ...phases,
    `  Emails received: ${f.emails.received}; outbox: ${f.outbox.done} sent, ${f.outbox.pending} pending, ${f.outbox.failed} failed`,
    `  Duplicate emails: graceful stops ${f.emails.duplicates.graceful}, SIGKILL ${f.emails.duplicates.sigkill}, database outages ${f.emails.duplicates.database}, steady ${f.emails.duplicates.steady}` +
      ` (same Message-ID ${f.emails.sameMessageId}, same recipient+subject+body under another Message-ID ${f.emails.sameContentOnly})`,
    `  SIGTERM stops: ${f.stops.map((s) => `${s.name} ${s.result.signal ?? `exit ${s.result.code}`} in ${(s.result.ms / 1000).toFixed(1)} s`).join(', ') || 'none'}`,
    `  Instances that exited on their own: ${f.unexpectedExits.length}${f.unexpectedExits.length ? ` (${f.unexpectedExits.map((e) => `${e.name} in ${e.phase}: ${e.signal ?? `exit ${e.code}`}`).join(', ')})` : ''}`,
    `  Database backends cut: ${f.terminated}`,
    `  Reconciliation: ${reconcile}`,
    '',
    fail.length ? `FAIL: ${fail.join('; ')}` : 'PASS: nothing lost, nothing applied twice, no duplicate email from a graceful stop, the ledger reconciles',
    '',
  ].join('\n');
}
