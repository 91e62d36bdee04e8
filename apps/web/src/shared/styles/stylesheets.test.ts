import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The rules of docs/architecture.md's "Styles": a component's styles are a CSS module next to it;
 * the one global stylesheet holds the design tokens, the base elements and a few utilities; no
 * module reaches into another component's classes; no colour is written outside the tokens.
 */
const SRC = join(import.meta.dirname, '../..');
const TOKENS = 'shared/styles/global.css';

/** Classes of a library's own markup that a module may style with `:global()` (the charts' SVG). */
const LIBRARY_CLASS = /^recharts-/;

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

/** The classes a stylesheet names inside `:global()`. */
export function globalMentions(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...new Set([...text.matchAll(/:global\(([^)]*)\)/g)].flatMap((match) => [...match[1]!.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((name) => name[1]!)))];
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
  it('are CSS modules, but for the one global stylesheet of tokens, base elements and utilities', () => {
    expect(globals).toEqual([TOKENS]);
  });

  it('reach into no other component: :global() names only the global utilities or a library’s own classes', () => {
    const utilities = new Set(classesDefined(read(TOKENS)));
    const reaching = all
      .filter((file) => file.endsWith('.module.css'))
      .flatMap((file) => globalMentions(read(file)).map((name) => ({ file, name })))
      .filter(({ name }) => !utilities.has(name) && !LIBRARY_CLASS.test(name))
      .map(({ file, name }) => `${file}: .${name}`);
    expect(reaching).toEqual([]);
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
    expect(globalMentions(css)).toEqual(['f', 'g']);
  });

  it('finds colour literals: hex, rgb(), hsl() and named colours, not token references', () => {
    const css = '.a { color: #fff; background: rgb(0 0 0 / 50%); border-color: white; fill: var(--white); outline: 1px solid hsl(0 0% 0%); } .whiteboard { x: y }';
    expect(colourLiterals(css)).toEqual(['#fff', 'rgb(', 'white', 'hsl(']);
  });
});
