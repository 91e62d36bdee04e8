import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineProject } from 'vitest/config';

const INJECT_STYLE = '__vite__updateStyle(__vite__id, __vite__css)';

/**
 * CSS modules keep their class names (the module's exports) but leave their rules out of jsdom's
 * document, where Vite's pipeline would add one <style> per module. jsdom cascades every rule of
 * the document on each getComputedStyle, which Testing Library calls for every element a role
 * query looks at and its ancestors: with the rules in, the web project's tests took half as long
 * again (decision 0060). jsdom lays nothing out, so the rules only ever showed in computed
 * properties; the modules named by `keep` (the toast, whose placement a test reads) keep theirs.
 */
function cssModulesWithoutRules(keep: RegExp): Plugin {
  return {
    name: 'landunits:css-modules-without-rules',
    enforce: 'post',
    transform(code, id) {
      if (!/\.module\.css(?:$|\?)/.test(id) || keep.test(id)) return undefined;
      // Loud if Vite's output changes, rather than silently slow again.
      if (!code.includes(INJECT_STYLE)) throw new Error(`${id}: Vite's CSS module code no longer adds its rules with ${INJECT_STYLE}`);
      return { code: code.replace(INJECT_STYLE, ''), map: null };
    },
  };
}

export default defineProject({
  // recharts' CommonJS build requires its state library's ES module file, which a VM context
  // cannot load (below): the tests take its ES build through Vite's pipeline instead.
  resolve: { alias: [{ find: /^recharts$/, replacement: 'recharts/es6/index.js' }] },
  plugins: [react(), cssModulesWithoutRules(/\/toast\.module\.css$/)],
  // The processed modules (below) read in camel case, as in the app (vite.config.ts).
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  test: {
    name: 'web',
    // A fresh VM context and module graph per file, in worker threads that live on between files:
    // jsdom and the pages' module state start clean, without a new thread per file. On 2026-12-01
    // the project took 2 min 35 s against 4 min 41 s with a thread per file (pool 'threads'),
    // most of the difference jsdom's environment set up anew in each thread (decision 0070).
    // Sharing the modules between files (isolate: false) ran the project in a third of the time,
    // but a file then used what an earlier file's document had left: a server render's context
    // marks refused the next client render, a stylesheet sat in an old document, a dialog
    // listened in another window (decision 0060).
    pool: 'vmThreads',
    isolate: true,
    server: { deps: { inline: [/[\\/]recharts[\\/]/] } },
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // CSS modules go through Vite's pipeline, so a module's classes are its named exports (the app
    // imports modules as namespaces), and keep their stylesheet's names (`toolbar`, not a hash). Their
    // rules stay out of the document but the toast's (cssModulesWithoutRules, above).
    css: { include: [/\.module\.css$/], modules: { classNameStrategy: 'non-scoped' } },
    // Lazy page chunks under a busy machine: a safety net, not a measurement.
    testTimeout: 30_000,
    // No retries: a test that fails once fails the run (docs/testing.md: no fixed waits to miss).
    retry: 0,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
