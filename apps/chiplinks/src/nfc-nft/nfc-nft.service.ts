import { Inject, Injectable } from '@nestjs/common';
import { NFC_NFT_NOT_FOUND } from '@metatag/api-types';
import type { Actor, RequestParsed } from '@metatag/events';
import { NFC_NFT } from '@metatag/events';
import { AppError } from '@metatag/nest-kit';
import { TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import { ChiplinkRepository } from '../links/chiplink.repository.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import {
  isUniqueViolation,
  NfcNftRepository,
  toNfcNftItem,
  type NfcNftEditable,
  type NfcNftRow,
} from './nfc-nft.repository.js';
import { RecordTargetPolicy, TAG_RELAYERS, type TagRelayers } from './record-targets.policy.js';

export { TAG_RELAYERS, type TagRelayers } from './record-targets.policy.js';

export const CHIP_NOT_FOUND = 'Chip not found';
export const CHIP_TAKEN = 'This chip already has an NFC-NFT record';
export const NO_RECORD_FOR_TAG = 'No NFC-NFT record for this tag';
export const AMBIGUOUS_TAG = 'More than one NFC-NFT record has this nftId: use the chip id';
export const NOT_READY = 'Attach a chip and set the chain and smartContract before a pending transaction';

type UpdateInput = RequestParsed<typeof NFC_NFT.update>;
type SetPendingInput = RequestParsed<typeof NFC_NFT.setPending>;

/**
 * NFC-NFT records (spec sections 3, 6, 7): each belongs to the admin who made it, and only that admin
 * lists, changes or removes it (anyone else gets the same 404 as for a record that does not exist).
 * A record's chip must be a live chip of one of its owner's own templates.
 */
@Injectable()
export class NfcNftService {
  constructor(
    private readonly repo: NfcNftRepository,
    private readonly chiplinks: ChiplinkRepository,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(TAG_RELAYERS) private readonly relayers: TagRelayers,
    private readonly targets: RecordTargetPolicy,
  ) {}

  async list(actor: Actor) {
    return { ok: true as const, items: (await this.repo.listOwned(actor.id)).map(toNfcNftItem) };
  }

  async create(actor: Actor) {
    const row = await this.repo.create(actor.id);
    return { ok: true as const, id: row.id };
  }

  async update({ actor, id, field, value }: UpdateInput) {
    const record = await this.owned(actor, id);
    let patch: Partial<NfcNftEditable> = { [field]: value };
    if (field === 'nfcId' && value !== '')
      patch = { ...(await this.chipDefaults(actor, record, value)), nfcId: value };
    if (field === 'pendingTransactionData' && value !== '' && !ready(record))
      throw new AppError('not_ready', NOT_READY, 409);
    const pending = field === 'pendingTransactionData';
    if (pending && value !== '' && record.pendingTransactionValue === '') patch.pendingTransactionValue = '0';
    if (pending && value === '') patch.pendingTransactionValue = '';
    // the record as it would be: its call may target only the owner's collections, via our TagRelayer
    await this.targets.require({ ...record, ...patch });
    const row = await this.save(
      actor,
      id,
      patch,
      pending ? historyOf(value, patch.pendingTransactionValue ?? record.pendingTransactionValue) : undefined,
    );
    return { ok: true as const, item: toNfcNftItem(row) };
  }

  async remove(actor: Actor, id: number) {
    if (!(await this.repo.remove(actor.id, id))) throw AppError.notFound(NFC_NFT_NOT_FOUND);
    return { ok: true as const };
  }

  /** `PUT /nfc-nft/byTag/{tag}`: sets or clears the pending transaction of the record the tag names. */
  async setPending({
    actor,
    tag,
    pendingTransactionData,
    pendingTransactionValue,
    redirectUrl,
  }: SetPendingInput) {
    const rows = await this.repo.findByTag(actor.id, tag);
    if (rows.length === 0) throw AppError.notFound(NO_RECORD_FOR_TAG);
    if (rows.length > 1) throw new AppError('ambiguous_tag', AMBIGUOUS_TAG, 409);
    const [record] = rows;
    if (pendingTransactionData !== '' && !ready(record)) throw new AppError('not_ready', NOT_READY, 409);
    await this.targets.require(record);
    const row = await this.save(
      actor,
      record.id,
      { pendingTransactionData, pendingTransactionValue, redirectUrl },
      historyOf(pendingTransactionData, pendingTransactionValue),
    );
    return { ok: true as const, item: toNfcNftItem(row) };
  }

  async history(actor: Actor, id: number) {
    await this.owned(actor, id);
    const rows = await this.repo.history(id);
    return {
      ok: true as const,
      items: rows.map((r) => ({ at: r.at.toISOString(), kind: r.kind, detail: r.detail, txHash: r.txHash })),
    };
  }

  private async owned(actor: Actor, id: number): Promise<NfcNftRow> {
    const row = await this.repo.findOwned(actor.id, id);
    if (!row) throw AppError.notFound(NFC_NFT_NOT_FOUND);
    return row;
  }

  private async save(
    actor: Actor,
    id: number,
    patch: Partial<NfcNftEditable>,
    history?: { kind: 'pending-set' | 'pending-cleared'; detail: string },
  ): Promise<NfcNftRow> {
    try {
      const row = await this.repo.update(actor.id, id, patch, history);
      if (!row) throw AppError.notFound(NFC_NFT_NOT_FOUND);
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('chip_taken', CHIP_TAKEN, 409);
      throw error;
    }
  }

  /**
   * Attaching a chip: it must be a live chip of one of the actor's own templates (a super admin too
   * attaches only their own). Empty fields are filled from the chip: its template's chain, the
   * collection it mints on when that is the owner's attached one, the chain's TagRelayer, the chip's token and the template's utility URL.
   */
  private async chipDefaults(
    actor: Actor,
    record: NfcNftRow,
    nfcId: string,
  ): Promise<Partial<NfcNftEditable>> {
    const chip = await this.chiplinks.findById(nfcId);
    if (!chip || chip.type !== 'chip' || chip.deleted) throw AppError.notFound(CHIP_NOT_FOUND);
    const template = await this.templates.get(chip.nftId);
    if (!template || template.owner !== actor.id) throw AppError.notFound(CHIP_NOT_FOUND);
    const fill: Partial<NfcNftEditable> = {};
    if (record.chain === '') fill.chain = template.chain;
    const chain = record.chain || template.chain;
    const target = await this.templates.mintTarget(template);
    // only the owner's own attached collection: the shared default collection is no tenant's target
    if (record.smartContract === '' && target.source === 'template' && target.attached)
      fill.smartContract = target.address;
    if (record.relayer === '') fill.relayer = this.relayers(chain);
    if (record.nftId === '') fill.nftId = chip.tokenToMint;
    if (record.url === '') fill.url = template.utility_url;
    return fill;
  }
}

const ready = (r: NfcNftRow) => r.nfcId !== '' && r.chain !== '' && r.smartContract !== '';

function historyOf(data: string, value: string) {
  return data === ''
    ? { kind: 'pending-cleared' as const, detail: '' }
    : { kind: 'pending-set' as const, detail: `${data.slice(0, 10)}… value ${value} wei` };
}
