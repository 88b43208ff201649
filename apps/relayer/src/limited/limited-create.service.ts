import { Inject, Injectable } from '@nestjs/common';
import type { RelayerConfig } from '@metatag/config';
import {
  TEMPLATES,
  type LimitedCreateReply,
  type LimitedCreateRequest,
  type MintRecord,
} from '@metatag/events';
import { AppError, SERVICE_CONFIG, type ServiceClient } from '@metatag/nest-kit';
import { MintsService } from '../mints/mints.service.js';
import { EVENTS } from '../relayer.tokens.js';
import { TxSettledSignal } from '../transactions/tx-settled.signal.js';

/** Share of the caller's request deadline spent waiting for the father's hash (the rest: the steps). */
const HASH_WAIT_SHARE = 0.6;
/** A lost listener connection costs at most this much of the wait before the row is read again. */
const REREAD_MS = 1000;

/**
 * A limited edition's creation (spec section 7; issues #18 and #31 item 1), one use case in the service
 * that owns mints: the father is an NFT template of limit 1 (title and media: its token metadata) whose
 * mint the relayer sends with `mintWithLimit`, so the owner rule, the collection rule (attached to the
 * caller, else 404), the fee reservation from the caller's relayer balance (402) and the per-minute cap
 * (429) are the manual mint's. When the mint cannot be queued, the template is deleted again (nothing
 * would ever fill it). The answer follows `tx.sent` (TxSettledSignal) for the hash the page shows.
 */
@Injectable()
export class LimitedCreate {
  constructor(
    private readonly mints: MintsService,
    private readonly settled: TxSettledSignal,
    @Inject(EVENTS) private readonly services: ServiceClient,
    @Inject(SERVICE_CONFIG) private readonly config: RelayerConfig,
  ) {}

  async create(req: LimitedCreateRequest): Promise<LimitedCreateReply> {
    const deadline = Date.now() + this.config.RPC_TIMEOUT_MS * HASH_WAIT_SHARE;
    // a repeated request (same key) answers the first father instead of making another
    const earlier = req.idempotencyKey ? await this.mints.byKey(req.idempotencyKey) : undefined;
    if (earlier) return { mint: await this.sent(earlier, deadline), replayed: true };
    const { actor, chain, collection } = req;
    // a collection of someone else's is a 404 before anything is stored
    await this.services.send(TEMPLATES.getCollection, { chain, address: collection, actor });
    const created = await this.services.send(TEMPLATES.createNft, {
      actor,
      chain,
      userId: req.userId,
      collectionAddress: collection,
    });
    const id = Number(created.item.id);
    let mint: MintRecord;
    try {
      // one father per template: the template's limit is 1
      await this.services.send(TEMPLATES.updateNft, {
        actor,
        chain,
        id,
        patch: { limit: 1, title: req.title, collection },
      });
      if (req.media) await this.services.send(TEMPLATES.setNftMedia, { actor, chain, id, ...req.media });
      mint = await this.mints.create({
        actor,
        chain,
        nftId: String(id),
        to: req.to,
        collection,
        childLimit: req.childLimit,
        idempotencyKey: req.idempotencyKey ?? `limited-father-${chain}-${id}`,
      });
    } catch (error) {
      // nothing was queued: the template would only be an empty row in the user's list
      await this.services.send(TEMPLATES.deleteNft, { actor, chain, id }).catch(() => undefined);
      // two identical requests at once: the one that stored its mint first is the father
      if (req.idempotencyKey && error instanceof AppError && error.code === 'idempotency_conflict') {
        const winner = await this.mints.byKey(req.idempotencyKey);
        if (winner) return { mint: await this.sent(winner, deadline), replayed: true };
      }
      throw error;
    }
    return { mint: await this.sent(mint, deadline), replayed: false };
  }

  /**
   * The mint once its transaction is handed to the node or failed, woken by `tx.sent`/`tx.failed` as
   * they are stored; at the deadline, as it stands (queued: the page shows it without a hash).
   */
  private async sent(mint: MintRecord, deadline: number): Promise<MintRecord> {
    let current = mint;
    for (;;) {
      if (current.tx || current.status === 'failed') return current;
      const left = deadline - Date.now();
      if (left <= 0) return current;
      const wait = await this.settled.arm(Math.min(left, REREAD_MS));
      // the mint is stored and queued: a failed read answers it as it stands, never an error
      const reread = await this.mints.byId(current.id).catch(() => undefined);
      if (!reread) return current;
      current = reread;
      if (current.tx || current.status === 'failed') return current;
      await wait();
    }
  }
}
