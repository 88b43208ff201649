// `npm run bench:scan:batch` (issue #26): the batch-URL row beside the per-chip row, measured in the
// same run on the in-process stack, and the admin CSV import of 10,000 UIDs. A benchmark, not a test:
// it prints a markdown table.
//
// BENCH_BATCHES batches (100) hold BENCH_CHIPS chips (10,000), added through the batch API's CSV rows
// (timed: the import row). Taps: the same chips, each tapped once per round, through
//   - the per-chip URL: POST /json/check-tag {tag, query} (`/tag/{id}?picc_data=…&cmac=…`), and
//   - the batch URL:   POST /json/check-batch-tap {path} (`/tag?picc_data=…&cmac=…`: the server tries
//     the batches' forms, decrypts the PICC data with each candidate batch's meta key, finds the chip by UID).
// Every batch uses the same ready form on its own path (`/b{n}/tag`), so the server's form matching
// really chooses among 100 batches. Closed loop, BENCH_CONNECTIONS (16) at a time, BENCH_SECONDS (10) each.
// Env: BENCH_BATCHES, BENCH_CHIPS, BENCH_SECONDS, BENCH_CONNECTIONS, TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { batchChipKeys, readyForm, simulateFormTap, type BatchUrlForm, type ChipKeys } from '@metatag/chips';
import { Client, startTestStack } from '../../apps/standalone/src/testing/stack.fixture.js';

const BATCHES = Number(process.env.BENCH_BATCHES ?? 100);
const CHIPS = Number(process.env.BENCH_CHIPS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ORIGIN = 'https://brand.example';
/** BENCH_PROFILE=dir writes a CPU profile of each measured run there (per-chip-1, batch-1, …). */
const PROFILE_DIR = process.env.BENCH_PROFILE;

interface BenchChip {
  id: string;
  uid: string;
  keys: ChipKeys;
  form: BatchUrlForm;
  counter: number;
}

async function main(): Promise<void> {
  const stack = await startTestStack({
    env: {
      CHIP_MASTER_KEY: randomBytes(16).toString('hex'),
      SCAN_TOKEN_SECRET: randomBytes(32).toString('hex'),
      SCAN_RATE_LIMIT_PER_MINUTE: '0',
      // production refuses anvil's published keys; scans relay nothing
      RELAYER_PRIVATE_KEY: `0x${randomBytes(32).toString('hex')}`,
      NODE_ENV: process.env.NODE_ENV || 'production',
    },
  });
  try {
    const boss = new Client(stack.url);
    const login = await boss.call('POST', '/password-login', {
      name: 'admin',
      password: 'integration-admin-password',
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
    const nftId = ((await boss.call('POST', '/json/ganache/nft', {})).body.item as { id: number }).id;

    const perBatch = Math.ceil(CHIPS / BATCHES);
    const chips: BenchChip[] = [];
    let importMs = 0;
    let importRows = 0;
    for (let b = 0; b < BATCHES; b++) {
      const master = randomBytes(16);
      const form = readyForm('sdm-backend', `${ORIGIN}/b${b}/tag`);
      const created = await boss.call('POST', '/json/chip-batches', {
        nftId,
        name: `bench ${b}`,
        scheme: 'an10922',
        masterKey: master.toString('hex'),
        mode: 'aes',
        urlForm: form,
      });
      if (created.status !== 201) throw new Error(JSON.stringify(created.body));
      const id = created.body.id as string;
      const uids = Array.from({ length: Math.min(perBatch, CHIPS - chips.length) }, () =>
        randomBytes(7).toString('hex').toUpperCase(),
      );
      if (uids.length === 0) break;
      const start = performance.now();
      const added = await boss.call('POST', `/json/chip-batches/${id}/chips`, {
        rows: uids.map((uid) => ({ uid })),
      });
      importMs += performance.now() - start;
      importRows += uids.length;
      if (added.body.added !== uids.length) throw new Error(JSON.stringify(added.body));
      // the chips list pages by 1,000: a batch of more chips is read page by page
      const ids = new Map<string, string>();
      for (let after: number | null = 0; after !== null;) {
        const page = await boss.call('GET', `/json/chip-batches/${id}/chips?limit=1000&after=${after}`);
        for (const c of page.body.items as { id: string; uid: string }[]) ids.set(c.uid, c.id);
        after = page.body.next as number | null;
      }
      for (const uid of uids)
        chips.push({ id: ids.get(uid)!, uid, keys: batchChipKeys(master, uid, 'an10922'), form, counter: 0 });
    }

    // 10,000 UIDs as the admin page's CSV upload sends them (in chunks of 500)
    const bigMaster = randomBytes(16);
    const big = await boss.call('POST', '/json/chip-batches', {
      nftId,
      name: 'import',
      scheme: 'an10922',
      masterKey: bigMaster.toString('hex'),
      mode: 'aes',
    });
    const bigId = big.body.id as string;
    const bigUids = Array.from({ length: 10_000 }, () => randomBytes(7).toString('hex').toUpperCase());
    const importStart = performance.now();
    for (let i = 0; i < bigUids.length; i += 500) {
      const r = await boss.call('POST', `/json/chip-batches/${bigId}/chips`, {
        rows: bigUids.slice(i, i + 500).map((uid) => ({ uid })),
        firstRow: i + 1,
      });
      if (r.body.added !== 500) throw new Error(JSON.stringify(r.body));
    }
    const importS = (performance.now() - importStart) / 1000;

    const profiler = PROFILE_DIR ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
    }
    let profiled = 0;
    const run = async (batchUrl: boolean, profile = false) => {
      if (profiler && profile) await profiler.post('Profiler.start');
      let verified = 0;
      let refused = 0;
      const latencies: number[] = [];
      const end = performance.now() + SECONDS * 1000;
      let next = 0;
      const worker = async (w: number) => {
        // each connection owns its chips: their taps arrive in counter order
        const mine = chips.filter((_, i) => i % CONNECTIONS === w);
        while (performance.now() < end) {
          const chip = mine[next++ % mine.length];
          chip.counter += 1;
          const url = simulateFormTap(chip.form, chip.keys, { uid: chip.uid, readCounter: chip.counter });
          const t = performance.now();
          const reply = batchUrl
            ? await fetch(`${stack.url}/json/check-batch-tap`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ path: url.slice(ORIGIN.length) }),
              })
            : await fetch(`${stack.url}/json/check-tag`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ tag: chip.id, query: url.split('?')[1] }),
              });
          const body = (await reply.json()) as { ok: boolean };
          latencies.push(performance.now() - t);
          if (body.ok) verified++;
          else refused++;
        }
      };
      const start = performance.now();
      const cpu = process.cpuUsage();
      await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w)));
      const used = process.cpuUsage(cpu);
      const seconds = (performance.now() - start) / 1000;
      if (profiler && profile) {
        const { profile: taken } = await profiler.post('Profiler.stop');
        const name = `${batchUrl ? 'batch' : 'per-chip'}-${++profiled}.cpuprofile`;
        writeFileSync(`${PROFILE_DIR}/${name}`, JSON.stringify(taken));
      }
      latencies.sort((a, b) => a - b);
      const p = (q: number) => latencies[Math.floor(q * (latencies.length - 1))]?.toFixed(1);
      // CPU time per verified scan (server and load generator share this process: the generator's part
      // is the same for both rows): unlike scans/s it does not move with what else the machine runs
      const cpuUs = (used.user + used.system) / Math.max(verified, 1);
      return { perS: verified / seconds, refused, p50: p(0.5), p99: p(0.99), cpuUs };
    };
    // every chip tapped once through each path first (its keys, the batches' forms, its UID): the rows
    // compare warm scans, not which path happened to read more chips for the first time in its 10 s
    const warm = async (batchUrl: boolean) => {
      let i = 0;
      const tapNext = async (): Promise<void> => {
        for (let chip = chips[i++]; chip; chip = chips[i++]) {
          chip.counter += 1;
          const url = simulateFormTap(chip.form, chip.keys, { uid: chip.uid, readCounter: chip.counter });
          const reply = await fetch(`${stack.url}/json/${batchUrl ? 'check-batch-tap' : 'check-tag'}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(
              batchUrl ? { path: url.slice(ORIGIN.length) } : { tag: chip.id, query: url.split('?')[1] },
            ),
          });
          if (!((await reply.json()) as { ok: boolean }).ok)
            throw new Error(`warm-up tap of ${chip.uid} refused`);
        }
      };
      await Promise.all(Array.from({ length: CONNECTIONS }, tapNext));
    };
    await warm(false);
    await warm(true);
    // then measure A B B A: each row is the mean of two runs placed symmetrically, so a drift over the
    // run (the scans table growing, the machine's load) weighs on both rows alike
    const [a1, b1, b2, a2] = [
      await run(false, true),
      await run(true, true),
      await run(true),
      await run(false),
    ];
    const mean = (x: typeof a1, y: typeof a1) => ({
      perS: (x.perS + y.perS) / 2,
      refused: x.refused + y.refused,
      p50: ((Number(x.p50) + Number(y.p50)) / 2).toFixed(1),
      p99: Math.max(Number(x.p99), Number(y.p99)).toFixed(1),
      cpuUs: (x.cpuUs + y.cpuUs) / 2,
    });
    const perChip = mean(a1, a2);
    const batch = mean(b1, b2);
    console.log(
      `\n${CHIPS} chips in ${BATCHES} batches, ${CONNECTIONS} connections, ${SECONDS} s per run, rows measured A B B A (mean; p99 the worse run)\n`,
    );
    console.log('| row | verified scans/s | CPU µs per scan | refused | p50 ms | p99 ms |');
    console.log('|---|---|---|---|---|---|');
    console.log(
      `| per-chip URL (/tag/{id}?picc_data&cmac) | ${perChip.perS.toFixed(0)} | ${perChip.cpuUs.toFixed(0)} | ${perChip.refused} | ${perChip.p50} | ${perChip.p99} |`,
    );
    console.log(
      `| batch URL (/tag?picc_data&cmac, chip from the UID, ${BATCHES} batches) | ${batch.perS.toFixed(0)} (${((100 * batch.perS) / perChip.perS).toFixed(0)} % of per-chip) | ${batch.cpuUs.toFixed(0)} (${((100 * perChip.cpuUs) / batch.cpuUs).toFixed(0)} % of per-chip's scans per CPU second) | ${batch.refused} | ${batch.p50} | ${batch.p99} |`,
    );
    console.log(`\n| import | rows | seconds |\n|---|---|---|`);
    console.log(
      `| CSV rows into ${BATCHES} batches (one request each) | ${importRows} | ${(importMs / 1000).toFixed(2)} |`,
    );
    console.log(`| admin CSV upload: 10,000 UIDs in chunks of 500 | 10000 | ${importS.toFixed(2)} |`);
  } finally {
    await stack.stop();
  }
}

await main();
