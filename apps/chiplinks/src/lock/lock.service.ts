import { Inject, Injectable } from '@nestjs/common';
import { recoverMessageAddress, type Hex } from 'viem';
import { LOCK_MESSAGE_MAX_AGE_MS, lockMessage, ONLY_OWNER_CAN_LOCK } from '@metatag/api-types';
import { AppError, CLOCK, type Clock } from '@metatag/nest-kit';
import { TEMPLATE_LOOKUP, TOKEN_STATE } from '../chiplinks.tokens.js';
import { ChiplinkRepository } from '../links/chiplink.repository.js';
import { LockRepository } from './lock.repository.js';
import type { TokenStateReader } from '../mint/token-state.reader.js';
import type { TemplateLookup } from '../templates/template.lookup.js';

export interface ToggleLock {
  id: string;
  newStatus: boolean;
  address: string;
  signature: string;
  timestamp: number;
}

const notOwner = () => new AppError('not_owner', ONLY_OWNER_CAN_LOCK, 403);

/**
 * `POST /json/toggle-lock` (spec section 4: only the token owner locks or unlocks). The owner proves it
 * with a wallet signature over `lockMessage(id, newStatus, timestamp)`; the recovered address must be
 * the on-chain owner of the chip's token (compared without regard to case). A timestamp older than the
 * last accepted one, or more than 5 minutes off, is refused: a signature works once. The chain lock
 * itself is the owner's own transaction (disallowTokenTransfers / allowTokenTransfers); this records it.
 */
@Injectable()
export class LockService {
  constructor(
    private readonly repo: ChiplinkRepository,
    private readonly locks: LockRepository,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(TOKEN_STATE) private readonly state: TokenStateReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async toggle(req: ToggleLock): Promise<{ ok: true; locked: boolean }> {
    const row = await this.repo.findById(req.id);
    if (!row || row.deleted) throw AppError.notFound('Tag is not connected yet');
    if (Math.abs(this.clock.now().getTime() - req.timestamp) > LOCK_MESSAGE_MAX_AGE_MS)
      throw new AppError('signature_expired', 'The signature is too old. Try again', 400);
    let signer: string;
    try {
      signer = (
        await recoverMessageAddress({
          message: lockMessage(row.id, req.newStatus, req.timestamp),
          signature: req.signature as Hex,
        })
      ).toLowerCase();
    } catch {
      throw notOwner();
    }
    if (signer !== req.address.toLowerCase()) throw notOwner();
    const template = await this.templates.get(row.nftId);
    if (!template) throw notOwner();
    const { address: collection } = await this.templates.mintTarget(template);
    if (collection === '') throw notOwner();
    const { owner } = await this.state.read(template.chain, collection, row.tokenToMint);
    if (!owner || owner.toLowerCase() !== signer) throw notOwner();
    if (!(await this.locks.applySignedLock(row.id, req.newStatus, req.timestamp)))
      throw new AppError('signature_used', 'This signature was already used', 409);
    return { ok: true, locked: req.newStatus };
  }
}
