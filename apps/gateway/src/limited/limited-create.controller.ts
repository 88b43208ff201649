import { setTimeout as sleep } from 'node:timers/promises';
import { Controller, Inject, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  ADDRESS_PATTERN,
  createLimitedQuery,
  type CreateLimitedQuery,
  type CreateLimitedReply,
} from '@metatag/api-types';
import { RELAYER, TEMPLATES, type AuthUser, type MintRecord } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { AcceptAuthToken, Allow } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { MediaUploadService } from '../media/media-upload.service.js';
import { actorOf, chainParam } from '../templates/route-params.js';
import { SERVICES } from '../tokens.js';

/** How long the reply waits for the relayer to hand the father's transaction to the node. */
const HASH_WAIT_MS = 15_000;
const HASH_POLL_MS = 200;

/** The client's key for a repeatable create: the Idempotency-Key header (IETF draft's name). */
function idempotencyKeyOf(req: Request): string | undefined {
  const header = req.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !/^[A-Za-z0-9._:-]{1,100}$/.test(key))
    throw new AppError('invalid_idempotency_key', 'Invalid Idempotency-Key', 400);
  return key;
}

/** Who receives the father: the query's `to`, else the account's wallet; 'Invalid address' otherwise. */
function recipientOf(query: CreateLimitedQuery, me: AuthUser): string {
  const candidates = [query.to, me.userAddress, me.address].map((v) => v?.trim().toLowerCase() ?? '');
  const found = candidates.find((v) => ADDRESS_PATTERN.test(v));
  if (!found) throw new AppError('invalid_address', 'Invalid address', 400);
  return found;
}

/**
 * The limited-edition creation helper (spec section 7; issue #18): `POST /json/{chain}/limited/create`.
 * It reuses what exists rather than a second mint path: the father is an NFT template of limit 1
 * (title and media: its token metadata), its media goes through the templates' upload, and the
 * relayer's manual mint sends it with `mintWithLimit` — so the owner rule, the collection rule
 * (attached to the caller, else 404), the fee reservation from the caller's relayer balance (402) and
 * the per-minute cap (429) are the manual mint's.
 */
@Controller()
export class LimitedCreateController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    private readonly uploads: MediaUploadService,
  ) {}

  /** Scripts (the page's code samples) may sign in with `?authtoken`, the owner's shop access token. */
  @Allow('admin')
  @AcceptAuthToken()
  @Post('json/:chain/limited/create')
  async create(
    @Param('chain') chainText: string,
    @Query(new ZodPipe(createLimitedQuery)) query: CreateLimitedQuery,
    @Req() req: Request,
    @CurrentUser() me: AuthUser,
  ): Promise<CreateLimitedReply> {
    const chain = chainParam(chainText);
    const actor = actorOf(me);
    const to = recipientOf(query, me);
    // a repeated request (same Idempotency-Key) answers the first father instead of making another
    const clientKey = idempotencyKeyOf(req);
    const requestKey = clientKey ? `limited-create:${me.id}:${chain}:${clientKey}` : undefined;
    if (requestKey) {
      const { item } = await this.services.send(RELAYER.mintByKey, { idempotencyKey: requestKey });
      if (item) return this.reply(await this.waitForHash(item, actor, chain), query, to);
    }
    // a collection of someone else's is a 404 before anything is stored
    await this.services.send(TEMPLATES.getCollection, { chain, address: query.collection, actor });
    const created = await this.services.send(TEMPLATES.createNft, {
      actor,
      chain,
      userId: me.id,
      collectionAddress: query.collection,
    });
    const id = Number(created.item.id);
    let mint: MintRecord;
    try {
      // one father per template: the template's limit is 1
      await this.services.send(TEMPLATES.updateNft, {
        actor,
        chain,
        id,
        patch: { limit: 1, title: query.title, collection: query.collection },
      });
      if (req.is('multipart/form-data')) await this.uploads.upload(req, chain, id, actor);
      mint = await this.services.send(RELAYER.createMint, {
        actor,
        chain,
        nftId: String(id),
        to,
        collection: query.collection,
        childLimit: query.limit,
        idempotencyKey: requestKey ?? `limited-father-${chain}-${id}`,
      });
    } catch (error) {
      // nothing was queued: the template would only be an empty row in the user's list
      await this.services.send(TEMPLATES.deleteNft, { actor, chain, id }).catch(() => undefined);
      // two identical requests at once: the one that stored its mint first is the father
      if (requestKey && error instanceof AppError && error.code === 'idempotency_conflict') {
        const { item } = await this.services.send(RELAYER.mintByKey, { idempotencyKey: requestKey });
        if (item) return this.reply(await this.waitForHash(item, actor, chain), query, to);
      }
      throw error;
    }
    return this.reply(await this.waitForHash(mint, actor, chain), query, to);
  }

  private reply(
    settled: Pick<MintRecord, 'tokenId' | 'tx' | 'status' | 'nftId' | 'collection' | 'to'>,
    query: CreateLimitedQuery,
    to: string,
  ): CreateLimitedReply {
    return {
      ok: true,
      tokenId: settled.tokenId,
      txHash: settled.tx,
      status: settled.status,
      nftId: settled.nftId,
      collection: settled.collection || query.collection,
      to: settled.to || to,
      limit: query.limit,
    };
  }

  /** The relayer sends from its queue: the reply waits (bounded) for the hash the page shows. */
  private async waitForHash(
    mint: MintRecord,
    actor: ReturnType<typeof actorOf>,
    chain: string,
  ): Promise<MintRecord> {
    if (mint.tx) return mint;
    const deadline = Date.now() + HASH_WAIT_MS;
    while (Date.now() < deadline) {
      await sleep(HASH_POLL_MS);
      const { items } = await this.services.send(RELAYER.listMints, { actor, chain, nftId: mint.nftId });
      const item = items.find((i) => i.tokenId === mint.tokenId);
      if (item && (item.tx || item.status === 'failed')) return { ...mint, ...item };
    }
    return mint;
  }
}
