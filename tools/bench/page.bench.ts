// `npm run bench:page`: how much JavaScript the public chip and link pages load before their first
// contentful paint, in Chromium, gzip-compressed (target ≤ 120 KB), and whether any wallet code
// (wagmi/viem: the wagmiConfig, ChipWallet and WalletProvider chunks) is among it. A benchmark, not a
// test: it prints a markdown table.
//
// It serves the built web app (apps/web/dist: run `npm run build` first) from the in-process stack
// on a fresh database and a local anvil, seeds a template with media, a chip and a link through the
// API, then opens each page in a fresh browser context (empty cache) a few times.
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { startAnvil } from '@metatag/contracts/node';
import {
  chipSecrets,
  newAdmin,
  randomUid,
  superAdmin,
} from '../../apps/standalone/src/testing/chips.fixture.js';
import { chromiumLaunchOptions } from '../../apps/e2e/tests/support/chromium.js';
import { startTestStack, type Client } from '../../apps/standalone/src/testing/stack.fixture.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_KB = 120;
const WALLET_CHUNK = /\/(wagmiConfig|ChipWallet|WalletProvider|WalletModal)-[^/]*\.js$/;
const WEB_DIST = new URL('../../apps/web/dist/index.html', import.meta.url);

interface Measure {
  fcpMs: number;
  scripts: { url: string; gzip: number }[];
  afterFcp: string[];
}

/** Resource timings of the page's scripts, split at the first contentful paint. */
async function measure(browser: Browser, url: string, ready: string): Promise<Measure> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.getByTestId(ready).waitFor();
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ url: entry.name, start: entry.startTime, end: entry.responseEnd }));
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { fcp, scripts, navStart: nav.startTime };
    });
    if (Number.isNaN(timing.fcp)) throw new Error(`${url}: no first-contentful-paint entry`);
    const before = timing.scripts.filter((s) => s.end <= timing.fcp);
    const scripts = await Promise.all(
      before.map(async (s) => ({
        url: s.url,
        gzip: gzipSync(Buffer.from(await (await fetch(s.url)).arrayBuffer())).length,
      })),
    );
    return {
      fcpMs: timing.fcp,
      scripts,
      afterFcp: timing.scripts.filter((s) => s.end > timing.fcp).map((s) => s.url),
    };
  } finally {
    await context.close();
  }
}

async function seed(owner: Client): Promise<{ chip: string; link: string }> {
  const collection = `0x${'ab'.repeat(20)}`;
  const created = await owner.call('POST', '/json/ganache/nft', { collectionAddress: collection });
  const nftId = (created.body.item as { id: number }).id;
  await owner.call('PUT', `/json/ganache/nft/${nftId}`, { title: 'Benchmark Sneaker' });
  await owner.call('PUT', `/json/ganache/nft/${nftId}`, {
    description: 'A long description with a link https://example.com [read-more] and more text.',
  });
  const chip = await owner.call('POST', `/json/qrlink/chip/${nftId}`, { uid: randomUid() });
  const link = await owner.call('POST', `/json/qrlink/link/${nftId}`, {});
  return { chip: (chip.body.item as { id: string }).id, link: (link.body.item as { id: string }).id };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const name = (url: string) => new URL(url).pathname.split('/').pop() ?? url;

if (!existsSync(WEB_DIST)) {
  console.error('bench:page measures the built web app: run `npm run build` first');
  process.exit(1);
}
const anvil = await startAnvil();
const stack = await startTestStack({ env: { ...chipSecrets(), RPC_URL_GANACHE: anvil.url } });
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const boss = await superAdmin(stack.url);
  const { client: owner } = await newAdmin(stack.url, boss);
  const ids = await seed(owner);
  const pages = [
    { label: 'chip page /tag/{id}', path: `/tag/${ids.chip}` },
    { label: 'link page /link/{id}', path: `/link/${ids.link}` },
  ];
  const rows: string[] = [];
  const details: string[] = [];
  let worst = 0;
  let walletBeforeFcp = false;
  for (const { label, path } of pages) {
    // a first visit warms the server (JIT, caches); then RUNS cold-browser visits are measured
    await measure(browser, `${stack.url}${path}`, 'chip-title');
    const runs: Measure[] = [];
    for (let run = 0; run < RUNS; run++)
      runs.push(await measure(browser, `${stack.url}${path}`, 'chip-title'));
    const bytes = runs.map((r) => r.scripts.reduce((sum, s) => sum + s.gzip, 0));
    const fcps = runs.map((r) => r.fcpMs).sort((a, b) => a - b);
    const wallet = runs.some((r) => r.scripts.some((s) => WALLET_CHUNK.test(s.url)));
    const walletLater = runs.some((r) => r.afterFcp.some((u) => WALLET_CHUNK.test(u)));
    walletBeforeFcp ||= wallet;
    worst = Math.max(worst, ...bytes);
    rows.push(
      `| ${label} | ${runs[0].scripts.length} | ${kb(Math.max(...bytes))} KB | ${fcps[Math.floor(fcps.length / 2)].toFixed(0)} ms | ${wallet ? 'yes ✗' : 'no'} | ${walletLater ? 'yes' : 'no'} |`,
    );
    details.push(`${label}: ${runs[0].scripts.map((s) => `${name(s.url)} ${kb(s.gzip)} KB`).join(', ')}`);
  }
  console.log(
    `\nPublic pages, JavaScript before first contentful paint (Chromium, cold cache, ${RUNS} runs each)\n`,
  );
  console.log(
    '| page | scripts | JS gzip before FCP (max) | FCP (median) | wallet code before FCP | wallet code after FCP |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(`\nScripts before FCP:\n${details.map((d) => `- ${d}`).join('\n')}`);
  const ok = worst <= TARGET_KB * 1024 && !walletBeforeFcp;
  console.log(
    `\nTarget ≤ ${TARGET_KB} KB gzip and no wallet code before FCP: ${ok ? 'met' : 'NOT met'} (${kb(worst)} KB)`,
  );
} finally {
  await browser.close();
  await stack.stop();
  await anvil.stop();
}
