import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

// The lint rule of eslint.config.mjs that keeps service messages typed: handlers bind by definition,
// callers pass definitions. It must refuse the old forms and leave unrelated send/emit APIs alone.
const root = fileURLToPath(new URL('../..', import.meta.url));
// The probes are text under made-up file names, which no tsconfig holds: the type-aware rules (which
// need the file in a program) are off here; the rules under test need no types.
const eslint = new ESLint({
  cwd: root,
  cache: false,
  overrideConfig: {
    languageOptions: { parserOptions: { project: null, projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

async function refusedLines(code: string, file: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.line);
}

const probe = `import { EventPattern, MessagePattern, Transport } from '@nestjs/microservices';
declare const services: { send(a: unknown, b?: unknown): void; emit(a: unknown, b?: unknown): void };
declare const res: { send(a: unknown): void };
declare const s3: { client: { send(a: unknown): void } };
declare const queue: { events: { emit(a: string, b?: unknown): void } };
declare const definition: unknown;
export class Probe {
  constructor(private readonly services: { send(a: unknown): void }) {}
  run(name: string) {
    services.send('auth.users.list', {});
    services.emit(\`\${name}.health\`, {});
    this.services.send('auth.users.list');
    services.send(definition, {});
    res.send('index.html');
    s3.client.send(definition);
    queue.events.emit('error', new Error('x'));
    return [EventPattern, MessagePattern, Transport];
  }
}
`;

test('server code: pattern strings at ServiceClient calls and Nest pattern decorators are refused', async () => {
  assert.deepEqual(await refusedLines(probe, 'apps/gateway/src/zz-probe.ts'), [1, 1, 10, 11, 12]);
  assert.deepEqual(await refusedLines(probe, 'libs/queue/src/zz-probe.ts'), [1, 1, 10, 11, 12]);
});

test('nest-kit may import the Nest decorators; the web app is out of scope', async () => {
  assert.deepEqual(await refusedLines(probe, 'libs/nest-kit/src/zz-probe.ts'), [10, 11, 12]);
  assert.deepEqual(await refusedLines(probe, 'apps/web/src/zz-probe.ts'), []);
});
