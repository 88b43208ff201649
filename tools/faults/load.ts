// The suite's traffic: a paced stream of fresh SUN-message scans across the gateway replicas (each chip's
// taps in counter order on one connection, as a chip is tapped), and mints through the relayer over NATS,
// each retried under its Idempotency-Key until the relayer accepts it (what a careful client does).
import { randomBytes } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { deriveChipKeys, simulateTapQuery } from '@metatag/chips';
import { RELAYER } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { jsonPost, RawHttpConnection, type RawReply } from '../bench/raw-http-client.js';

export interface Chip {
  id: string;
  uid: string;
  /** The last counter used in a tap (accepted or not). */
  counter: number;
  /** How many taps of this chip the product accepted (`{"ok":true`). */
  accepted: number;
  maxAccepted: number;
}

export interface ScanCounts {
  ok: number;
  /** Anything but an accepted scan: an error reply, a refused fresh tap, a connection that failed. */
  err: number;
}

/** POST with the admin's session cookie. */
export class Admin {
  private cookie = '';
  constructor(readonly base: string) {}
  async call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
}

/** Signs in as the super admin, creates a template and provisions `count` chips with random UIDs. */
export async function provisionChips(base: string, password: string, count: number): Promise<Chip[]> {
  const admin = new Admin(base);
  const login = await admin.call('POST', '/password-login', { name: 'admin', password });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${JSON.stringify(login.body)}`);
  const template = await admin.call('POST', '/json/ganache/nft', {});
  if (template.status >= 300) throw new Error(`template: ${JSON.stringify(template.body)}`);
  const nftId = (template.body.item as { id: number }).id;
  const chips: Chip[] = [];
  for (let i = 0; i < count; i += 25) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, count - i) }, async () => {
        const uid = randomBytes(7).toString('hex').toUpperCase();
        const res = await admin.call('POST', `/json/qrlink/chip/${nftId}`, { uid });
        if (res.status !== 201) throw new Error(`provisioning failed: ${JSON.stringify(res.body)}`);
        return { id: (res.body.item as { id: string }).id, uid, counter: 0, accepted: 0, maxAccepted: 0 };
      }),
    );
    chips.push(...batch);
  }
  return chips;
}

const timeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timed out')), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e as Error);
      },
    );
  });

/**
 * Paced scans: `connections` keep-alive connections, spread over the gateways (a connection that fails
 * moves to the next gateway, as a load balancer would send it), together offering `rate` scans a second.
 */
export class ScanStream {
  readonly counts: ScanCounts = { ok: 0, err: 0 };
  latencies: number[] = [];
  rate: number;
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly keys: ReturnType<typeof deriveChipKeys>[];

  constructor(
    private readonly gateways: number[],
    readonly chips: Chip[],
    masterKey: string,
    private readonly connections: number,
    rate: number,
  ) {
    const master = Buffer.from(masterKey, 'hex');
    this.keys = chips.map((c) => deriveChipKeys(master, c.uid));
    this.rate = rate;
  }

  start(): void {
    this.running = true;
    this.loops = Array.from({ length: this.connections }, (_, i) => this.loop(i));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  snapshot(): ScanCounts {
    return { ...this.counts };
  }

  private tap(index: number): Buffer {
    const chip = this.chips[index];
    chip.counter += 1;
    const query = simulateTapQuery(
      this.keys[index],
      { uid: chip.uid, readCounter: chip.counter, mode: 'aes' },
      'auth',
    );
    return jsonPost(
      '127.0.0.1',
      '/json/check-tag',
      JSON.stringify({ tag: chip.id, auth: query.slice('auth='.length) }),
    );
  }

  private async loop(index: number): Promise<void> {
    const mine = this.chips.map((_, i) => i).filter((i) => i % this.connections === index);
    let gateway = index % this.gateways.length;
    let http: RawHttpConnection | undefined;
    let next = performance.now();
    for (let turn = 0; this.running; turn++) {
      const interval = (1000 * this.connections) / this.rate;
      next += interval;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      else if (wait < -1000) next = performance.now(); // behind: do not burst to catch up
      if (!this.running) break;
      const chip = mine[turn % mine.length];
      http ??= new RawHttpConnection('127.0.0.1', this.gateways[gateway]);
      const t0 = performance.now();
      let reply: RawReply | undefined;
      try {
        reply = await timeout(http.send(this.tap(chip)), 15_000);
      } catch {
        http.close();
        http = undefined;
        gateway = (gateway + 1) % this.gateways.length;
      }
      if (reply && reply.status === 200 && reply.body.startsWith('{"ok":true')) {
        this.counts.ok += 1;
        const c = this.chips[chip];
        c.accepted += 1;
        c.maxAccepted = c.counter;
        if (this.latencies.length < 500_000) this.latencies.push(performance.now() - t0);
      } else {
        this.counts.err += 1;
        if (reply && reply.status >= 500) await new Promise((r) => setTimeout(r, 50));
      }
    }
    http?.close();
  }
}

export interface AcceptedMint {
  key: string;
  to: string;
  tokenId: string;
  id: string;
  acceptedAt: number;
}

/** Mints through the relayer over NATS, each under its own Idempotency-Key, retried until accepted. */
export class MintStream {
  readonly accepted = new Map<string, AcceptedMint>();
  issued = 0;
  private readonly tasks: Promise<void>[] = [];
  private readonly run = randomBytes(3).toString('hex');

  constructor(
    private readonly client: ServiceClient,
    private readonly collection: string,
    private readonly deadlineMs: number,
  ) {}

  /** Issues `count` mints at once (each keeps retrying in the background until accepted). */
  burst(count: number): void {
    for (let i = 0; i < count; i++) this.tasks.push(this.mint(`faults-${this.run}-${this.issued++}`));
  }

  private async mint(key: string): Promise<void> {
    const to = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
    const deadline = Date.now() + this.deadlineMs;
    while (Date.now() < deadline) {
      try {
        const record = await this.client.send(RELAYER.createMint, {
          chain: 'ganache',
          nftId: 'faults',
          collection: this.collection,
          to,
          idempotencyKey: key,
        });
        this.accepted.set(key, {
          key,
          to,
          tokenId: String(record.tokenId),
          id: String(record.id),
          acceptedAt: Date.now(),
        });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  /** Resolves when every mint issued so far was accepted (or gave up at its deadline). */
  async settled(): Promise<void> {
    await Promise.all(this.tasks);
  }
}
