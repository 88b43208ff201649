// The real readers' PcscPort: pyscard in a child process (pcsc-bridge.py, JSON lines). Chosen over
// nfc-pcsc/@pokusew/pcsclite because those need a native build at install (npm here runs no install
// scripts unless allowed, and node-gyp then needs libpcsclite-dev and a compiler on every desktop);
// Debian/Ubuntu ship pyscard and pcscd as packages (docs/decisions.md, issue #27).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  PcscError,
  type CardChannel,
  type CardEvent,
  type PcscErrorCode,
  type PcscPort,
} from '@metatag/chips';

const script = fileURLToPath(new URL('./pcsc-bridge.py', import.meta.url));

/** What to install, exactly, when the bridge cannot start. */
export const INSTALL_HINT =
  'a PC/SC reader needs pcsc-lite and pyscard: sudo apt-get install -y pcscd python3-pyscard && sudo systemctl start pcscd ' +
  '(macOS: pip3 install pyscard; Windows: pip install pyscard), then plug the reader in (ACR122U, ACR1252U, Identiv …)';

/** The CLI's words for a reader problem the bridge reported (`detail`: pcsc-lite's own words). */
export function readerProblem(code: PcscErrorCode, reader: string | undefined, detail: string): string {
  const name = reader ? `"${reader}"` : 'the reader';
  if (code === 'reader-busy')
    return `the reader ${name} is in use by another program (${detail}): close it (another personalise, pcsc_scan, a smart-card middleware) and run again`;
  if (code === 'no-reader')
    return `the reader ${name} is not available any more (${detail}): plug it back in (pcsc_scan lists the readers) and run again`;
  if (code === 'reader-error') return `the reader ${name} failed: ${detail}`;
  return detail;
}

/** A bridge line; anything else it prints (a stray print of pyscard's) is a reader error, not a crash. */
function parseLine(line: string): Reply & { ready: boolean } {
  try {
    return JSON.parse(line) as Reply & { ready: boolean };
  } catch {
    return {
      id: 0,
      ready: false,
      ok: false,
      error: 'reader-error',
      message: `the PC/SC bridge said: ${line.slice(0, 200)}`,
    };
  }
}

type Reply = { id: number; ok: boolean; error?: PcscErrorCode; message?: string; [k: string]: unknown };

export class PyscardPcsc implements PcscPort {
  private child!: ChildProcessWithoutNullStreams;
  private next = 1;
  private readonly waiting = new Map<number, (reply: Reply) => void>();
  private readonly listeners = new Set<(event: CardEvent) => void>();

  private reader?: string;

  /** `env`: the bridge's environment (tests give it a PYTHONPATH with a stand-in pyscard) */
  static async open(
    python = process.env.PCSC_PYTHON ?? '/usr/bin/python3',
    env: NodeJS.ProcessEnv = process.env,
  ): Promise<PyscardPcsc> {
    const port = new PyscardPcsc();
    const child = spawn(python, [script], { stdio: ['pipe', 'pipe', 'pipe'], env });
    port.child = child;
    // the bridge's last words, for a crash: pyscard's or python's own traceback
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    // a write to a bridge that has just died fails with EPIPE: the close handler below answers for it
    child.stdin.on('error', () => {});
    const lines = createInterface({ input: child.stdout });
    const ended = new Promise<string>((resolve) =>
      child.once('close', (code, signal) => {
        const last = stderr.trim().split('\n').at(-1);
        resolve(`the PC/SC bridge (${python}) exited with ${code ?? signal}${last ? `: ${last}` : ''}`);
      }),
    );
    const ready = await new Promise<{ ready: boolean; error?: string; message?: string }>((resolve) => {
      child.once('error', () =>
        resolve({ ready: false, error: 'no-python', message: `${python} not found` }),
      );
      lines.once('line', (line) => resolve(parseLine(line)));
      // a python that starts and dies without a word (a crash other than a missing module) must not
      // leave the CLI waiting for ever
      void ended.then((message) => resolve({ ready: false, error: 'exited', message }));
    });
    if (!ready.ready) {
      child.kill();
      throw new PcscError('no-service', `${ready.message ?? ready.error}: ${INSTALL_HINT}`);
    }
    lines.on('line', (line) => {
      const reply = parseLine(line);
      port.waiting.get(reply.id)?.(reply);
      port.waiting.delete(reply.id);
    });
    // a bridge that dies mid-run fails every call in flight and every later one, never a silent wait
    void ended.then((message) => {
      port.gone = message;
      for (const [id, answer] of port.waiting) {
        port.waiting.delete(id);
        answer({ id, ok: false, error: 'reader-error', message });
      }
    });
    return port;
  }

  /** set once the bridge process has exited: why */
  private gone?: string;

  private call(op: string, args: Record<string, unknown> = {}): Promise<Reply> {
    const id = this.next++;
    const reader = typeof args.reader === 'string' ? args.reader : this.reader;
    if (this.gone) return Promise.reject(new PcscError('reader-error', this.gone));
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (reply) => {
        if (reply.ok) return resolve(reply);
        const code = reply.error ?? 'reader-error';
        reject(new PcscError(code, readerProblem(code, reader, reply.message ?? op)));
      });
      this.child.stdin.write(`${JSON.stringify({ id, op, ...args })}\n`);
    });
  }

  async readers(): Promise<string[]> {
    return (await this.call('readers')).readers as string[];
  }

  private async poll(reader: string, present: boolean, timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    while ((await this.call('status', { reader })).present !== present) {
      if (Date.now() > until)
        throw new PcscError('timeout', present ? `no card on ${reader}` : `the card stays on ${reader}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const l of this.listeners) l({ type: present ? 'present' : 'removed', reader });
  }

  async waitForCard(reader: string, timeoutMs = 600_000): Promise<CardChannel> {
    await this.poll(reader, true, timeoutMs);
    await this.call('connect', { reader });
    this.reader = reader;
    return {
      reader,
      transmit: async (apdu) =>
        Buffer.from(
          (await this.call('transmit', { apdu: Buffer.from(apdu).toString('hex') })).response as string,
          'hex',
        ),
    };
  }

  async waitForRemoval(reader: string, timeoutMs = 600_000): Promise<void> {
    await this.call('disconnect');
    await this.poll(reader, false, timeoutMs);
  }

  onEvent(listener: (event: CardEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.child.stdin.end();
    this.child.kill();
  }
}
