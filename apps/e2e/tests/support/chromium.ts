import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's full Chromium (package chromium). */
export const FULL_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same Blink and V8 in the old
 * headless mode, without the browser's UI layers, as Playwright itself runs headless tests. Over the
 * suite it used ~40 % less of Chromium's CPU than the full browser (424 against ~700 CPU-s, decision 133).
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The suite's browser: CHROMIUM_PATH (tools/e2e.mjs sets it), else the headless shell where installed. */
export function suiteChromium(): string {
  return process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
}

/**
 * Debian's Chromium with the flags our machines need; `extraArgs` for a test's own browser. `full`: the
 * full browser, for a test that needs what the headless shell leaves out (it ignores
 * --unsafely-treat-insecure-origin-as-secure, and its upload throttling let a cancelled upload through).
 */
export function chromiumLaunchOptions(
  extraArgs: string[] = [],
  browser: 'suite' | 'full' = 'suite',
): LaunchOptions {
  return {
    executablePath: browser === 'full' ? FULL_CHROMIUM : suiteChromium(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      ...extraArgs,
    ],
  };
}
