// `npm test`: every tier, stopping at nothing so one run reports all failures.
// Build first: the e2e suite runs the built standalone stack.
// The two slow tiers share no state (the e2e stack runs in one process on its own embedded
// PostgreSQL, anvil and ports; the integration specs use the local services and anvils of their own),
// so they run side by side: most of their time is spent waiting on blocks, browsers and sockets, not
// on the CPU. TEST_SERIAL=1 runs everything one after the other (to read one tier's output alone).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts;
const only = process.env.TEST_STEPS?.split(',');
const keep = (steps) => steps.filter((s) => scripts[s] && (!only || only.includes(s)));
/** Lanes of one stage run at the same time; the steps of one lane one after the other. */
const stages = [
  [['build']],
  // Then three lanes that share nothing, all at once. The browser tier (a stack of its own, or E2E_SHARDS
  // of them) and the integration tier (the machine's services, its own anvils) are the two long ones,
  // so both start right after the build; the checks, the medium tier, the lint, the contract tests and
  // the distributed and fault suites (their own NATS, Redis, anvils and databases) fill the third lane.
  // The checks used to be a stage of their own before the long tiers, which then started ~4 minutes
  // later while that stage left part of the 2 cores idle (decision 132). db:check runs drizzle-kit's
  // generator over the migration folders, so it goes before the integration tier that reads them. The `:built`
  // scripts: the build stage above built everything, and an nx build in a lane rewrote dist folders
  // while the browser tier's stack was loading them (a clean-clone run's stack died on a missing
  // @metatag/nest-kit/dist/index.js)
  [
    ['test:e2e'],
    ['db:check', 'test:int'],
    [
      // typecheck and lint in one process, each TypeScript program built once (tools/typecheck-and-lint.mjs)
      'check:code',
      'format:check',
      'test:unit',
      'test:medium',
      'test:contracts',
      'test:distributed:built',
      'test:faults:built',
    ],
  ],
]
  .map((lanes) => lanes.map(keep).filter((lane) => lane.length > 0))
  .map((lanes) => (process.env.TEST_SERIAL ? [lanes.flat()] : lanes))
  .filter((lanes) => lanes.length > 0);
const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
  // The fault suite's soak offers 1,000 scans/s, more than 2 cores serve: for its minute nothing else in
  // the run moves (the browser tier's one-second page tests took 8–10 s beside it). Beside the other lanes
  // it soaks 20 s, which asserts the same (every accepted scan stored, 0 errors); `npm run test:faults`
  // alone keeps the minute.
  FAULTS_SOAK_SECONDS: process.env.FAULTS_SOAK_SECONDS ?? '20',
  // E2E_SHARDS (tools/e2e.mjs) stays 1 unless set: on 2 cores the run is bound by CPU, and two
  // browser stacks finished their tier sooner only by taking the integration tier's share
  // (2026-11-30: browser 1,388 s instead of ~1,550, integration 1,770 s instead of ~1,440)
};

// The lines that name a failed test: Playwright's list reporter (✘ and the summary's
// `[chromium] › file:line › title`) and node's spec reporter (✖). A CI log is read from its tail,
// where thousands of lines of a stack's log can bury them; the summary repeats them under the table.
const failureLine = /✘|✖|^(\[e2e \d+\/\d+\] )?\s+(\[chromium\] ›|\d+\) \[chromium\]|\d+ flaky$)/;
const MAX_FAILURE_LINES = 40;

/** Runs one step; beside another lane its lines carry the step's name so the two stay readable. */
function run(step, prefixed) {
  return new Promise((resolve) => {
    const started = Date.now();
    const failures = [];
    console.log(`\n=== npm run ${step}`);
    const child = spawn('npm', ['run', '--silent', step], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = prefixed ? `[${step}] ` : '';
    const take = (line, to) => {
      to.write(`${prefix}${line}\n`);
      if (failureLine.test(line) && failures.length < MAX_FAILURE_LINES && !failures.includes(line))
        failures.push(line);
    };
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) take(line, to);
      });
      from.on('end', () => rest && take(rest, to));
    }
    child.on('close', (status) =>
      resolve({
        step,
        ok: status === 0,
        seconds: Math.round((Date.now() - started) / 1000),
        failures,
      }),
    );
  });
}

const results = [];
const startedAll = Date.now();
for (const lanes of stages) {
  const lanesDone = await Promise.all(
    lanes.map(async (lane) => {
      const done = [];
      for (const step of lane) done.push(await run(step, lanes.length > 1));
      return done;
    }),
  );
  results.push(...lanesDone.flat());
  // without a build nothing after it means anything
  if (results.some((r) => r.step === 'build' && !r.ok)) break;
}

console.log('\n| step | result | seconds |\n|---|---|---|');
for (const r of results) console.log(`| ${r.step} | ${r.ok ? 'passed' : 'FAILED'} | ${r.seconds} |`);
// a step that passed with failure lines passed on a retry (Playwright's `retries` on CI): flaky, named
for (const r of results.filter((r) => r.failures.length > 0))
  console.log(
    `\n${r.step} ${r.ok ? 'passed, but these failed first (flaky)' : 'failed at'}:\n${r.failures.map((l) => `  ${l.trim()}`).join('\n')}`,
  );
const failed = results.filter((r) => !r.ok).length;
console.log(
  `\n${results.length - failed} passed, ${failed} failed in ${Math.round((Date.now() - startedAll) / 1000)} s`,
);
process.exit(failed ? 1 : 0);
