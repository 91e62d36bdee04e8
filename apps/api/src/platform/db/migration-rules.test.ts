import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client';
import { checkMigrations, contractingStatements } from './migration-rules';

/** Two migration folders: `previous` as released, `current` with the same files plus `added`, and `edited` replacing some. */
function folders(added: Record<string, string>, edited: Record<string, string> = {}): { previous: string; current: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'migration-rules-'));
  const previous = path.join(root, 'previous');
  const current = path.join(root, 'current');
  mkdirSync(previous);
  mkdirSync(current);
  for (const name of readdirSync(MIGRATIONS_DIR).filter((n) => n.endsWith('.sql'))) {
    const sql = readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8');
    writeFileSync(path.join(previous, name), sql);
    writeFileSync(path.join(current, name), edited[name] ?? sql);
  }
  for (const [name, sql] of Object.entries(added)) writeFileSync(path.join(current, name), sql);
  return { previous, current };
}

describe('the migration rules of a rolling upgrade', () => {
  it('accept a new migration that only adds: a table, a nullable column, a column with a default, an index', () => {
    const { previous, current } = folders({
      '0099_expand.sql': [
        'CREATE TABLE "payout_notes" ("id" text PRIMARY KEY NOT NULL, "note" text NOT NULL);',
        'ALTER TABLE "orders" ADD COLUMN "note" text;',
        'ALTER TABLE "orders" ADD COLUMN "reviewed" boolean DEFAULT false NOT NULL;',
        'CREATE INDEX "orders_note_idx" ON "orders" ("note");',
      ].join('\n--> statement-breakpoint\n'),
    });
    expect(checkMigrations(previous, current)).toEqual({ released: expect.any(Number), added: ['0099_expand.sql'] });
  });

  it.each([
    ['ALTER TABLE "orders" DROP COLUMN "note";', 'drops a column'],
    ['DROP TABLE "payout_notes";', 'drops a table'],
    ['ALTER TABLE "orders" RENAME COLUMN "note" TO "remark";', 'renames a table or column'],
    ['ALTER TABLE "orders" RENAME TO "purchases";', 'renames a table or column'],
    ['ALTER TABLE "orders" ALTER COLUMN "note" SET DATA TYPE varchar(20);', "changes a column's type"],
    ['ALTER TABLE "orders" ALTER COLUMN "note" SET NOT NULL;', 'makes a column required'],
    ['ALTER TABLE "orders" ADD COLUMN "note" text NOT NULL;', 'adds a required column with no default'],
    ['ALTER TABLE "orders" ALTER COLUMN "note" DROP DEFAULT;', "drops a column's default"],
    ['ALTER TABLE "orders" DROP CONSTRAINT "orders_note_check";', 'drops a constraint'],
    ['DROP INDEX "orders_note_idx";', 'drops an index'],
    ['DROP FUNCTION notify_order();', 'drops a function, sequence, schema or trigger'],
    ["ALTER TYPE \"order_status\" RENAME VALUE 'Paid' TO 'Settled';", "renames an enum's value"],
  ])('refuse %s in a new migration', (statement, what) => {
    const { previous, current } = folders({ '0099_contract.sql': statement });
    expect(() => checkMigrations(previous, current)).toThrow(`0099_contract.sql ${what}`);
  });

  it('accept a contracting statement that says why it is safe now', () => {
    const sql = '-- contract: "note" unused since the release that stopped writing it\nALTER TABLE "orders" DROP COLUMN "note";';
    expect(contractingStatements(sql)).toEqual([]);
    expect(contractingStatements(`ALTER TABLE "a" ADD COLUMN "b" text;\n--> statement-breakpoint\n${sql}\n--> statement-breakpoint\nDROP TABLE "c";`)).toEqual(['drops a table: DROP TABLE "c";']);
  });

  it('refuse an edited or removed released migration, naming every problem at once', () => {
    const first = readdirSync(MIGRATIONS_DIR).filter((n) => n.endsWith('.sql'))[0]!;
    const { previous, current } = folders({ '0099_contract.sql': 'DROP TABLE "c";' }, { [first]: '-- rewritten\n' });
    expect(() => checkMigrations(previous, current)).toThrow(new RegExp(`${first}: released, but edited since[\\s\\S]*0099_contract.sql drops a table`));
  });

  it('accept a constraint or unique index on a table the same migration creates, refuse one on a table that existed', () => {
    const created =
      'CREATE TABLE "notes" ("id" text PRIMARY KEY NOT NULL, "order_id" text);\n--> statement-breakpoint\nALTER TABLE "notes" ADD CONSTRAINT "notes_order_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id");\n--> statement-breakpoint\nCREATE UNIQUE INDEX "notes_order_idx" ON "notes" USING btree ("order_id");';
    expect(contractingStatements(created)).toEqual([]);
    expect(contractingStatements('ALTER TABLE "orders" ADD CONSTRAINT "orders_units_check" CHECK ("units" > 0);')).toEqual([
      'adds a constraint to an existing table: ALTER TABLE "orders" ADD CONSTRAINT "orders_units_check" CHECK ("units" > 0);',
    ]);
    expect(contractingStatements('CREATE UNIQUE INDEX "orders_ref_idx" ON "orders" USING btree ("reference");')).toEqual([
      'adds a unique index to an existing table: CREATE UNIQUE INDEX "orders_ref_idx" ON "orders" USING btree ("reference");',
    ]);
  });

  it('refuse a new journal entry dated before the released ones (the migrator would skip it), and a released entry removed', () => {
    const { previous, current } = folders({ '0099_expand.sql': 'ALTER TABLE "orders" ADD COLUMN "note" text;' });
    const released = readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8');
    const entries = (JSON.parse(released) as { entries: { idx: number; tag: string; when: number }[] }).entries;
    for (const dir of [previous, current]) mkdirSync(path.join(dir, 'meta'));
    writeFileSync(path.join(previous, 'meta', '_journal.json'), released);
    const withEntry = (when: number, keep = entries) => JSON.stringify({ entries: [...keep, { idx: 99, version: '7', when, tag: '0099_expand', breakpoints: true }] });

    writeFileSync(path.join(current, 'meta', '_journal.json'), withEntry(entries.at(-1)!.when + 1));
    expect(checkMigrations(previous, current).added).toEqual(['0099_expand.sql']);
    writeFileSync(path.join(current, 'meta', '_journal.json'), withEntry(entries.at(-1)!.when - 1, entries.slice(1)));
    expect(() => checkMigrations(previous, current)).toThrow(new RegExp(`${entries[0]!.tag}: released, but gone from the journal[\\s\\S]*0099_expand: its journal time is not after`));
  });
});
