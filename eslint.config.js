import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.nx/**',
      'api/**',
      'libs/shared/api-client/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'libs/**/*.{ts,tsx}'],
    ignores: ['**/vite.config.ts', 'apps/e2e/playwright.config.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          banTransitiveDependencies: false,
          // Layers (type:) and domains (scope:). Every constraint whose source tag a project carries must hold.
          depConstraints: [
            // Only apps compose portals: they alone may import the shell (createPortal).
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:shell', 'type:feature', 'type:ui', 'type:data', 'type:util'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'type:shell', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data', 'type:util'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data', 'type:util'] },
            { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:data', 'type:util'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
            // A domain's feature library uses the shared libraries and its own domain, never another domain's feature:
            // what two domains share moves down into libs/shared. A new domain adds its line here.
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:account', onlyDependOnLibsWithTags: ['scope:shared', 'scope:account'] },
            { sourceTag: 'scope:wallet', onlyDependOnLibsWithTags: ['scope:shared', 'scope:wallet'] },
            { sourceTag: 'scope:earnings', onlyDependOnLibsWithTags: ['scope:shared', 'scope:earnings'] },
            { sourceTag: 'scope:practice', onlyDependOnLibsWithTags: ['scope:shared', 'scope:practice'] },
            { sourceTag: 'scope:wellness', onlyDependOnLibsWithTags: ['scope:shared', 'scope:wellness'] },
            { sourceTag: 'scope:tours', onlyDependOnLibsWithTags: ['scope:shared', 'scope:tours'] },
            { sourceTag: 'scope:onboarding', onlyDependOnLibsWithTags: ['scope:shared', 'scope:onboarding'] },
            { sourceTag: 'scope:dealers', onlyDependOnLibsWithTags: ['scope:shared', 'scope:dealers'] },
            { sourceTag: 'scope:rentals', onlyDependOnLibsWithTags: ['scope:shared', 'scope:rentals'] },
            { sourceTag: 'scope:travel', onlyDependOnLibsWithTags: ['scope:shared', 'scope:travel'] },
            { sourceTag: 'scope:discovery', onlyDependOnLibsWithTags: ['scope:shared', 'scope:discovery'] },
            { sourceTag: 'scope:shop', onlyDependOnLibsWithTags: ['scope:shared', 'scope:shop'] },
            { sourceTag: 'scope:social', onlyDependOnLibsWithTags: ['scope:shared', 'scope:social'] },
            { sourceTag: 'scope:matchmaking', onlyDependOnLibsWithTags: ['scope:shared', 'scope:matchmaking'] },
            { sourceTag: 'scope:messaging', onlyDependOnLibsWithTags: ['scope:shared', 'scope:messaging'] },
            { sourceTag: 'scope:speed-dating', onlyDependOnLibsWithTags: ['scope:shared', 'scope:speed-dating'] },
            { sourceTag: 'scope:events', onlyDependOnLibsWithTags: ['scope:shared', 'scope:events'] },
            { sourceTag: 'scope:support', onlyDependOnLibsWithTags: ['scope:shared', 'scope:support'] },
            { sourceTag: 'scope:blog', onlyDependOnLibsWithTags: ['scope:shared', 'scope:blog'] },
            { sourceTag: 'scope:video', onlyDependOnLibsWithTags: ['scope:shared', 'scope:video'] },
            { sourceTag: 'scope:notifications', onlyDependOnLibsWithTags: ['scope:shared', 'scope:notifications'] },
            // The shell mounts the account pages (sign-in, profile, settings) in every portal; the other domains'
            // pages reach it through the apps' PortalConfig.
            { sourceTag: 'scope:shell', onlyDependOnLibsWithTags: ['scope:shared', 'scope:shell', 'scope:account'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/**/*.tsx', 'libs/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    files: ['tools/**/*.{js,mjs,ts}', 'apps/e2e/**/*.ts', '**/*.config.{js,ts,mjs}'],
    rules: { 'no-console': 'off' },
  },
);
