// `npm run typecheck`: the repository as three TypeScript programs (the Node apps, libraries and tools;
// the web app with its UI library; the browser tests), two at a time, every one reported. One program
// per kind, not one per project: each project's program type-checked again the library sources it
// imports, so a library was checked once per project that uses it (289 s of CPU against 74 s, #31).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TYPE_PROGRAMS } from './type-programs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const programs = TYPE_PROGRAMS;

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (status) => {
      process.stdout.write(output);
      console.log(
        `${project}: ${status === 0 ? 'ok' : 'errors'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      resolve(status === 0);
    });
  });
}

const queue = [...programs];
const results = [];
await Promise.all(
  [0, 1].map(async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.push(await check(next));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
