import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The Nx module-boundary rule must really refuse the imports ARCHITECTURE.md forbids.
const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string) => join(root, 'node_modules/.bin', name);

const probes: [file: string, importOf: string, expected: RegExp][] = [
  [
    'apps/web/src',
    '@metatag/config',
    /scope:web" can only depend on libs tagged with "scope:web", "scope:shared"/,
  ],
  ['apps/templates/src', '@metatag/auth', /type:service" can only depend on libs tagged with "type:lib"/],
  [
    'libs/db/src',
    '@metatag/gateway',
    /type:lib" can only depend on libs tagged with "type:lib"|Circular dependency/,
  ],
];

test('lint refuses web→server, service→service and lib→app imports', () => {
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
  // the rule reads Nx's cached project graph; make sure it exists
  assert.equal(spawnSync(bin('nx'), ['show', 'projects'], { cwd: root, env }).status, 0);
  const files = probes.map(([dir, target]) => {
    const file = join(root, dir, `zz-boundary-probe-${randomBytes(3).toString('hex')}.ts`);
    writeFileSync(file, `import * as probe from '${target}';\nexport const value = probe;\n`);
    return file;
  });
  try {
    // the repository's own config, without its type-aware rules: they make ESLint build the TypeScript
    // programs of the whole repository (72 s of a loaded CI's CPU for three files), which the boundary
    // rule never reads; `npm run lint` runs them
    const untyped = [
      '--parser-options',
      'project:null',
      '--rule',
      JSON.stringify({
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
      }),
    ];
    const result = spawnSync(bin('eslint'), ['--no-cache', ...untyped, ...files], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    assert.notEqual(result.status, 0, 'eslint accepted forbidden imports');
    probes.forEach(([, target, expected], i) => {
      const section = result.stdout.split(files[i])[1]?.split(/\n\/work|\n\//)[0] ?? '';
      assert.match(
        section,
        expected,
        `import of ${target} from ${probes[i][0]} was not refused:\n${result.stdout}`,
      );
    });
  } finally {
    for (const file of files) rmSync(file, { force: true });
  }
});
