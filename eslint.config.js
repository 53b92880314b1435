import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    // Rate limits are declared in each route's config (`rateLimit`, plugins/rate-limits.ts), so a
    // reader sees them beside `access`; nothing else counts requests.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '../../lib/rate-limit',
              importNames: ['enforceLimits', 'checkLimits', 'recordHits'],
              message:
                "Declare the limit in the route's config: config: { access, rateLimit } (plugins/rate-limits.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Features never import each other (ARCHITECTURE.md): shared pieces live in components/ or lib/.
      'no-restricted-imports': 'off',
    },
  },
);
