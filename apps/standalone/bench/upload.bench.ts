// `npm run bench:upload`: 100 MB uploads through the gateway (multipart → busboy → MediaStorage) and the
// gateway process's resident memory while they stream. Not a test: it prints a markdown table.
// The server runs in a child process (the whole in-process stack) so the client's own memory does not count.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { signInPasswordUser, signInSuperAdmin } from '../src/testing/sign-in.fixture.js';
import { generatedPngStream, putMultipart } from '../src/testing/media.fixture.js';

const SIZE = 100_000_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MB = 1024 * 1024;

const root = fileURLToPath(new URL('../../..', import.meta.url));
const child = spawn(
  process.execPath,
  ['--conditions=source', '--import', './tools/register.mjs', 'apps/standalone/bench/upload-server.ts'],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
);
const url = await new Promise<string>((resolve, reject) => {
  child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('{')) resolve((JSON.parse(line) as { url: string }).url);
  });
});

/** Resident and peak-resident memory of the server process, from /proc (Linux). */
function memory(): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

try {
  const boss = await signInSuperAdmin(url);
  const user = await signInPasswordUser(url, boss.client);
  const rows: string[] = [];
  for (let run = 1; run <= RUNS + 1; run++) {
    const created = await user.client.call('POST', '/json/ganache/nft', {});
    const id = (created.body.item as { id: number }).id;
    const before = memory().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, memory().rss)), 20);
    const started = performance.now();
    const res = await putMultipart(`${url}/json/ganache/nft/${id}`, generatedPngStream(SIZE), {
      cookie: user.client.cookie,
      length: SIZE,
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, memory().rss);
    if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.body.toString()}`);
    // run 0 warms up (JIT, pools, first file in the directory); it is not reported
    if (run === 1) continue;
    rows.push(
      `| ${run - 1} | ${(SIZE / 1e6).toFixed(0)} MB | ${seconds.toFixed(2)} s | ${(SIZE / MB / seconds).toFixed(0)} MiB/s | ` +
        `${(before / MB).toFixed(0)} MiB | ${(peak / MB).toFixed(0)} MiB | ${((peak - before) / MB).toFixed(1)} MiB |`,
    );
  }
  console.log(
    `\nUpload through the gateway, local-disk storage, ${RUNS} runs after one warm-up (node ${process.version}):\n`,
  );
  console.log('| run | file | time | throughput | server RSS before | server RSS peak | peak delta |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(
    `\nServer peak RSS over the whole process life (VmHWM): ${(memory().hwm / MB).toFixed(0)} MiB.`,
  );
} finally {
  child.kill('SIGTERM');
}
