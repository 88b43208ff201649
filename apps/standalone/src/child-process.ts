import type { ChildProcess } from 'node:child_process';

/**
 * Stops a child and waits for it. Ctrl-C in a terminal signals the whole process group, so the
 * child may already be gone: then there is nothing to wait for. A child that ignores the signal
 * is killed after `graceMs`.
 */
export async function stopChild(
  child: ChildProcess | undefined,
  signal: NodeJS.Signals,
  graceMs = 15_000,
): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}
