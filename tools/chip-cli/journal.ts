// The personalisation journal: one sealed line per step a chip passes, so a run stopped mid-chip (reader
// pulled, power cut) knows on the next run what that chip already holds and which public id its URL
// carries. AES-256-GCM under the batch's journal key (HKDF-SHA256 of the batch's master, batch-source.ts),
// HKDF'd once more here; no key is ever written, only UID, batch, step and time. Lines that do not open
// (another batch or master) are ignored.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Step } from '@metatag/chips';

export interface JournalEntry {
  uid: string;
  batch: string;
  step: Step | 'registered' | 'refused';
  /** the chip's public id, when its URL names it */
  id?: string;
  at: string;
}

export class Journal {
  private readonly key: Buffer;
  private entries = new Map<string, JournalEntry>();

  constructor(
    private readonly file: string,
    masterKey: Buffer,
  ) {
    this.key = Buffer.from(
      hkdfSync('sha256', masterKey, Buffer.alloc(0), 'metatag personalise journal v1', 32),
    );
  }

  async load(): Promise<this> {
    if (!existsSync(this.file)) return this;
    for (const line of (await readFile(this.file, 'utf8')).split('\n')) {
      const entry = this.open(line);
      if (entry) this.entries.set(entry.uid, { ...this.entries.get(entry.uid), ...entry });
    }
    return this;
  }

  /** The last state of a chip (its id kept from earlier lines). */
  last(uid: string): JournalEntry | undefined {
    return this.entries.get(uid);
  }

  async record(entry: Omit<JournalEntry, 'at'>): Promise<void> {
    const full = { ...this.entries.get(entry.uid), ...entry, at: new Date().toISOString() };
    this.entries.set(entry.uid, full);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(full)), cipher.final()]);
    await mkdir(dirname(this.file), { recursive: true });
    await appendFile(this.file, `${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}\n`, {
      mode: 0o600,
    });
  }

  private open(line: string): JournalEntry | undefined {
    if (!line.trim()) return undefined;
    try {
      const raw = Buffer.from(line, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return JSON.parse(
        Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(),
      ) as JournalEntry;
    } catch {
      return undefined;
    }
  }
}
