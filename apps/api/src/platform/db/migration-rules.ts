import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The migration rules of a rolling upgrade (docs/operations.md, "Upgrades and rollbacks"):
 * - a released migration is never edited (the migrator applies each file once, by its place in
 *   the journal, so an edit would never reach a database that already has it);
 * - a new migration only expands the schema, so the previous release keeps working on it while
 *   both run. A statement that takes away or changes what the previous release reads or writes
 *   (dropping or renaming a table or column, changing a column's type, making a column required)
 *   belongs in a later release, once no running release uses it, and says so with a
 *   `-- contract: <why it is safe now>` line in the same statement.
 */

const CONTRACTING: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\bdrop\s+table\b/i, what: 'drops a table' },
  { pattern: /\bdrop\s+column\b/i, what: 'drops a column' },
  { pattern: /\bdrop\s+view\b/i, what: 'drops a view' },
  { pattern: /\bdrop\s+type\b/i, what: 'drops a type' },
  { pattern: /\brename\s+(column\s+)?\S+\s+to\b|\brename\s+to\b/i, what: 'renames a table or column' },
  { pattern: /\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/i, what: "changes a column's type" },
  { pattern: /\bset\s+not\s+null\b/i, what: 'makes a column required' },
  { pattern: /\badd\s+column\b(?![^;]*\bdefault\b)[^;]*\bnot\s+null\b/i, what: 'adds a required column with no default' },
];

/** Each statement of a migration file (drizzle separates them with `--> statement-breakpoint`). */
function statements(sql: string): string[] {
  return sql
    .split(/-->\s*statement-breakpoint/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** What `sql` does that the previous release could not live with, statement by statement, unless marked `-- contract:`. */
export function contractingStatements(sql: string): string[] {
  const found: string[] = [];
  for (const statement of statements(sql)) {
    if (/^\s*--\s*contract:\s*\S/im.test(statement)) continue;
    const code = statement.replace(/--.*$/gm, '');
    for (const { pattern, what } of CONTRACTING) if (pattern.test(code)) found.push(`${what}: ${code.trim().split('\n')[0]!.slice(0, 160)}`);
  }
  return found;
}

function sqlFiles(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]),
  );
}

/** Checks this release's migrations against the previous release's; throws with every problem at once. */
export function checkMigrations(previousDir: string, currentDir: string): { released: number; added: string[] } {
  const before = sqlFiles(previousDir);
  const now = sqlFiles(currentDir);
  const problems: string[] = [];
  for (const [name, sql] of before) {
    if (!now.has(name)) problems.push(`${name}: released, but gone from this release`);
    else if (now.get(name) !== sql) problems.push(`${name}: released, but edited since (add a new migration instead)`);
  }
  const added = [...now.keys()].filter((name) => !before.has(name));
  for (const name of added) for (const found of contractingStatements(now.get(name)!)) problems.push(`${name} ${found}`);
  if (problems.length > 0) throw new Error(`migrations unfit for a rolling upgrade:\n  ${problems.join('\n  ')}`);
  return { released: before.size, added };
}
