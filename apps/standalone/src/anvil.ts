import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { stopChild } from './child-process.js';

export interface AnvilHandle {
  url: string;
  stop(): Promise<void>;
}

/** The platform binary shipped inside @foundry-rs/anvil's optional dependency (no download). */
function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
  return join(dirname(pkg), 'bin', 'anvil');
}

/**
 * The local chain (the spec's "ganache", chain id 1337). `--state` loads the chain from disk on
 * start and dumps it on exit; `--state-interval` also dumps every few seconds so a crash loses little.
 */
export async function startAnvil(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<AnvilHandle> {
  const stateFile = join(options.dataDir, 'chain', 'state.json');
  await mkdir(dirname(stateFile), { recursive: true });
  const child: ChildProcess = spawn(
    anvilBinary(),
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(options.port),
      '--chain-id',
      '1337',
      '--state',
      stateFile,
      '--state-interval',
      '5',
      '--silent',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (d: Buffer) => options.log?.(d.toString()));
  child.stderr?.on('data', (d: Buffer) => options.log?.(d.toString()));
  const url = `http://127.0.0.1:${options.port}`;
  await waitForRpc(url, child);
  return { url, stop: () => stopChild(child, 'SIGINT') };
}

async function waitForRpc(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('anvil did not answer within 30 s');
}
