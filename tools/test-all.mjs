// `npm test`: every tier in order, stopping at nothing so one run reports all failures.
// Build first: the e2e suite runs the built standalone stack.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts;
const steps = [
  'build',
  'lint',
  'typecheck',
  'format:check',
  'db:check',
  'test:unit',
  'test:int',
  'test:contracts',
  'test:e2e',
].filter((step) => scripts[step]);
const only = process.env.TEST_STEPS?.split(',');
const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
};

const results = [];
for (const step of only ? steps.filter((s) => only.includes(s)) : steps) {
  console.log(`\n=== npm run ${step}`);
  const started = Date.now();
  const { status } = spawnSync('npm', ['run', '--silent', step], { cwd: root, stdio: 'inherit', env });
  results.push({ step, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  // without a build nothing after it means anything
  if (step === 'build' && status !== 0) break;
}

console.log('\n| step | result | seconds |\n|---|---|---|');
for (const r of results) console.log(`| ${r.step} | ${r.ok ? 'passed' : 'FAILED'} | ${r.seconds} |`);
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
