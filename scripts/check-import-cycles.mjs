// Import cycles over the TypeScript import graph, type-only imports included (import-x/no-cycle
// skips `import type`). Part of `npm run lint`: prints every cycle and exits 1 when there is one.
// Usage: node scripts/check-import-cycles.mjs [folder …] (default: every source folder of the repo).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_FOLDERS = ['packages/domain/src', 'apps/api/src', 'apps/web/src', 'e2e', 'bench', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', 'dist-server', 'migrations']);
const SOURCE = /\.(ts|tsx|mts)$/;

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const isFile = (file) => existsSync(file) && statSync(file).isFile();

/** The file a relative specifier names (`./x`, `./x.js`, `./dir`), or null for packages and assets. */
function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  const found = candidates.find((c) => SOURCE.test(c) && isFile(c));
  return found ?? null;
}

/** Every import, re-export and dynamic import of a file (type-only ones too). */
function importsOf(file) {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map((ref) => resolveSpecifier(file, ref.fileName)).filter((target) => target !== null);
}

/** Strongly connected components of more than one file (or a file importing itself), each as a cycle of paths. */
export function findImportCycles(folders = DEFAULT_FOLDERS, root = ROOT) {
  const files = folders.flatMap((folder) => sourceFiles(path.resolve(root, folder)));
  const graph = new Map(files.map((file) => [file, [...new Set(importsOf(file))]]));
  // Tarjan's algorithm, iterative so a long chain cannot overflow the stack.
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++];
        if (!graph.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) cycles.push(component.map((file) => path.relative(root, file)).sort());
      }
    }
  }
  return cycles;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folders = process.argv.slice(2);
  const cycles = findImportCycles(folders.length ? folders : DEFAULT_FOLDERS, folders.length ? process.cwd() : ROOT);
  for (const cycle of cycles) console.error(`Import cycle (type-only imports count): ${cycle.join(' ↔ ')}`);
  if (cycles.length) {
    console.error(`${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}: move the shared types or code into a file both sides import.`);
    process.exit(1);
  }
}
