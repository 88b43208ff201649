import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import metatag from './tools/eslint/plugin.mjs';
import { TYPE_AWARE_FILES, TYPE_PROGRAMS } from './tools/type-programs.mjs';

/**
 * `.send(` / `.emit(` with a pattern-like string ('auth.users.list': it has a dot) or a template
 * literal as first argument, on what is named like a ServiceClient (`services`, `client`, `events`,
 * `templates`, `relayer`, also as `this.x`): a message pattern written as a string. Scoped so that
 * express's `res.send('…')`, the S3 client's `send(command)` and emitters' `emit('error')` (no dot)
 * are not mistaken for it. The compiler refuses strings too: ServiceClient takes definitions only.
 */
const SERVICE_CLIENT = '/^(services|client|events|templates|relayer)$/';
const STRING_FIRST = ":matches([arguments.0.value=/\\./], [arguments.0.type='TemplateLiteral'])";
const SERVICE_CLIENT_CALLS = [
  `CallExpression[callee.property.name=/^(send|emit)$/][callee.object.name=${SERVICE_CLIENT}]${STRING_FIRST}`,
  `CallExpression[callee.property.name=/^(send|emit)$/][callee.object.property.name=${SERVICE_CLIENT}]${STRING_FIRST}`,
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/generated/**',
      'contracts/artifacts/**',
      'contracts/cache/**',
      'contracts/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { '@nx': nx },
    files: ['**/*.ts', '**/*.tsx'],
    // Nest injects by the emitted constructor types: imports used there are values, not types.
    languageOptions: { parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            // libs never import apps; services never import each other.
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:runtime', onlyDependOnLibsWithTags: ['type:lib', 'type:service'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:lib'] },
            // the browser never imports server code.
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
          ],
        },
      ],
    },
  },
  {
    // Service messages are typed (libs/events defineRequest/defineEvent): handlers bind by definition
    // (@HandleRequest/@HandleEvent from @metatag/nest-kit), callers pass definitions, never strings.
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    ignores: ['apps/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/microservices',
              importNames: ['MessagePattern', 'EventPattern'],
              message:
                'Bind handlers by definition: @HandleRequest(def) / @HandleEvent(def) from @metatag/nest-kit.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...SERVICE_CLIENT_CALLS.map((selector) => ({
          selector,
          message:
            'Pass a message definition from @metatag/events (services.send(AUTH.getUser, input)), not a pattern string.',
        })),
      ],
    },
  },
  {
    // nest-kit implements the binding and tests Nest's own ClientProxy API.
    files: ['libs/nest-kit/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Type-aware rules (#31 item 5): a promise nobody awaits loses its failure (an unhandled rejection,
    // or an error that never reaches the caller), and an async function where a callback's result is
    // ignored (an event handler, forEach) does the same. What is deliberately left running says so:
    // `void work()` with a comment on why nothing waits for it.
    files: TYPE_AWARE_FILES,
    // three programs for the whole repository (typecheck's own), not one per project: a library's files
    // were type-checked again in every project that imports them
    languageOptions: {
      parserOptions: {
        project: TYPE_PROGRAMS.map((path) => `./${path}`),
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { metatag },
    rules: {
      'metatag/void-says-why': 'error',
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test registers and runs what test() and describe() are given, and reports it
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // One pattern per shape (#31 item 4): these named patterns of libs/api-types/src/patterns.ts are
    // imported, never written out again (tools/eslint/named-patterns.mjs). The address and hex shapes
    // still have copies (libs/config, tests, some message schemas): named here once those are gone.
    files: ['apps/**/*.ts', 'apps/**/*.tsx', 'libs/**/*.ts', 'libs/**/*.tsx'],
    ignores: ['libs/api-types/src/patterns.ts'],
    plugins: { metatag },
    rules: {
      'metatag/named-patterns': [
        'error',
        {
          names: [
            'UINT256_PATTERN',
            'SIGNED_WEI_PATTERN',
            'UINT64_PATTERN',
            'ROW_ID_PATTERN',
            'UNIX_SECONDS_PATTERN',
            'DAY_PATTERN',
            'ETHER_AMOUNT_PATTERN',
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts', 'libs/ui/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  prettier,
);
