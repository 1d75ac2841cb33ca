// Lint: TypeScript rules, the hooks rules, and the house's import direction
// (shared -> features -> app, no feature importing another; STYLE.md).
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const shared = ['components', 'lib', 'config', 'types', 'hooks', 'test'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'playwright-report', 'test-results', '../pb_public'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [fileURLToPath(new URL('./eslint-alias-resolver.cjs', import.meta.url))]: {} },
      'boundaries/include': ['src/**/*'],
      // Root files outside the layers: the entry (imports app), Vite's types and the theme.
      'boundaries/ignore': ['src/main.tsx', 'src/vite-env.d.ts', 'src/theme.ts'],
      'boundaries/elements': [
        ...shared.map((name) => ({ type: 'shared', pattern: `src/${name}` })),
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'app', pattern: 'src/app' },
        // The public pages' islands: each adds behaviour to the server's markup of its part.
        { type: 'islands', pattern: 'src/islands' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { type: 'shared' } } },
                // Inside one feature only: features/a never imports features/b.
                {
                  to: {
                    element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } },
                  },
                },
              ],
            },
            {
              from: { element: { type: 'islands' } },
              allow: { to: { element: { types: { anyOf: ['shared', 'islands'] } } } },
            },
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: ['shared', 'feature', 'app'] } } } },
            },
          ],
        },
      ],
      'boundaries/no-unknown-files': 'error',
    },
  },
  {
    // Components never call the SDK: features/*/api and lib/ do (STYLE.md point 7).
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/features/*/api/**',
      'src/lib/**',
      'src/test/**',
      'src/**/__tests__/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@/lib/pocketbase', message: 'Call the API from features/*/api or lib/.' },
            { name: 'pocketbase', message: 'Call the API from features/*/api or lib/.' },
          ],
        },
      ],
    },
  },
);
