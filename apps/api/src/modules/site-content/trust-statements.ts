import { DEFAULT_TRUST_STATEMENTS, publicTrustStatements, TRUST_STATEMENT_KEYS, TrustStatementsSchema, type PublicTrustStatements, type TrustStatements } from '@landunits/domain';
import type { AdminTrustStatements } from '@landunits/domain/contracts';
import type { DbContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { parseInput } from '../../platform/http/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { readSettingRow, SettingsCache, writeSettingRow } from '../pricing';
import { siteContentChanged } from './content-changes';

/**
 * The regulatory and security statements (decision 0065), stored like the impact metrics: one row
 * of `settings` under the key `trust`, checked with the domain's schema on every read and write, its
 * `version` raised on every write. No row means the placeholders (DEFAULT_TRUST_STATEMENTS), which
 * the public site never shows. A stored row the schema refuses (a limit made smaller since) counts
 * as the placeholders too: the public site then shows nothing rather than failing every page.
 */

export const TRUST_SETTINGS_KEY = 'trust';

export interface StoredTrustStatements {
  statements: TrustStatements;
  /** What the public site shows of them. */
  shown: PublicTrustStatements;
  version: number;
  updatedAt: Date | null;
}

const stored = (statements: TrustStatements, version: number, updatedAt: Date | null): StoredTrustStatements => ({ statements, shown: publicTrustStatements(statements), version, updatedAt });

export async function loadTrustStatements(db: Db): Promise<StoredTrustStatements> {
  const row = await readSettingRow(db, TRUST_SETTINGS_KEY);
  if (!row) return stored(DEFAULT_TRUST_STATEMENTS, 0, null);
  const value = typeof row.value === 'object' && row.value !== null && !Array.isArray(row.value) ? row.value : {};
  const result = TrustStatementsSchema.safeParse({ ...DEFAULT_TRUST_STATEMENTS, ...value });
  return stored(result.success ? result.data : DEFAULT_TRUST_STATEMENTS, row.version, row.updatedAt);
}

/* Read by every public page (the footer): this process keeps the last read for the settings' TTL; a write here drops it at once. */
const trustCache = new SettingsCache(loadTrustStatements);

export async function currentTrustStatements(db: Db, now: Date): Promise<StoredTrustStatements> {
  return trustCache.current(db, now.getTime());
}

export const adminTrustView = (s: StoredTrustStatements): AdminTrustStatements => ({
  statements: s.statements,
  shown: Object.fromEntries(TRUST_STATEMENT_KEYS.map((k) => [k, s.shown[k] !== null])) as AdminTrustStatements['shown'],
  version: s.version,
  updatedAt: s.updatedAt?.toISOString() ?? null,
});

/**
 * Replaces the statements with `value` (400 `VALIDATION_FAILED` with a message per field, nothing
 * written). One transaction: the row (version + 1, who and when) and its audit row, before and
 * after; saving the same text again writes nothing. After the commit the server-rendered pages are
 * drawn again (their footer).
 */
export async function updateTrustStatements(ctx: DbContext, admin: AuditActor, value: unknown): Promise<StoredTrustStatements> {
  const next = parseInput(TrustStatementsSchema, value);
  const now = ctx.clock.now();
  const result = await inTransaction(ctx.db, async (tx) => {
    const previous = await readSettingRow(tx, TRUST_SETTINGS_KEY, { forUpdate: true });
    const before = previous ? await loadTrustStatements(tx) : null;
    if (before && JSON.stringify(before.statements) === JSON.stringify(next)) return { changed: false, value: before };
    const row = await writeSettingRow(tx, { key: TRUST_SETTINGS_KEY, value: next, adminId: admin.userId, now });
    if (!row) throw new Error('the trust statements upsert returned no row');
    await recordAudit(tx, {
      actor: admin,
      at: now,
      action: 'settings.trust.update',
      targetType: 'settings',
      targetId: TRUST_SETTINGS_KEY,
      before: previous?.value ?? null,
      after: next,
    });
    return { changed: true, value: stored(next, row.version, row.updatedAt) };
  });
  if (result.changed) {
    trustCache.forget(ctx.db);
    siteContentChanged();
  }
  return result.value;
}
