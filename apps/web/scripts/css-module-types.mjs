#!/usr/bin/env node
/**
 * Writes each CSS module's type declaration beside it (`x.module.css` → `x.module.d.css.ts`), so
 * `styles.someClass` (the module imported as a namespace) is checked by the compiler: a class the stylesheet does not define is a type
 * error, and each class is a `string`. `npm run css-types -w apps/web` (every module) or
 * `node apps/web/scripts/css-module-types.mjs <file.module.css…>`; the stylesheet test fails when a
 * declaration is missing or out of date.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const SRC = join(import.meta.dirname, '../src');

/** The classes a module defines (outside `:global()`), as the code reads them: camel case. */
export function moduleClasses(css) {
  const found = new Set();
  for (const [, selector] of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{};]+)\{/g)) {
    if (selector.trim().startsWith('@')) continue;
    for (const [, name] of selector.replace(/:global\([^)]*\)/g, ' ').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) found.add(name.replace(/^-+/, '').replace(/[-_]+(\w)/g, (_, c) => c.toUpperCase()));
  }
  return [...found].sort();
}

/**
 * Each class as a named export: the code imports a module as a namespace (`import * as styles`),
 * so the build keeps only the class names a chunk reads, inlined, with no map of names to ship.
 */
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await'.split(
    ' ',
  ),
);

export function declarationOf(file, css) {
  const reserved = moduleClasses(css).filter((key) => RESERVED.has(key));
  if (reserved.length) throw new Error(`${file}: rename .${reserved.join(', .')}: a class is read as a name of the code, and this one is a reserved word`);
  const names = moduleClasses(css).map((key) => `export declare const ${key}: string;\n`);
  return `// The classes of ${basename(file)}, written by apps/web/scripts/css-module-types.mjs.\n${names.join('')}`;
}

const modules = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? modules(join(dir, entry.name)) : entry.name.endsWith('.module.css') ? [join(dir, entry.name)] : []));

if (process.argv[1] === import.meta.filename) {
  const files = process.argv.length > 2 ? process.argv.slice(2).map((file) => (file.startsWith('/') ? file : join(process.cwd(), file))) : modules(SRC);
  for (const file of files) writeFileSync(file.replace(/\.module\.css$/, '.module.d.css.ts'), declarationOf(file, readFileSync(file, 'utf8')));
  console.log(`${files.length} CSS module declarations written`);
}
