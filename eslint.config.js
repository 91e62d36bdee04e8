// Lint rules, including the import boundaries of STYLE.md: no import cycles, the web app never
// imports API code, a web feature never imports another feature, the domain package does no I/O.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = 'apps/web/src/features';
const features = (() => {
  try {
    return readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
})();

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'data/**', 'coverage/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['packages/domain/tsconfig.json', 'apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'tsconfig.tools.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'Focused tests hide the rest of the suite.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/api/**', '@landunits/api', '@landunits/api/*'], message: 'The web app never imports API code.' }] },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web', from: './apps/api', message: 'The web app never imports API code.' },
            ...features.map((name) => ({
            target: `./${featuresDir}/${name}`,
            from: `./${featuresDir}`,
            except: [`./${name}`],
              message: 'A feature does not import another feature; move shared code to src/shared.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'http', 'child_process', 'pg', '@electric-sql/*', 'fastify', 'react', 'react-*'], message: 'The domain package is pure: no I/O, no framework.' },
            { group: ['**/apps/**', '@landunits/api', '@landunits/web'], message: 'The domain package depends on nothing in apps/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/web/**', '@landunits/web'], message: 'The API does not import web code.' }] },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through config.ts, validated once at boot.' },
      ],
    },
  },
  {
    // Playwright fixtures take their dependencies from an object pattern, even an empty one.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['apps/api/src/config.ts', 'apps/api/src/test/**', 'apps/api/src/**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
