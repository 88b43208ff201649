// The repository's TypeScript programs and the files ESLint lints with their type information: one list
// for `npm run typecheck` (tools/typecheck.mjs), `npm run lint` (eslint.config.mjs) and npm test's
// combined step (tools/typecheck-and-lint.mjs), which builds each program once for both.

/** Three programs for the whole repository, not one per project (#31: a library was checked once per project that imports it). */
export const TYPE_PROGRAMS = ['tsconfig.node.json', 'tsconfig.web.json', 'apps/e2e/tsconfig.json'];

/** The files linted with type information (the type-aware rules, #31 item 5). */
export const TYPE_AWARE_FILES = [
  'apps/*/src/**/*.ts',
  'apps/*/src/**/*.tsx',
  'libs/*/src/**/*.ts',
  'libs/*/src/**/*.tsx',
  'apps/e2e/tests/**/*.ts',
];
