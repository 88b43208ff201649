import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium with the flags our machines need; `extraArgs` for a test's own browser. */
export function chromiumLaunchOptions(extraArgs: string[] = []): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
