import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The rules of docs/architecture.md's "Styles": a component's styles are a CSS module next to it;
 * the one global stylesheet holds the design tokens, the base elements and a few utilities; no
 * colour is written outside the tokens. The global stylesheets still to become modules are listed
 * here, and the list only shrinks.
 */
const SRC = join(import.meta.dirname, '../..');
const TOKENS = 'shared/styles/global.css';

/** Stylesheets that are still global, each to become a module next to its component. */
const NOT_YET_MODULES = new Set<string>([
  'shared/admin/admin.css',
  'shared/admin/inbox.css',
  'shared/admin/settings.css',
  'shared/ui/button.css',
  'shared/ui/card-list.css',
  'shared/ui/field.css',
  'shared/ui/table.css',
]);

/** Each rule's selector list, comments and at-rule preludes left out. */
function selectors(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{};]+)\{/g)].map((match) => match[1]!.trim()).filter((selector) => !selector.startsWith('@') && !/^(from|to|\d+%)/.test(selector));
}

/**
 * The classes a stylesheet's rules define. With `globalOnly`, those a module defines globally: a
 * selector whose classes are all inside `:global()` (`.local :global(.x)` only styles a global
 * class within the module's own).
 */
export function classesDefined(css: string, { globalOnly = false } = {}): string[] {
  const found = new Set<string>();
  for (const list of selectors(css)) {
    for (const selector of list.split(',')) {
      const globalPart = [...selector.matchAll(/:global\(([^)]*)\)/g)].map((match) => match[1]!).join(' ');
      const localPart = selector.replace(/:global\([^)]*\)/g, ' ');
      const local = [...localPart.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!);
      const global = [...globalPart.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!);
      for (const name of globalOnly ? (local.length ? [] : global) : local) found.add(name);
    }
  }
  return [...found];
}

/** Colours written as literals (hex, rgb(), hsl(), named) in declarations rather than `var(--token)`. */
export function colourLiterals(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const values = [...text.matchAll(/:([^;{}]+);/g)].map((match) => match[1]!).join(';');
  return [...values.matchAll(/#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(|(?<![-\w])(?:white|black|red|green|blue|gray|grey)\b/g)].map((match) => match[0]);
}

function stylesheets(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [relative(SRC, path).replaceAll('\\', '/')] : [];
  });
}

const all = stylesheets();
const globals = all.filter((file) => !file.endsWith('.module.css'));
const read = (file: string) => readFileSync(join(SRC, file), 'utf8');

describe('stylesheets', () => {
  it('are CSS modules, but for the tokens and the ones listed as not yet moved', () => {
    expect(globals.filter((file) => file !== TOKENS && !NOT_YET_MODULES.has(file))).toEqual([]);
  });

  it('keep the list of global stylesheets true: a file that became a module leaves it', () => {
    expect([...NOT_YET_MODULES].filter((file) => !globals.includes(file))).toEqual([]);
  });

  it('define no global class in a module', () => {
    // `:global(.x)` in a module may style a class a global stylesheet defines, never define one.
    const defining = all.filter((file) => file.endsWith('.module.css')).flatMap((file) => classesDefined(read(file), { globalOnly: true }).map((name) => `${file}: .${name}`));
    expect(defining).toEqual([]);
  });

  it('each have a type declaration listing the classes they define, in camel case', () => {
    const stale = all
      .filter((file) => file.endsWith('.module.css'))
      .filter((file) => {
        const declaration = join(SRC, file.replace(/\.module\.css$/, '.module.d.css.ts'));
        const declared = existsSync(declaration) ? [...readFileSync(declaration, 'utf8').matchAll(/export declare const (\w+): string;/g)].map((match) => match[1]).sort() : null;
        const defined = classesDefined(read(file))
          .map((name) => name.replace(/^-+/, '').replace(/[-_]+(\w)/g, (_, c: string) => c.toUpperCase()))
          .sort();
        return JSON.stringify(declared) !== JSON.stringify([...new Set(defined)]);
      });
    // `npm run css-types -w apps/web` writes them.
    expect(stale).toEqual([]);
  });

  it('write no colour outside the design tokens', () => {
    const modules = all.filter((file) => file.endsWith('.module.css'));
    expect(modules.flatMap((file) => colourLiterals(read(file)).map((colour) => `${file}: ${colour}`))).toEqual([]);
  });
});

describe('the stylesheet facts', () => {
  it('finds the classes a stylesheet defines, not those it only mentions inside :global()', () => {
    const css = '/* .comment */ .a, .b:hover > .c { color: red } @media (width < 10px) { .d { x: y } } .e :global(.f) { x: y } :global(.g) { x: y }';
    expect(classesDefined(css)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(classesDefined(css, { globalOnly: true })).toEqual(['g']);
  });

  it('finds colour literals: hex, rgb(), hsl() and named colours, not token references', () => {
    const css = '.a { color: #fff; background: rgb(0 0 0 / 50%); border-color: white; fill: var(--white); outline: 1px solid hsl(0 0% 0%); } .whiteboard { x: y }';
    expect(colourLiterals(css)).toEqual(['#fff', 'rgb(', 'white', 'hsl(']);
  });
});
