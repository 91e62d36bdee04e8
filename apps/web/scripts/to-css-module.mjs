#!/usr/bin/env node
/**
 * Moves a global stylesheet of the web app to a CSS module (docs/architecture.md, "Styles").
 *
 *   node apps/web/scripts/to-css-module.mjs features/dev-mail/dev-mail.css [more.css…]
 *
 * For each stylesheet (path under apps/web/src):
 * - renames it `<name>.module.css`, with its type declaration (scripts/css-module-types.mjs); a class it defines that another global stylesheet also
 *   defines stays global, written `:global(.name)` (listed, to settle by hand);
 * - rewrites `className="…"` and `className={'…'}` in the app's .tsx files: its own classes become
 *   `styles.camelName` (one class) or a template of the module's and the remaining global names;
 * - turns `import './name.css'` into `import styles from './name.module.css'`, and adds that import
 *   (named after the file) where another file uses its classes;
 * - prints every remaining mention of its classes in code (built names, conditions, tests) to
 *   move by hand.
 * Run prettier and the stylesheet test afterwards.
 */
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { declarationOf } from './css-module-types.mjs';

const SRC = join(import.meta.dirname, '../src');
const files = (dir, test) => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name), test) : test(entry.name) ? [join(dir, entry.name)] : []));

const stripComments = (css) => css.replace(/\/\*[\s\S]*?\*\//g, '');
function definedClasses(css) {
  const found = new Set();
  for (const [, selector] of stripComments(css).matchAll(/([^{};]+)\{/g)) {
    if (selector.trim().startsWith('@')) continue;
    const local = selector.replace(/:global\([^)]*\)/g, ' ');
    for (const [, name] of local.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) found.add(name);
  }
  return found;
}
const camel = (name) => name.replace(/^-+/, '').replace(/[-_]+(\w)/g, (_, c) => c.toUpperCase());

for (const target of process.argv.slice(2)) {
  const cssPath = join(SRC, target);
  const css = readFileSync(cssPath, 'utf8');
  const own = definedClasses(css);
  const others = new Set(
    files(SRC, (name) => name.endsWith('.css') && !name.endsWith('.module.css'))
      .filter((file) => file !== cssPath)
      .flatMap((file) => [...definedClasses(readFileSync(file, 'utf8'))]),
  );
  // Classes a library renders (Recharts) stay global: the module only styles them in context.
  const shared = [...own].filter((name) => others.has(name) || name.startsWith('recharts-'));
  const local = [...own].filter((name) => !shared.includes(name));
  const camels = new Map();
  for (const name of local) {
    const key = camel(name);
    if (camels.has(key) && camels.get(key) !== name) throw new Error(`${target}: .${name} and .${camels.get(key)} both read as ${key}`);
    camels.set(key, name);
  }

  // The stylesheet: shared classes stay global.
  let moduleCss = css;
  if (shared.length) {
    const pattern = new RegExp(`\\.(${shared.map((n) => n.replace(/[-]/g, '\\-')).join('|')})(?![\\w-])`, 'g');
    moduleCss = moduleCss.replace(/([^{};]+)\{/g, (rule, selector) => (selector.trim().startsWith('@') || selector.includes(':global') ? rule : rule.replace(pattern, ':global(.$1)')));
  }
  const modulePath = cssPath.replace(/\.css$/, '.module.css');
  writeFileSync(modulePath, moduleCss);
  writeFileSync(modulePath.replace(/\.module\.css$/, '.module.d.css.ts'), declarationOf(modulePath, moduleCss));
  rmSync(cssPath);

  const localSet = new Set(local);
  const binding = `${camel(basename(target, '.css'))}Styles`;
  const leftovers = [];
  for (const file of files(SRC, (name) => /\.(tsx|ts)$/.test(name))) {
    let code = readFileSync(file, 'utf8');
    // The file's own import of this stylesheet (not another stylesheet of the same name).
    const importsIt = [...code.matchAll(/import '(\.{1,2}\/[^']*\.css)';/g)].find((match) => join(dirname(file), match[1]) === cssPath);
    // A file beside the stylesheet reads it as `styles`, unless that name is taken there.
    const stylesTaken = /\bimport \* as styles from /.test(code);
    const name = (importsIt || dirname(file) === dirname(modulePath)) && !stylesTaken ? 'styles' : binding;
    let used = false;
    code = code.replace(/className=(?:"([^"]*)"|\{'([^']*)'\})/g, (whole, a, b) => {
      const tokens = (a ?? b).split(/\s+/).filter(Boolean);
      if (!tokens.some((t) => localSet.has(t))) return whole;
      used = true;
      const parts = tokens.map((t) => (localSet.has(t) ? `\${${name}.${camel(t)}}` : t));
      if (tokens.length === 1) return `className={${name}.${camel(tokens[0])}}`;
      return `className={\`${parts.join(' ')}\`}`;
    });
    const rel = relative(dirname(file), modulePath).replaceAll('\\', '/');
    const spec = rel.startsWith('.') ? rel : `./${rel}`;
    if (importsIt) code = code.replace(importsIt[0], `import * as ${name} from '${spec}';`);
    else if (used) {
      const lastImport = [...code.matchAll(/^import [^;]*;$/gms)].at(-1);
      const at = lastImport ? lastImport.index + lastImport[0].length : 0;
      code = `${code.slice(0, at)}\nimport * as ${name} from '${spec}';${code.slice(at)}`;
    }
    if (importsIt || used) writeFileSync(file, code);
    const lines = code.split('\n');
    lines.forEach((line, i) => {
      if (/^\s*(import|\/\/|\*)/.test(line)) return;
      for (const cls of local)
        if (new RegExp(`(?<![\\w-])${cls.replace(/-/g, '\\-')}(?![\\w-])`).test(line.replace(/styles\.\w+/g, '')))
          leftovers.push(`${relative(SRC, file)}:${i + 1}: ${cls}: ${line.trim().slice(0, 140)}`);
    });
  }
  console.log(`${target} → ${relative(SRC, modulePath)}: ${local.length} local classes, ${shared.length} kept global${shared.length ? ` (${shared.join(', ')})` : ''}`);
  for (const line of leftovers) console.log(`  by hand: ${line}`);
}
