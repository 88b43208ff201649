// `npm run bench:search`: search latency (p50/p95/max) through the gateway's GET /json/search on the
// in-process stack (gateway → fan-out → templates + chiplinks → PostgreSQL with pg_trgm) over
// BENCH_CHIPS chips (100,000) and BENCH_TEMPLATES templates (10,000). A benchmark, not a test.
//
// Seeding: one template and a few chips through the API (so the rows are the product's), then the
// bulk made by the services' own tables in one INSERT … SELECT each (the API makes one chip per
// request: 100,000 requests would take longer than the measurement). Queries as a visitor and as the
// templates' owner: a chip id, an id prefix, a mistyped id, a chip UID, a template word, a misspelled
// template word, a collection-less miss.
// Env: BENCH_CHIPS, BENCH_TEMPLATES, BENCH_ROUNDS (200 per query kind), TEST_DATABASE_URL.
import pg from 'pg';
import { randomBytes } from 'node:crypto';

const CHIPS = Number(process.env.BENCH_CHIPS ?? 100_000);
const TEMPLATES = Number(process.env.BENCH_TEMPLATES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WORDS = [
  'golden',
  'silver',
  'sneaker',
  'jacket',
  'watch',
  'bottle',
  'vintage',
  'limited',
  'edition',
  'leather',
  'porto',
  'lisbon',
  'handmade',
  'ceramic',
  'wine',
  'poster',
  'concert',
  'ticket',
  'artwork',
  'canvas',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const { startTestStack, Client } = await import('../../apps/standalone/src/testing/stack.fixture.js');
  const { signInPasswordUser, signInSuperAdmin } =
    await import('../../apps/standalone/src/testing/sign-in.fixture.js');
  const stack = await startTestStack({
    env: {
      NODE_ENV: process.env.NODE_ENV || 'production',
      DATABASE_POOL_SIZE: '20',
      // production refuses anvil's published keys (libs/config dev-secrets.ts); search relays nothing
      RELAYER_PRIVATE_KEY: `0x${randomBytes(32).toString('hex')}`,
      SCAN_TOKEN_SECRET: randomBytes(32).toString('hex'),
      // the per-client search limit would cut the rounds short: this measures the queries
      SCAN_RATE_LIMIT_PER_MINUTE: '0',
    },
  });
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const boss = await signInSuperAdmin(stack.url);
    const owner = await signInPasswordUser(stack.url, boss.client);
    const made = await owner.client.call('POST', '/json/ganache/nft', {});
    if (made.status !== 201) throw new Error(`template: ${JSON.stringify(made.body)}`);
    const nftId = (made.body.item as { id: number }).id;
    const apiChips: { id: string; uid: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const uid = randomBytes(7).toString('hex').toUpperCase();
      const res = await owner.client.call('POST', `/json/qrlink/chip/${nftId}`, { uid });
      if (res.status !== 201) throw new Error(`chip: ${JSON.stringify(res.body)}`);
      apiChips.push({ id: (res.body.item as { id: string }).id, uid });
    }

    const seedStart = performance.now();
    await db.query(
      `INSERT INTO chiplinks.chiplinks (id, type, nft_id, uid, token_to_mint)
       SELECT 'b' || substr(md5(i::text || 'x'), 1, 13), 'chip', $1, upper(substr(md5(i::text || 'u'), 1, 14)), i::text
       FROM generate_series(1, $2::int) AS i`,
      [nftId, CHIPS],
    );
    await db.query(
      `INSERT INTO chiplinks.public_names (name, chiplink_id, kind)
       SELECT upper(id), id, 'id' FROM chiplinks.chiplinks WHERE id LIKE 'b%'
       ON CONFLICT DO NOTHING`,
    );
    await db.query(
      `INSERT INTO templates.nft_templates (chain, owner_id, title, description)
       SELECT 'ganache', CASE WHEN i % 2 = 0 THEN $1::int ELSE $1::int + 100000 END,
         initcap(($3::text[])[1 + i % 20] || ' ' || ($3::text[])[1 + (i / 20) % 20] || ' #' || i),
         'A ' || ($3::text[])[1 + (i / 7) % 20] || ' made in ' || ($3::text[])[1 + (i / 3) % 20] || '. Item ' || i
       FROM generate_series(1, $2::int) AS i`,
      [owner.id, TEMPLATES, WORDS],
    );
    await db.query(
      'ANALYZE chiplinks.chiplinks; ANALYZE chiplinks.public_names; ANALYZE templates.nft_templates',
    );
    const seedS = (performance.now() - seedStart) / 1000;

    const anonymous = new Client(stack.url);
    const chip = apiChips[0];
    const bulkId = (
      await db.query<{ id: string }>(
        `SELECT id FROM chiplinks.chiplinks WHERE id LIKE 'b%' LIMIT 1 OFFSET 4242`,
      )
    ).rows[0].id;
    const cases: { name: string; as: InstanceType<typeof Client>; q: string }[] = [
      { name: 'chip id (exact)', as: anonymous, q: chip.id },
      { name: 'bulk chip id, lower case', as: anonymous, q: bulkId.toLowerCase() },
      // prefixes and near misses are the owner's alone (issue #28: a link id is a bearer claim)
      { name: 'chip id prefix (6, owner)', as: owner.client, q: bulkId.slice(0, 6) },
      { name: 'mistyped chip id (owner)', as: owner.client, q: `${bulkId.slice(0, -2)}zz` },
      { name: 'chip id prefix (6, anonymous: none)', as: anonymous, q: bulkId.slice(0, 6) },
      { name: 'chip UID', as: anonymous, q: chip.uid },
      { name: 'token id', as: anonymous, q: '4242' },
      { name: 'template word (owner)', as: owner.client, q: 'sneaker' },
      { name: 'misspelled word (owner)', as: owner.client, q: 'sneker' },
      { name: 'two words (owner)', as: owner.client, q: 'golden jacket' },
      { name: 'nothing matches (owner)', as: owner.client, q: 'qqqqqqqq' },
    ];
    const rows: string[] = [];
    const all: number[] = [];
    for (const c of cases) {
      const path = `/json/search?q=${encodeURIComponent(c.q)}`;
      for (let i = 0; i < 10; i++) await c.as.call('GET', path); // warm-up
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const start = performance.now();
        const res = await c.as.call('GET', path);
        times.push(performance.now() - start);
        if (res.status !== 200) throw new Error(`${c.name}: ${res.status} ${JSON.stringify(res.body)}`);
        hits = (res.body.groups as { hits: unknown[] }[]).reduce((n, g) => n + g.hits.length, 0);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      rows.push(
        `| ${c.name} | ${hits} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times[times.length - 1].toFixed(1)} |`,
      );
    }
    all.sort((a, b) => a - b);
    console.log(
      `\n${CHIPS} chips, ${TEMPLATES} templates (half of them the owner's), seeded in ${seedS.toFixed(1)} s; ${ROUNDS} sequential requests per query\n`,
    );
    console.log('| query | hits | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|');
    console.log(rows.join('\n'));
    console.log(
      `| **all** | | **${percentile(all, 50).toFixed(1)}** | **${percentile(all, 95).toFixed(1)}** | ${all[all.length - 1].toFixed(1)} |`,
    );
  } finally {
    await db.end();
    await stack.stop();
  }
}

await main();
