import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { basename, relative } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/** The API listens on 3001 in development; the web app proxies /api to it so cookies stay same-origin. */
const API_TARGET = 'http://127.0.0.1:3001';

/**
 * React Router ships one large module whose top-level `X.displayName = …` assignments and
 * un-annotated `React.forwardRef(...)` / `createContext(...)` / `memo(...)` calls keep code we never
 * use (Form, fetchers, RSC helpers) in the bundle. Marking those calls pure and dropping the display
 * names lets Rollup shake it: about 2.4 kB gzipped off every page. If a release changes the shape,
 * the patterns simply stop matching and nothing breaks.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'landunits:react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
      const shaken = code.replace(/^(\w+)\.displayName = "\w+";$/gm, '').replace(/= (React\d*\.(?:forwardRef|createContext|memo)\()/g, '= /* @__PURE__ */ $1');
      return shaken === code ? null : { code: shaken, map: null };
    },
  };
}

/**
 * The typeface's Latin file (the one every page draws its text with; the other scripts' files load
 * only for text that needs them) is preloaded from the page's head, so it usually arrives before the
 * first paint and the text is not redrawn. Its @font-face says `font-display: swap`: the page never
 * waits for it. In the build only: the file's name has its content hash.
 */
function preloadLatinFont(): Plugin {
  return {
    name: 'landunits:preload-latin-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const asset = Object.values(context.bundle ?? {}).find((file) => file.type === 'asset' && (file.originalFileNames ?? []).some((name) => name.endsWith('inter-latin-wght-normal.woff2')));
        if (!asset) return html;
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${asset.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }];
      },
    },
  };
}

/** A node of the ESTree Rollup parses modules into (only what the contracts plugin reads). */
interface EsNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * The web calls each API route through its contract (`call(CONTRACT, input)`), but at run time it
 * needs only the contract's method and path: the request and answer schemas are types to it. In the
 * build, every `defineRoute({...})` of the domain's contracts keeps just those two properties, so
 * the schemas it named are left unused and shaken out, and so is zod itself where nothing else in a
 * chunk needs it (one contract with its answer schema in the entry cost 9.6 kB gzipped, and the
 * contract helper module alone kept zod in the entry). Tests and the server use the whole contracts.
 */
function contractsWithoutSchemas(): Plugin {
  return {
    name: 'landunits:contracts-without-schemas',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]packages[\\/]domain[\\/]src[\\/]contracts[\\/]/.test(id) || !code.includes('defineRoute(')) return null;
      const cuts: { start: number; end: number; text: string }[] = [];
      const visit = (node: unknown): void => {
        if (!node || typeof node !== 'object') return;
        if (Array.isArray(node)) return node.forEach(visit);
        const n = node as EsNode;
        const callee = n.callee as EsNode & { name?: string };
        const [argument] = (n.arguments as EsNode[] | undefined) ?? [];
        if (n.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'defineRoute' && argument?.type === 'ObjectExpression') {
          const kept = (argument.properties as (EsNode & { key?: EsNode & { name?: string } })[]).filter((p) => p.type === 'Property' && (p.key?.name === 'method' || p.key?.name === 'path'));
          // The call goes too (`defineRoute` is the identity): nothing then loads contract.ts and its schemas.
          cuts.push({ start: n.start, end: n.end, text: `({ ${kept.map((p) => code.slice(p.start, p.end)).join(', ')} })` });
          return;
        }
        for (const [key, value] of Object.entries(n)) if (key !== 'start' && key !== 'end' && key !== 'type') visit(value);
      };
      visit(this.parse(code));
      let light = code;
      for (const cut of cuts.sort((a, b) => b.start - a.start)) light = light.slice(0, cut.start) + cut.text + light.slice(cut.end);
      return { code: light, map: null };
    },
  };
}

/**
 * A CSS module's class names. In the build: `_` and six characters of a hash of the file's path in
 * the app and the class, the same in the browser and server builds (the server-rendered markup and
 * the stylesheet must agree), and short because every module's name map ships in its chunk. In
 * development and tests: the file and the class (`dev-mail_toolbar`), readable in the inspector.
 */
export function scopedClassName(production: boolean) {
  return (local: string, file: string) => {
    const path = relative(import.meta.dirname, file.split('?')[0]!).replaceAll('\\', '/');
    if (!production) return `${basename(path, '.module.css')}_${local}`;
    return `_${createHash('sha256').update(`${path}:${local}`).digest('base64url').slice(0, 6)}`;
  };
}

/**
 * Two builds: the browser app (dist/) and, with `--ssr`, the server renderer of public pages
 * (dist-server/entry-server.js, imported by the API; see src/app/entry-server.tsx). The renderer
 * keeps React and the libraries as imports from node_modules and bundles the domain package,
 * whose sources are TypeScript. `npm start` builds with WEB_BUILD_QUIET=1: warnings and errors
 * only, not the table of files.
 */
export default defineConfig(({ isSsrBuild, command }) => ({
  logLevel: process.env.WEB_BUILD_QUIET ? 'warn' : 'info',
  // Styles are CSS modules next to their component (docs/architecture.md, "Styles"); the
  // stylesheet names classes in kebab case and the code reads them in camel case.
  css: { modules: { localsConvention: 'camelCaseOnly', generateScopedName: scopedClassName(command === 'build') } },
  plugins: [react(), reactRouterTreeShaking(), contractsWithoutSchemas(), preloadLatinFont()],
  ssr: { noExternal: ['@landunits/domain'] },
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  build: isSsrBuild
    ? {
        outDir: 'dist-server',
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        copyPublicDir: false,
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        // No polyfill: every browser that runs ES2022 modules supports modulepreload.
        modulePreload: { polyfill: false },
        cssCodeSplit: true,
        // dist/.vite/manifest.json maps each page module to its chunk, so the server can add
        // <link rel="modulepreload"> for the page it serves (saves a round trip before the first paint).
        manifest: true,
        // Terser packs the entry about 2 kB (gzipped) tighter than esbuild; the entry budget is tight.
        minify: 'terser',
        terserOptions: {
          module: true,
          ecma: 2020,
          compress: { passes: 2, pure_getters: true },
          format: { comments: false },
        },
        rollupOptions: {
          // The entry lists every lazy chunk's file name (with the CSS it needs) to preload them:
          // content-hash names alone keep that list about 0.7 kB (gzipped) smaller than name-hash.
          output: {
            chunkFileNames: 'assets/[hash].js',
            assetFileNames: 'assets/[hash][extname]',
          },
          onwarn(warning, warn) {
            // zod's own comments confuse Rollup's annotation parser; harmless and not ours to fix.
            if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
            warn(warning);
          },
        },
      },
}));
