// Lint rules, including the import boundaries of STYLE.md: no import cycles, the web app never
// imports API code, a web feature never imports another feature, the domain package does no I/O,
// an API module uses another only through its index.ts and never imports another module's tables,
// platform code never imports modules, no source file over 340 formatted lines. Import cycles, type-only
// imports included, are found by scripts/check-import-cycles.mjs (npm run lint) in about a second;
// import-x/no-cycle found a subset of them (no type-only imports) and took a quarter of ESLint's time.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const foldersIn = (dir) => {
  try {
    return readdirSync(`${root}/${dir}`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};

/** What the web app's code may not do (tests and the API client itself excepted, below). */
const WEB_SYNTAX_RULES = [
  { selector: "CallExpression[callee.property.name='only']", message: 'Focused tests hide the rest of the suite.' },
  {
    selector: 'ImportSpecifier[imported.name=/^(api|apiRequest|uploadForm|buildUrl)$/]',
    message: 'Call the API through its contract: call(CONTRACT, input), uploadWith(CONTRACT, …) or urlOf(CONTRACT, …).',
  },
];
/** The public site's contact and newsletter forms, the only users of the light form hook (decision 0055). */
const PUBLIC_FORM_FILES = ['apps/web/src/features/site-content/contact-form.tsx', 'apps/web/src/features/site-content/newsletter-form.tsx'];
const PUBLIC_FORM_RULE = {
  selector: "ImportSpecifier[imported.name='usePublicForm']",
  message: 'Forms use the form kit, useForm (shared/lib/use-form.ts); usePublicForm is for the public site’s two forms.',
};
const featuresDir = 'apps/web/src/features';
const features = foldersIn(featuresDir);

const apiModulesDir = 'apps/api/src/modules';
const apiModules = foldersIn(apiModulesDir);
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/test/**'];

/**
 * The API's module boundaries (docs/decisions/0010-module-boundaries.md): a file of modules/<m>
 * imports another module only through its index.ts. A module's schema.ts may also import another
 * module's schema.ts (a foreign key); tests may also use another module's test/ helpers. Modules
 * never import src/schema.ts (every table): each imports its own ./schema.
 */
function moduleBoundaryZones({ schemaFile = false, testFile = false } = {}) {
  return [
    ...apiModules.map((name) => ({
      target: `./${apiModulesDir}/${name}`,
      from: `./${apiModulesDir}`,
      except: [
        `./${name}`,
        ...apiModules.filter((other) => other !== name).flatMap((other) => [`./${other}/index.ts`, ...(schemaFile ? [`./${other}/schema.ts`] : []), ...(testFile ? [`./${other}/test`] : [])]),
      ],
      message: "A module uses another module only through its index.ts (import from '../<module>'), never its files or tables.",
    })),
    ...(testFile
      ? []
      : [
          {
            target: `./${apiModulesDir}`,
            from: './apps/api/src/schema.ts',
            message: "A module reads and writes only its own tables: import them from its own './schema'.",
          },
        ]),
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', 'apps/api/dist-*/**', '**/dist-server/**', '**/node_modules/**', 'data/**', 'coverage/**', 'test-results/**', 'playwright-report/**'] },
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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.property.name='only']", message: 'Focused tests hide the rest of the suite.' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/api/**', '@landunits/api', '@landunits/api/*'], message: 'The web app never imports API code.' }] }],
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
    // A contract is the route (decision 0053): the web calls the API only through call(CONTRACT, input).
    // One form kit (decision 0055): useForm; the public site's two forms keep a lighter hook.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/api/**', ...TEST_FILES.map((pattern) => `apps/web/src/${pattern}`)],
    rules: { 'no-restricted-syntax': ['error', ...WEB_SYNTAX_RULES, PUBLIC_FORM_RULE] },
  },
  {
    files: PUBLIC_FORM_FILES,
    rules: { 'no-restricted-syntax': ['error', ...WEB_SYNTAX_RULES] },
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
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/web/**', '@landunits/web'], message: 'The API does not import web code.' }] }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings through config.ts, validated once at boot.' }],
    },
  },
  {
    // Split by use-case (STYLE.md): no source file over 300 lines of code. Migrations are generated.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/migrations/**'],
    // 300 lines as written by hand; Prettier's line breaks (one argument or JSX prop a line) add up to
    // about an eighth, so the formatted limit is 340 (docs/decisions/0032-test-layers-and-ci-matrix.md).
    rules: { 'max-lines': ['error', { max: 340, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: [`${apiModulesDir}/**/*.ts`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: moduleBoundaryZones() }] },
  },
  {
    files: [`${apiModulesDir}/*/schema.ts`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: moduleBoundaryZones({ schemaFile: true }) }] },
  },
  {
    files: TEST_FILES.map((pattern) => `${apiModulesDir}/${pattern}`),
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: moduleBoundaryZones({ testFile: true }) }] },
  },
  {
    // src/schema.ts, above the platform and the modules, gathers every table for the migrations.
    files: ['apps/api/src/platform/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            { target: './apps/api/src/platform', from: `./${apiModulesDir}`, message: 'Platform code never imports modules.' },
            { target: './apps/api/src/platform', from: './apps/api/src/schema.ts', message: 'Platform code uses its own tables (platform/db/schema/platform.ts), never every module’s.' },
          ],
        },
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
