import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

/**
 * The anvil binary from the platform package of @foundry-rs (shipped in the npm tarball, no download).
 * The repository depends on the platform package directly: the meta package lists platform packages
 * that the registry does not have, which breaks `npm ci`.
 */
export function anvilBinaryPath(): string {
  const require = createRequire(import.meta.url);
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
  return join(dirname(pkg), 'bin', 'anvil');
}

export interface AnvilOptions {
  /** Port on 127.0.0.1; a free one when omitted. */
  port?: number;
  /** Load the chain from this file on start and dump it on exit (and every `stateInterval` seconds). */
  stateFile?: string;
  /** Seconds between anvil's own dumps of `stateFile` (default 5); 0: on exit only (the caller saves it). */
  stateInterval?: number;
  /** Anvil's output, line by line. */
  log?: (line: string) => void;
  /** More anvil flags, e.g. `['--block-time', '1']`. */
  args?: string[];
}

export interface AnvilHandle {
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a local chain (chain id 1337, the spec's "ganache") and waits until it answers JSON-RPC.
 *
 * Readiness is our own child's "Listening on" line, not merely an answer on the port: a port picked
 * free and released can be bound by another process first (tests and e2e stacks start chains side by
 * side), and an answer from that other chain made a test send its transactions there, where they were
 * never mined (CI on 52aaf91). Without a port, anvil binds port 0 and reports the one it got, so no
 * other process can take it in between. Anvil's per-request log is switched off once it is ready,
 * as `--silent` did.
 */
export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilHandle> {
  const args = ['--host', '127.0.0.1', '--port', String(options.port ?? 0), '--chain-id', '1337'];
  args.push(...(options.args ?? []));
  if (options.stateFile) {
    await mkdir(dirname(options.stateFile), { recursive: true });
    args.push('--state', options.stateFile);
    const interval = options.stateInterval ?? 5;
    if (interval > 0) args.push('--state-interval', String(interval));
  }
  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await listeningPort(child, options.log);
  const url = `http://127.0.0.1:${port}`;
  await waitForRpc(url, child);
  await rpc(url, 'anvil_setLoggingEnabled', [false]);
  return { url, port, child, stop: () => stopChild(child) };
}

const LISTENING = /Listening on [\d.]+:(\d+)/;

/**
 * The port our anvil reports once it is bound. Before that its output (the banner) is kept for the error
 * message; afterwards every line goes to `log`.
 */
function listeningPort(child: ChildProcess, log?: (line: string) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    let before = '';
    let port: number | undefined;
    const timer = setTimeout(() => fail('anvil did not report its port within 30 s'), 30_000);
    function fail(why: string) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${why}: ${before.slice(-500).trim()}`));
    }
    function onData(data: Buffer) {
      const text = data.toString();
      if (port !== undefined) return log?.(text);
      before += text;
      const match = LISTENING.exec(before);
      if (!match) return;
      port = Number(match[1]);
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(port);
    }
    function onExit(code: number | null) {
      fail(`anvil exited with code ${code} before it listened`);
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

async function rpc(url: string, method: string, params: unknown[]): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  if (!res.ok) throw new Error(`anvil ${method}: HTTP ${res.status}`);
}

async function waitForRpc(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited with code ${child.exitCode}`);
    const ok = await rpc(url, 'eth_chainId', []).then(
      () => true,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('anvil did not answer within 30 s');
}

/**
 * SIGINT makes anvil write its state file before exiting. Ctrl-C in a terminal may already have
 * signalled it (the whole process group gets the signal): then there is nothing to wait for.
 */
function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGINT');
  });
}

/** A free TCP port on 127.0.0.1 (tests and local chains never assume fixed ports). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
