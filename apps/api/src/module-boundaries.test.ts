import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries `npm run lint` enforces (docs/decisions/0010-module-boundaries.md): each
 * check is shown failing on a planted violation. The real tree passing them is `npm run lint`'s
 * own job (CI's lint step), not repeated here: ESLint over the whole API tree took a minute of a
 * test worker on a busy machine.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const modulesDir = path.join(repoRoot, 'apps/api/src/modules');
const BOUNDARY_RULE = 'import-x/no-restricted-paths';
const run = promisify(execFile);

let eslint: ESLint;
beforeAll(() => {
  // The repository's own eslint.config.js, with only the boundary rule switched on.
  eslint = new ESLint({ cwd: repoRoot, ruleFilter: ({ ruleId }) => ruleId === BOUNDARY_RULE });
});

async function boundaryErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === BOUNDARY_RULE).map((m) => m.message);
}

describe('module boundaries (lint)', () => {
  it('fails a module importing another module’s file instead of its index', async () => {
    const errors = await boundaryErrors("import { createOrder } from '../orders/create-order';\nexport const planted = createOrder;\n", 'apps/api/src/modules/dashboard/planted-breach.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('only through its index.ts');
  });

  it('fails a type-only import of another module’s file too', async () => {
    const errors = await boundaryErrors("import type { Customer } from '../orders/order-types';\nexport type Planted = Customer;\n", 'apps/api/src/modules/holdings/planted-breach.ts');
    expect(errors).toHaveLength(1);
  });

  it('fails a module importing another module’s tables, directly or through the gathered schema', async () => {
    const direct = await boundaryErrors("import { orders } from '../orders/schema';\nexport const planted = orders;\n", 'apps/api/src/modules/dashboard/planted-breach.ts');
    const gathered = await boundaryErrors("import { orders } from '../../schema';\nexport const planted = orders;\n", 'apps/api/src/modules/dashboard/planted-breach.ts');
    expect(direct).toHaveLength(1);
    expect(gathered).toHaveLength(1);
    expect(gathered[0]).toContain("its own './schema'");
  });

  it('lets a module use another through its index, and its own tables', async () => {
    const errors = await boundaryErrors(
      "import { balancesOf } from '../ledger';\nimport { holdingCosts } from './schema';\nexport const fine = [balancesOf, holdingCosts];\n",
      'apps/api/src/modules/holdings/planted-fine.ts',
    );
    expect(errors).toEqual([]);
  });

  it('fails platform code importing every table (src/schema.ts), which would make it depend on the modules', async () => {
    const errors = await boundaryErrors("import { orders } from '../../schema';\nexport const planted = orders;\n", 'apps/api/src/platform/http/planted-breach.ts');
    expect(errors).toEqual([expect.stringContaining('Platform code uses its own tables')]);
  });

  it('fails platform code importing a module', async () => {
    const errors = await boundaryErrors("import { balancesOf } from '../../modules/ledger';\nexport const planted = balancesOf;\n", 'apps/api/src/platform/http/planted-breach.ts');
    expect(errors).toEqual([expect.stringContaining('Platform code never imports modules')]);
  });
});

describe('module tables', () => {
  it('are all gathered by src/schema.ts, so migrations see every module’s schema.ts', async () => {
    const gathered = await readFile(path.join(repoRoot, 'apps/api/src/schema.ts'), 'utf8');
    const modules = await readdir(modulesDir, { withFileTypes: true });
    const owners: string[] = [];
    for (const entry of modules.filter((m) => m.isDirectory())) {
      const has = await readdir(path.join(modulesDir, entry.name));
      if (has.includes('schema.ts')) owners.push(entry.name);
    }
    expect(owners).toContain('orders');
    expect(owners.filter((name) => !gathered.includes(`export * from './modules/${name}/schema';`))).toEqual([]);
  });
});

describe('import cycles (scripts/check-import-cycles.mjs)', () => {
  const script = path.join(repoRoot, 'scripts/check-import-cycles.mjs');

  it('fails on a planted cycle made only of type imports', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'planted-cycle-'));
    try {
      await writeFile(path.join(dir, 'order.ts'), "import type { Buyer } from './buyer';\nexport interface Order { buyer: Buyer }\n");
      await writeFile(path.join(dir, 'buyer.ts'), "import type { Order } from './order';\nexport interface Buyer { orders: Order[] }\n");
      await writeFile(path.join(dir, 'leaf.ts'), "import type { Order } from './order';\nexport type Leaf = Order;\n");
      const failure = await run(process.execPath, [script, dir], { cwd: repoRoot }).then(
        () => null,
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toMatch(/Import cycle .*buyer\.ts ↔ .*order\.ts/);
      expect(failure?.stderr).not.toContain('leaf.ts');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
