import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hex } from 'viem';
import { freePort } from './anvil.js';

/** Alto's CLI from its npm package (`@pimlico/alto`, bin `alto`): runs on the machine's Node 20. */
export function altoCliPath(): string {
  const require = createRequire(import.meta.url);
  // the package exports only its entry (esm/index.js); the CLI sits beside it
  return join(dirname(require.resolve('@pimlico/alto')), 'cli', 'alto.js');
}

export interface AltoOptions {
  rpcUrl: string;
  entryPoint: string;
  /** Sends the bundles (a funded account of its own: its nonces are nobody else's). */
  executorKey: Hex;
  port?: number;
  log?: (line: string) => void;
}

export interface AltoHandle {
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Pimlico's Alto, an ERC-4337 bundler, beside a local chain. `--safe-mode false`: anvil has no
 * debug_traceCall JS tracer for the ERC-7562 checks (the paymaster is ours and sponsors only what we
 * sign); bundles go out as soon as an operation arrives. It deploys its simulation contracts through
 * the deterministic deployer on start.
 */
export async function startAlto(options: AltoOptions): Promise<AltoHandle> {
  const port = options.port ?? (await freePort());
  const args = [
    altoCliPath(),
    '--entrypoints',
    options.entryPoint,
    '--rpc-url',
    options.rpcUrl,
    '--executor-private-keys',
    options.executorKey,
    '--utility-private-key',
    options.executorKey,
    '--utility-wallet-monitor',
    'false',
    '--safe-mode',
    'false',
    '--deploy-simulations-contract',
    'true',
    '--port',
    String(port),
    '--log-level',
    'warn',
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => options.log?.(d.toString()));
  child.stderr?.on('data', (d: Buffer) => options.log?.(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`alto exited with code ${child.exitCode}`);
    const ok = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
    }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('alto did not answer within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
