import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';

/** A free TCP port on 127.0.0.1 (tests never assume fixed ports). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Proc {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Spawns a process, keeps its output for failure messages, and stops it with SIGTERM then SIGKILL. */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  cwd: string,
): Proc {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return {
    child,
    output: () => out.slice(-4000),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Polls `fn` until it returns a value or the deadline passes. */
export async function waitFor<T>(
  fn: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

/** Starts a server binary (nats-server, redis-server) and waits until its port takes connections. */
export async function startServer(command: string, args: string[], port: number): Promise<ChildProcess> {
  const child = spawn(command, args, { stdio: 'ignore' });
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
      const open = await new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      return open || undefined;
    },
    20_000,
    `${command} on ${port}`,
  );
  return child;
}

/** A nats-server of the test's own: its subjects meet no other suite's services. */
export async function privateNats(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = await startServer('nats-server', ['-a', '127.0.0.1', '-p', String(port)], port);
  return { url: `nats://127.0.0.1:${port}`, child };
}

/** A redis-server of the test's own that keeps nothing on disk: its queues meet no other suite's workers. */
export async function privateRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = await startServer('redis-server', args, port);
  return { url: `redis://127.0.0.1:${port}`, child };
}
