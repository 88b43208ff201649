import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { openApiDocument } from '@metatag/api-types';
import { startTestStack, type TestStack } from './testing/stack.fixture.js';

// The API documentation ships with the app: /api/openapi.json is the route table's document, and
// /api/docs renders it with Swagger UI from our own origin under a CSP without inline script.
let stack: TestStack;
before(async () => {
  stack = await startTestStack();
});
after(() => stack?.stop());

test('/api/openapi.json serves the generated document', async () => {
  const res = await fetch(`${stack.url}/api/openapi.json`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /application\/json/);
  assert.deepEqual(await res.json(), openApiDocument());
});

test('/api/docs: a strict CSP, no inline script, no third-party origin; unknown files are a JSON 404', async () => {
  const res = await fetch(`${stack.url}/api/docs`);
  assert.equal(res.status, 200);
  const csp = res.headers.get('content-security-policy') ?? '';
  assert.match(csp, /script-src 'self';/);
  const html = await res.text();
  assert.doesNotMatch(html, /<script>|<script [^>]*>[^<]+<\/script>/, 'no inline script');
  assert.doesNotMatch(html, /https?:\/\//, 'no CDN');
  const missing = await fetch(`${stack.url}/api/docs/nothing.js`);
  assert.equal(missing.status, 404);
  assert.equal(((await missing.json()) as { error: string }).error, 'not_found');
});

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

test('the documentation page renders every tag and an operation with its error texts, at 1280 and 390 px', async () => {
  // the browser tier's choice (decision 133): Debian's headless shell where installed, and the flags that
  // keep Chromium from reaching for Google's hosts, which this machine's closed network refuses
  const browser = await chromium.launch({
    executablePath:
      process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const violations: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') violations.push(m.text());
      });
      await page.goto(`${stack.url}/api/docs`);
      await page.getByRole('heading', { name: /MetaTag API/ }).waitFor();
      for (const tag of ['Auth', 'Templates', 'Chips and links', 'Scan']) {
        await page.locator(`h3#operations-tag-${tag.replace(/ /g, '_')}`).waitFor();
      }
      const checkTag = page.locator('#operations-Scan-checkTag');
      await checkTag.locator('.opblock-summary').first().click();
      await checkTag.getByText("'Not Authentic'").first().waitFor();
      const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
      assert.ok(Number(overflow) <= 1, `no horizontal scroll at ${width} px (${overflow})`);
      if (process.env.SCREENSHOT_DIR)
        await page.screenshot({
          path: `${process.env.SCREENSHOT_DIR}/api-docs-${width}.png`,
          fullPage: false,
        });
      assert.deepEqual(
        violations.filter((v) => /Content Security Policy|Refused/.test(v)),
        [],
        'no CSP violations',
      );
      await page.close();
    }
  } finally {
    await browser.close();
  }
});
