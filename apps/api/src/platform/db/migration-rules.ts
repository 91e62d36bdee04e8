import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
  { pattern: /\bdrop\s+default\b/i, what: "drops a column's default" },
  { pattern: /\bdrop\s+constraint\b/i, what: 'drops a constraint' },
  { pattern: /\bdrop\s+index\b/i, what: 'drops an index' },
  { pattern: /\bdrop\s+(function|sequence|schema|trigger)\b/i, what: 'drops a function, sequence, schema or trigger' },
  { pattern: /\brename\s+value\b/i, what: "renames an enum's value" },
];

/**
 * Statements that can refuse what the previous release writes: a new constraint or unique index on
 * a table that existed before (on a table the same migration creates, they are part of the expand).
 */
const RESTRICTING: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\balter\s+table\s+(?:only\s+)?(?:if\s+exists\s+)?("?[\w.]+"?)[^;]*\badd\s+constraint\b/i, what: 'adds a constraint to an existing table' },
  { pattern: /\bcreate\s+unique\s+index\b[^;]*?\bon\s+(?:only\s+)?("?[\w.]+"?)/i, what: 'adds a unique index to an existing table' },
];

const tableName = (quoted: string) =>
  quoted
    .replace(/"/g, '')
    .replace(/^public\./, '')
    .toLowerCase();

/** The tables `sql` creates. */
function createdTables(sql: string): Set<string> {
  return new Set([...sql.matchAll(/\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?("?[\w.]+"?)/gi)].map((m) => tableName(m[1]!)));
}

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
  const created = createdTables(sql.replace(/--.*$/gm, ''));
  for (const statement of statements(sql)) {
    if (/^\s*--\s*contract:\s*\S/im.test(statement)) continue;
    const code = statement.replace(/--.*$/gm, '');
    const line = code.trim().split('\n')[0]!.slice(0, 160);
    for (const { pattern, what } of CONTRACTING) if (pattern.test(code)) found.push(`${what}: ${line}`);
    for (const { pattern, what } of RESTRICTING) {
      const table = pattern.exec(code)?.[1];
      if (table && !created.has(tableName(table))) found.push(`${what}: ${line}`);
    }
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

interface JournalEntry {
  tag: string;
  when: number;
}

function journal(dir: string): JournalEntry[] | null {
  const file = path.join(dir, 'meta', '_journal.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries : null;
}

/**
 * The migrator applies a journal entry only when its `when` is later than the last one a database
 * recorded: a new entry dated earlier than a released one would be skipped on every database that
 * has the release. Released entries must stay.
 */
function journalProblems(previousDir: string, currentDir: string): string[] {
  const before = journal(previousDir);
  const now = journal(currentDir);
  if (!before || !now) return [];
  const problems: string[] = [];
  const released = new Set(before.map((e) => e.tag));
  for (const tag of released) if (!now.some((e) => e.tag === tag)) problems.push(`${tag}: released, but gone from the journal`);
  const latest = Math.max(0, ...before.map((e) => e.when));
  for (const entry of now.filter((e) => !released.has(e.tag)))
    if (entry.when <= latest) problems.push(`${entry.tag}: its journal time is not after the previous release's last migration, so the migrator would skip it`);
  return problems;
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
  problems.push(...journalProblems(previousDir, currentDir));
  const added = [...now.keys()].filter((name) => !before.has(name));
  for (const name of added) for (const found of contractingStatements(now.get(name)!)) problems.push(`${name} ${found}`);
  if (problems.length > 0) throw new Error(`migrations unfit for a rolling upgrade:\n  ${problems.join('\n  ')}`);
  return { released: before.size, added };
}
