import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { provisionChip, seed, tap } from './support/chips.js';

/**
 * Chip page layout defects of issue #30: a dark collection theme colours the whole window at 1280 px
 * (not only the 585 px column), and the menu closes on Escape and on a click elsewhere.
 */

test.setTimeout(180_000);
const SHOTS = fileURLToPath(new URL('../artifacts/layout/', import.meta.url));

test('a dark theme fills the window; the chip menu closes on Escape and on a click outside', async ({
  page,
}) => {
  const owner = await seed();
  const put = await owner.api.put(`/json/ganache/collection/${owner.collection}/template`, {
    data: { theme: 'dark', menuToggle: true, menuLinks: [{ title: 'Shop', href: '/terms', category: '' }] },
  });
  expect(put.ok(), await put.text()).toBe(true);
  const chip = await provisionChip(owner.nftId);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(await tap(chip));
  await expect(page.getByTestId('chip-title')).toHaveText('Golden Sneaker');

  // the page's edge (outside the 585 px column) has the dark background, not the light body's
  const edge = await page.evaluate(() => {
    const element = document.elementFromPoint(20, 700)!;
    let node: Element | null = element;
    while (node && getComputedStyle(node).backgroundColor === 'rgba(0, 0, 0, 0)') node = node.parentElement;
    return node ? getComputedStyle(node).backgroundColor : getComputedStyle(document.body).backgroundColor;
  });
  expect(edge).toBe('rgb(18, 18, 21)');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'chip-dark-1280.png'), fullPage: true });

  const menuButton = page.getByRole('button', { name: 'Menu' });
  const menu = page.getByRole('navigation', { name: 'Collection menu' });
  await menuButton.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await menuButton.click();
  await expect(menu).toBeVisible();
  await page.getByTestId('chip-title').click();
  await expect(menu).toHaveCount(0);
});
