import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, RuleTester } from 'eslint';
import { namedPatterns, readNamedPatterns } from './named-patterns.mjs';

// RuleTester throws on the first case that does not behave; node:test reports it.
RuleTester.describe = (_name: string, run: () => void) => run();
RuleTester.it = (_name: string, run: () => void) => run();
RuleTester.itOnly = RuleTester.it;

const root = fileURLToPath(new URL('../..', import.meta.url));
const uintOnly = [{ names: ['UINT256_PATTERN', 'DAY_PATTERN'] }];

test('the patterns are read from libs/api-types/src/patterns.ts', async () => {
  const named = readNamedPatterns(await readFile(join(root, 'libs/api-types/src/patterns.ts'), 'utf8'));
  assert.equal(named.get('UINT256_PATTERN'), String.raw`^\d{1,78}$`);
  assert.equal(named.get('DAY_PATTERN'), String.raw`^\d{4}-\d{2}-\d{2}$`);
  assert.equal(named.get('ADDRESS_PATTERN'), '^0x[0-9a-f]{40}$');
});

test('a named pattern written out again is refused; other shapes and the names are not', () => {
  new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run(
    'named-patterns',
    namedPatterns,
    {
      valid: [
        { code: 'const ok = UINT256_PATTERN.test(v);', options: uintOnly },
        { code: String.raw`const n = /^\d+$/;`, options: uintOnly },
        { code: String.raw`const cut = /^\d{1,10}$/;`, options: uintOnly },
        // the shape inside a longer pattern is another shape
        { code: String.raw`const id = /^webhook_id=\d{1,78}$/;`, options: uintOnly },
        // an address copy: not among the enforced names
        { code: 'const a = /^0x[0-9a-f]{40}$/;', options: uintOnly },
        { code: 'const s = "^\\\\d{1,78}$";', options: uintOnly },
      ],
      invalid: [
        { code: String.raw`const uint = /^\d{1,78}$/;`, options: uintOnly, errors: [{ messageId: 'named' }] },
        {
          code: String.raw`z.string().regex(/^\d{1,78}$/u, 'Invalid value');`,
          options: uintOnly,
          errors: [{ messageId: 'named' }],
        },
        {
          code: String.raw`const day = /^\d{4}-\d{2}-\d{2}$/;`,
          options: uintOnly,
          errors: [{ messageId: 'named' }],
        },
        {
          code: String.raw`const a = new RegExp('^\\d{1,78}$'), b = RegExp("^\\d{1,78}$");`,
          options: uintOnly,
          errors: [{ messageId: 'named' }, { messageId: 'named' }],
        },
        {
          code: 'const x = /^x$/;',
          options: [{ names: ['NO_SUCH_PATTERN'] }],
          errors: [{ messageId: 'unknown' }],
        },
        {
          code: 'const x = /^x{3}$/;',
          options: [{ names: ['X3'], patterns: { X3: '^x{3}$' } }],
          errors: [{ messageId: 'named' }],
        },
      ],
    },
  );
});

// The repository's eslint.config.mjs: the rule is on for apps and libs (the web app too), off in the
// module that defines the patterns. Type-aware rules are off: the probes are in no tsconfig.
const eslint = new ESLint({
  cwd: root,
  cache: false,
  overrideConfig: {
    languageOptions: { parserOptions: { project: null, projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      'metatag/void-says-why': 'off',
    },
  },
});

async function namedPatternLines(code: string, file: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'metatag/named-patterns').map((m) => m.line);
}

const probe = String.raw`export const uint = /^\d{1,78}$/;
export const signedWei = /^-?\d{1,78}$/;
export const deadline = /^\d{1,12}$/;
export const day = /^\d{4}-\d{2}-\d{2}$/;
export const phase = /^\d{1,20}$/;
export const cursor = /^\d{1,18}$/;
export const price = /^\d{1,30}(\.\d{1,18})?$/;
export const other = /^\d{1,10}$/;
`;

test('eslint.config.mjs refuses the copies in services, libs and the web app, not in patterns.ts', async () => {
  const all = [1, 2, 3, 4, 5, 6, 7];
  assert.deepEqual(await namedPatternLines(probe, 'libs/events/src/zz-probe.ts'), all);
  assert.deepEqual(await namedPatternLines(probe, 'apps/relayer/src/zz-probe.ts'), all);
  assert.deepEqual(await namedPatternLines(probe, 'apps/web/src/zz-probe.tsx'), all);
  assert.deepEqual(await namedPatternLines(probe, 'libs/api-types/src/patterns.ts'), []);
});
