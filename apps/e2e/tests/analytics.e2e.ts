import { test, expect } from '@playwright/test';
import { loginWithPassword } from './support/accounts.js';
import { provisionChip, seed, tap } from './support/chips.js';

/** Screenshots of the new screens (E2E_SHOTS_DIR, else the worktree's test-results). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/e2e/shots';

/**
 * Scan analytics of a template (issue #20): genuine taps of two chips (the chip CLI's SUN URLs) sent to
 * check-tag from three places (a loopback proxy's X-Forwarded-For, as behind the ingress), then the
 * page: totals, one chart point per day, one map marker per city, and its CSV against the API.
 */

test.setTimeout(240_000);
const LISBON = '193.136.1.1';
const TOKYO = '133.242.0.3';
const PLYMOUTH = '2.125.160.216';

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`analytics at ${viewport.width} px: totals, a point per day, a marker per city, the CSV`, async ({
    page,
  }) => {
    const { api, nftId, name } = await seed();
    const chips = [await provisionChip(nftId), await provisionChip(nftId)];
    for (const [chip, ip] of [
      [chips[0], LISBON],
      [chips[0], LISBON],
      [chips[1], TOKYO],
      [chips[0], PLYMOUTH],
    ] as const) {
      const url = new URL(await tap(chip), 'http://x');
      const res = await api.post('/json/check-tag', {
        data: { tag: chip, query: url.search.slice(1) },
        headers: { 'x-forwarded-for': ip },
      });
      expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
    }
    const reply = (await (await api.get(`/json/analytics/template/${nftId}`)).json()) as {
      totals: { scans: number };
      perDay: unknown[];
    };
    expect(reply.totals.scans).toBe(4);

    await page.setViewportSize(viewport);
    await loginWithPassword(page, 'ganache', name, 'chips-password');
    await expect(page).toHaveURL(/\/collections$/);
    await page.goto(`/ganache/admin/analytics/template/${nftId}`);
    await expect(page.getByTestId('total-scans')).toHaveText('4');
    await expect(page.getByTestId('total-firstScans')).toHaveText('2');
    await expect(page.getByTestId('total-repeatScans')).toHaveText('2');
    await expect(page.getByTestId('total-cities')).toHaveText('3');
    // nothing of this template was minted: the chain index counts no mint
    await expect(page.getByTestId('total-mints')).toHaveText('0');
    // one point per day of the range (30 days by default) on the scans line
    await expect(page.getByTestId('scans-point')).toHaveCount(reply.perDay.length);
    const today = new Date().toISOString().slice(0, 10);
    await expect(page.locator(`[data-testid=scans-point][data-day="${today}"]`)).toHaveAttribute(
      'data-scans',
      '4',
    );
    expect(reply.perDay.length).toBe(30);
    const markers = page.getByTestId('map-marker');
    await expect(markers).toHaveCount(3);
    await expect(page.locator('[data-testid=map-marker][data-city=Lisbon]')).toHaveAttribute(
      'data-scans',
      '2',
    );
    await expect(page.getByTestId('top-countries').locator('li').first()).toContainText('PT');
    await page.screenshot({ path: `${SHOTS}/analytics-${viewport.width}.png`, fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);

    // the page's CSV link is the API's CSV: one row per scan, the same places
    const href = (await page.getByTestId('scans-csv').getAttribute('href'))!;
    const csv = (await (await page.request.get(href)).text()).trim().split('\r\n');
    expect(csv[0]).toBe('chiplink,type,timestamp,city,radius,country');
    expect(csv.length - 1).toBe(reply.totals.scans);
    expect(csv.slice(1).map((line) => line.split(',')[3])).toEqual(['Lisbon', 'Lisbon', 'Tokyo', 'Plymouth']);
    const owners = (await page.getByTestId('owners-csv').getAttribute('href'))!;
    const ownersCsv = await page.request.get(owners);
    expect(ownersCsv.status()).toBe(200);
    expect((await ownersCsv.text()).trim()).toBe('token_id,owner,chiplink,type,collection');
    await api.dispose();
  });
}
