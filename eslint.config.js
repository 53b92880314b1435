import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/**
 * Rate limits are declared in each route's config (`rateLimit`, plugins/rate-limits.ts), so a reader
 * sees them beside `access`; nothing else counts requests.
 */
/**
 * No import cycles in our own code. A package in node_modules never imports ours back, so the rule
 * need not follow imports into them: that took half of it away (13.5 s to 7.2 s of a 31 s lint),
 * and a cycle through our own files, aliases included, is still caught.
 */
const noCycle = ['error', { ignoreExternal: true }];

const rateLimitImport = {
  name: '../../lib/rate-limit',
  importNames: ['enforceLimits', 'checkLimits', 'recordHits'],
  message: "Declare the limit in the route's config: config: { access, rateLimit } (plugins/rate-limits.ts).",
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/lib/client-ip.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='ip'][object.name=/^(request|req)$/]",
          message:
            'Use clientIp(request) from lib/client-ip: request.ip may hold header text a client wrote.',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [rateLimitImport] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  webLayers(),
  ...serverLayers(),
);

/**
 * The server's layers: a module's routes.ts parses, authorizes, calls its service and presents the
 * answer, so its queries live where the next reader of a rule looks for them (the module's
 * service.ts or another file of the module), and the routes never import the database layer. No
 * module imports routes: what two modules share moves to a service, lib/ or db/. No import cycles.
 */
function serverLayers() {
  const server = 'apps/server/src';
  const noQueries =
    "Routes do not query: move the query into the module's service.ts (or a file named for its rule, as decisions/release.ts) and call it.";
  return [
    {
      files: [`${server}/**/*.ts`],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
        'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
        'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
      },
      rules: {
        'import-x/no-cycle': noCycle,
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: import.meta.dirname,
            zones: [
              {
                target: `${server}/modules/**/*`,
                from: `${server}/modules/*/routes.ts`,
                message:
                  'Modules do not import routes: move the shared piece to a service.ts, lib/ or db/ (the acting user is request.actor, plugins/auth.ts).',
              },
            ],
          },
        ],
      },
    },
    {
      files: [`${server}/modules/*/routes.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [rateLimitImport],
            patterns: [
              {
                regex: '^drizzle-orm(/|$)',
                message: noQueries,
              },
              {
                regex: '(^|/)db/schema(/|$)',
                message: noQueries,
              },
            ],
          },
        ],
      },
    },
  ];
}

/**
 * The web app's one-way layers: app/ (router, providers) on top, then features/, then the shared
 * api/, components/, lib/, config/ and testing/. A feature never imports app/ or another feature:
 * what two features share moves down a layer. No import cycles anywhere in the web app.
 */
function webLayers() {
  const web = 'apps/web/src';
  const features = readdirSync(new URL(`./${web}/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const shared = ['api', 'components', 'lib', 'config', 'testing'];
  return {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': noCycle,
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: `${web}/features`,
              from: `${web}/app`,
              message: 'A feature does not import app/: move what it needs to api/, components/ or lib/.',
            },
            ...features.map((feature) => ({
              target: `${web}/features/${feature}`,
              from: `${web}/features`,
              except: [`./${feature}`],
              message:
                'Features do not import each other: move the shared piece to api/, components/ or lib/.',
            })),
            ...shared.map((layer) => ({
              target: `${web}/${layer}`,
              from: [`${web}/features`, `${web}/app`],
              message: `${layer}/ sits below the features and app/: it imports neither.`,
            })),
          ],
        },
      ],
    },
  };
}
