// `npm run chip -- personalise --batch B [--reader NAME|software] [--count N] [--url API] [--name N] [--password P]`
//
// Personalises NTAG 424 DNA chips put on a PC/SC reader one after another (issue #27) for a chip batch
// of the batches API (issue #26): the batch's URL template, mode, TagTamper and key version come from
// the API, its keys from the batch's personalisation package opened in memory (batch-source.ts). Per
// chip: UID and version, the factory key 0, the batch's NDEF URL, SUN at the computed offsets
// (TagTamper when the batch has it), keys 1..4 then 0 (`batchApplicationKeys`: keys 1 and 2 are the
// server's `batchChipKeys`), a phone's read verified with the server's verifier, then the chip
// registered in the batch through the API (UID; the server finds it from its PICC data).
// `--reader software` runs against software NTAG 424 DNA chips (demos, tests, benchmarks); a chip cut
// mid-way there (CHIP_SOFTWARE_CUT_AFTER_APDUS, a testing aid) stays on that reader for the next run
// (software-reader.ts). Journal: DATA_DIR/personalise-journal (sealed under a key of the batch's master;
// never a key). A chip that leaves the reader mid-way resumes where the journal and its key versions say.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MetaTagApiError, type MetaTag } from '@metatag/sdk';
import {
  PassphraseError,
  PcscError,
  personaliseChip,
  sdmSettings,
  type ChipOutcome,
  type PcscPort,
  type Step,
} from '@metatag/chips';
import { API_FLAGS, BatchError, batchFromApi, secret, signedIn, type BatchSettings } from './batch-source.js';
import { Journal } from './journal.js';
import { INSTALL_HINT, PyscardPcsc } from './pcsc-bridge.js';
import { SoftwareReader } from './software-reader.js';

export interface PersonaliseOptions {
  port: PcscPort;
  reader: string;
  count: number;
  batch: BatchSettings;
  journal: Journal;
  /** registers a chip in the batch through the API; undefined: not registered (bench) */
  register?: (uid: string) => Promise<void>;
  /**
   * puts the next chip on the reader (software reader); with it, a chip that leaves the reader mid-way
   * ends the run (no hand puts it back: the next run does), without it the run waits for it to come back
   */
  feed?: () => void;
  log?: (line: string) => void;
  timeoutMs?: number;
}

export interface PersonaliseSummary {
  personalised: number;
  resumed: number;
  skipped: number;
  refused: number;
  /** chips that left the reader mid-way and were not put back in this run (software reader) */
  interrupted: number;
  apdus: number;
  seconds: number;
  outcomes: (ChipOutcome & { apdus: number })[];
}

/** The loop over chips: one progress line each, a summary line at the end. */
export async function runPersonalise(o: PersonaliseOptions): Promise<PersonaliseSummary> {
  const log = o.log ?? ((line) => console.log(line));
  const settings = sdmSettings(o.batch.form, { mode: o.batch.mode, tt: o.batch.tt });
  const plan = {
    mode: o.batch.mode,
    tt: o.batch.tt,
    version: o.batch.keyVersion,
    keysFor: (uid: string) => o.batch.keysFor(uid),
    settingsFor: () => settings,
  };
  const started = Date.now();
  const summary: PersonaliseSummary = {
    personalised: 0,
    resumed: 0,
    skipped: 0,
    refused: 0,
    interrupted: 0,
    apdus: 0,
    seconds: 0,
    outcomes: [],
  };
  for (let n = 1; n <= o.count; n++) {
    o.feed?.();
    if (!o.feed) log(`[${n}/${o.count}] put a chip on ${o.reader}`);
    const card = await o.port.waitForCard(o.reader, o.timeoutMs);
    const chipStarted = Date.now();
    let outcome: ChipOutcome & { apdus: number };
    let seen: { uid: string; step: Step } | undefined;
    try {
      outcome = await personaliseChip(card, plan, async (uid, step) => {
        seen = { uid, step };
        await o.journal.record({ uid, batch: o.batch.id, step });
      });
    } catch (error) {
      if (error instanceof PcscError && error.code === 'card-removed') {
        const which = seen
          ? `${seen.uid} left the reader after step ${seen.step}`
          : 'the chip left the reader';
        if (o.feed) {
          summary.interrupted += 1;
          log(
            `[${n}/${o.count}] ${which}: interrupted, run the same command again to resume it (the journal knows its state)`,
          );
          break;
        }
        log(`[${n}/${o.count}] ${which}: put it back to resume it (the journal knows its state)`);
        n -= 1;
        continue;
      }
      throw error;
    }
    if (outcome.status !== 'refused' && outcome.uid) {
      if (o.register && o.journal.last(outcome.uid)?.step !== 'registered') {
        await o.register(outcome.uid);
        await o.journal.record({ uid: outcome.uid, batch: o.batch.id, step: 'registered' });
      }
    } else if (outcome.uid) await o.journal.record({ uid: outcome.uid, batch: o.batch.id, step: 'refused' });
    summary[outcome.status] += 1;
    summary.apdus += outcome.apdus;
    summary.outcomes.push(outcome);
    const detail =
      outcome.status === 'refused'
        ? outcome.reason
        : outcome.status === 'skipped'
          ? `${outcome.reason}, taps ${outcome.url}`
          : outcome.url;
    log(
      `[${n}/${o.count}] ${outcome.uid ?? '?'} ${outcome.status} (${outcome.apdus} APDUs, ${Date.now() - chipStarted} ms) ${detail}`,
    );
    if (o.feed) continue; // the software reader swaps chips itself
    log(`[${n}/${o.count}] take the chip off the reader`);
    await o.port.waitForRemoval(o.reader, o.timeoutMs);
  }
  summary.seconds = (Date.now() - started) / 1000;
  log(
    `personalised ${summary.personalised}, resumed ${summary.resumed}, skipped ${summary.skipped}, refused ${summary.refused}, interrupted ${summary.interrupted} ` +
      `in ${summary.seconds.toFixed(1)} s (${summary.apdus} APDUs)`,
  );
  return summary;
}

/** Which reader to use among those connected: the one named, or the only one; the CLI's words otherwise. */
export function chooseReader(readers: string[], wanted: string | undefined): string {
  const list = readers.map((r) => `"${r}"`).join(', ');
  if (readers.length === 0)
    throw new PcscError(
      'no-reader',
      `no PC/SC reader is connected: plug one in (pcscd sees none). ${INSTALL_HINT}`,
    );
  if (wanted !== undefined && !readers.includes(wanted))
    throw new PcscError(
      'unknown-reader',
      `no reader named "${wanted}"; connected: ${list} (name one with --reader, or --reader software)`,
    );
  if (wanted === undefined && readers.length > 1)
    throw new PcscError(
      'unknown-reader',
      `${readers.length} readers are connected: choose one with --reader (${list})`,
    );
  return wanted ?? readers[0];
}

/** The reader: `software`, the one named, or the only one connected (`open`: the PC/SC stack). */
export async function choosePort(
  reader: string | undefined,
  batch: Pick<BatchSettings, 'id' | 'tt' | 'journalKey'>,
  open: () => Promise<PcscPort> = () => PyscardPcsc.open(),
  dataDir = process.env.DATA_DIR ?? '.data',
): Promise<{
  port: PcscPort;
  reader: string;
  feed?: () => void;
  /** the run went through */
  finished: () => void;
  close: () => Promise<void>;
}> {
  if (reader === 'software') {
    const software = await SoftwareReader.open(dataDir, batch);
    return {
      port: software.port,
      reader: software.reader,
      feed: software.feed,
      finished: () => software.finished(),
      close: () => software.close(),
    };
  }
  const port = await open();
  try {
    return {
      port,
      reader: chooseReader(await port.readers(), reader),
      finished: () => {},
      close: () => port.close(),
    };
  } catch (error) {
    await port.close();
    throw error;
  }
}

/** What the CLI prints (on stderr) for an error it knows, undefined for a bug. */
export function failureMessage(error: unknown): string | undefined {
  if (error instanceof BatchError || error instanceof PcscError || error instanceof PassphraseError)
    return `chip personalise: ${error.message}`;
  if (error instanceof MetaTagApiError) return `chip personalise: the API refused: ${error.message}`;
  if (error instanceof Error && /placeholder|template|MAC input|ENC|NDEF|URL/.test(error.message))
    return `chip personalise: ${error.message}`;
  return undefined;
}

/**
 * Registers a proven chip in the batch (POST /json/chip-batches/{id}/chips). A chip already in this
 * batch (a run that stopped between the proof and the journal line) is fine; one linked elsewhere is not.
 */
export function registerIn(metatag: MetaTag, batchId: string): (uid: string) => Promise<void> {
  return async (uid) => {
    const { errors } = await metatag.importBatchChips(batchId, [{ uid }]);
    if (errors.length === 0) return;
    if (errors[0].error === 'This chip is already linked') {
      for (let after = 0; ;) {
        const page = await metatag.batchChips(batchId, after, 1000);
        if (page.items.some((c) => c.uid === uid && !c.deleted)) return;
        if (page.next === null) break;
        after = page.next;
      }
      throw new BatchError(`${uid} is personalised but linked outside batch ${batchId}: not registered`);
    }
    throw new BatchError(`${uid} was not registered: ${errors[0].error}`);
  };
}

export async function main(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...API_FLAGS,
      reader: { type: 'string' },
      count: { type: 'string', default: '1' },
    },
  });
  const fail = (message: string) => {
    console.error(`chip personalise: ${message}`);
    process.exitCode = 1;
  };
  try {
    if (!values.batch)
      return fail('--batch B is needed (a batch of the chip batches API: `chip batch list`)');
    const count = Number(values.count);
    if (!Number.isInteger(count) || count < 1) return fail('--count must be a positive integer');
    const metatag = await signedIn(values, values.password ?? (await secret('SUPER_ADMIN_PASSWORD')));
    const batch = await batchFromApi(metatag, values.batch);
    if (batch.keyVersion > 255) return fail('the batch key version is past 255: a chip holds one byte');
    const { port, reader, feed, finished, close } = await choosePort(values.reader, batch);
    const journal = await new Journal(
      join(process.env.DATA_DIR ?? '.data', 'personalise-journal'),
      batch.journalKey,
    ).load();
    try {
      const summary = await runPersonalise({
        port,
        reader,
        count,
        batch,
        journal,
        register: registerIn(metatag, batch.id),
        feed,
      });
      finished();
      if (summary.refused) process.exitCode = 1;
      if (summary.interrupted)
        fail('a chip left the reader mid-way: run the same command again to resume it');
    } finally {
      await close();
    }
  } catch (error) {
    const message = failureMessage(error);
    if (message === undefined) throw error;
    console.error(message);
    process.exitCode = 1;
  }
}
