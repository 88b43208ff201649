import type { LaunchOptions } from '@playwright/test';

/** Debian's full Chromium (package chromium). */
export const FULL_CHROMIUM = '/usr/bin/chromium';

/**
 * The suite's browser, which tools/e2e.mjs chooses and passes as CHROMIUM_PATH: Debian's headless shell
 * where installed (the same Blink and V8 without the browser's UI layers, ~40 % less CPU, decision 133).
 */
const suiteChromium = (): string => process.env.CHROMIUM_PATH ?? FULL_CHROMIUM;

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
