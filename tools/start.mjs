// `npm start`: build what changed (Nx cache), then run the standalone stack in the foreground.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const nx = fileURLToPath(new URL('../node_modules/.bin/nx', import.meta.url));
const built = spawnSync(nx, ['run-many', '-t', 'build', '--output-style=static'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
});
if (built.status !== 0) process.exit(built.status ?? 1);

const child = spawn(process.execPath, ['apps/standalone/dist/main.js'], { cwd: root, stdio: 'inherit' });
// The standalone process stops its children itself; pass signals on in case only we received one.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
