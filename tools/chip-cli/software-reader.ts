// `personalise --reader software`: a software PC/SC reader (libs/chips SoftwarePcsc) fed with software
// NTAG 424 DNA chips, one new chip per count. A chip that left the reader mid-way (see CUT_ENV) stays
// "on the reader" for the next run: its non-volatile state (UID, keys, versions, files, counter) is kept in
// DATA_DIR/software-reader-{batch}, AES-256-GCM sealed under a key of the batch's master (it holds the
// chip's keys, so never in clear), and the next run of the same batch puts it back first; so does the chip
// on the reader when a run stopped on an error (the API refused its registration, say). A run that went
// through with no chip cut removes the file.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SoftwareNtag424, SoftwarePcsc, type SoftwareChipState } from '@metatag/chips';

/**
 * A testing aid, read only here (the software reader; the PC/SC path never reads it): the chip on the
 * software reader leaves it after this many APDUs of the run, as when a reader is pulled or the power goes.
 */
export const CUT_ENV = 'CHIP_SOFTWARE_CUT_AFTER_APDUS';

export class SoftwareReader {
  readonly port = new SoftwarePcsc();
  readonly reader = this.port.names[0];
  private current?: SoftwareNtag424;
  private cut?: SoftwareNtag424;
  private swapping = false;
  private done = false;

  private constructor(
    private readonly file: string,
    private readonly key: Buffer,
    private readonly tt: boolean,
    /** the chip an interrupted run left on the reader */
    private held: SoftwareNtag424 | undefined,
  ) {
    this.port.onEvent((event) => {
      if (event.type === 'removed' && !this.swapping) this.cut = this.current;
    });
  }

  /** The software reader for a batch, with the chip a cut run left on it; `env` is read for CUT_ENV. */
  static async open(
    dataDir: string,
    batch: { id: string; tt: boolean; journalKey: Buffer },
    env: NodeJS.ProcessEnv = process.env,
  ): Promise<SoftwareReader> {
    const file = join(dataDir, `software-reader-${batch.id.replace(/[^A-Za-z0-9_-]/g, '_')}`);
    const key = Buffer.from(
      hkdfSync('sha256', batch.journalKey, Buffer.alloc(0), 'metatag software reader v1', 32),
    );
    const state = existsSync(file) ? unseal(key, await readFile(file, 'utf8')) : undefined;
    const reader = new SoftwareReader(
      file,
      key,
      batch.tt,
      state ? SoftwareNtag424.restore(state) : undefined,
    );
    const cut = env[CUT_ENV];
    if (cut !== undefined && cut !== '') {
      if (!/^\d+$/.test(cut)) throw new Error(`${CUT_ENV} is a number of APDUs`);
      reader.port.removeAfter(Number(cut));
    }
    return reader;
  }

  /** The UID of the chip an interrupted run left on the reader (it goes on first). */
  get heldUid(): string | undefined {
    return this.held?.uid;
  }

  /** Takes the last chip off and puts the next on: the held one first, else a new blank chip. */
  feed = (): void => {
    this.swapping = true;
    this.port.remove();
    this.swapping = false;
    this.current = this.held ?? new SoftwareNtag424({ tt: this.tt });
    this.held = undefined;
    this.port.present(this.current);
  };

  /** The run went through (the chip on the reader is finished with). */
  finished(): void {
    this.done = true;
  }

  /**
   * Keeps the chip that left mid-way, or the one on the reader of a run that did not go through, for the
   * next run (sealed); forgets the file otherwise.
   */
  async close(): Promise<void> {
    await this.port.close();
    const keep = this.cut ?? this.held ?? (this.done ? undefined : this.current);
    if (keep) {
      await mkdir(dirname(this.file), { recursive: true });
      await writeFile(this.file, `${seal(this.key, keep.snapshot())}\n`, { mode: 0o600 });
    } else await rm(this.file, { force: true });
  }
}

function seal(key: Buffer, state: SoftwareChipState): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(state)), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function unseal(key: Buffer, text: string): SoftwareChipState | undefined {
  try {
    const raw = Buffer.from(text.trim(), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(
      Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(),
    ) as SoftwareChipState;
  } catch {
    return undefined; // another master (a batch re-created under the same id): a new chip instead
  }
}
