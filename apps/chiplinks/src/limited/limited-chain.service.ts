import { Inject, Injectable } from '@nestjs/common';
import { encodeFunctionData, zeroAddress, type Address } from 'viem';
import { isRevert, revertErrorName, type ChainDirectory } from '@metatag/chain';
import { createChainReader, type ChainReader, type IndexedToken } from '@metatag/chain-index';
import { collectionAbi } from '@metatag/contracts';
import type { Database } from '@metatag/db';
import type { CheckParentReply, ReplyOf, RequestParsed, LIMITED_CHAIN } from '@metatag/events';
import { AppError, DATABASE } from '@metatag/nest-kit';
import { CHAINS, TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import { ChiplinkRepository, type ChiplinkRow } from '../links/chiplink.repository.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { LimitedTokenRepository } from './limited-token.repository.js';

type AttachInput = RequestParsed<typeof LIMITED_CHAIN.attachChild>;
type AttachReply = ReplyOf<typeof LIMITED_CHAIN.attachChild>;
type CheckParentInput = RequestParsed<typeof LIMITED_CHAIN.checkParent>;

/** Texts of attach's refusals (gateway answers them as `{error, errorMessage}`). */
export const ATTACH_TEXTS = {
  chipNotFound: 'No chip of yours has this id or UID',
  wrongChain: "This chip's NFT template is on another chain",
  wrongCollection:
    "This chip's NFT template mints into another collection: attach a child token of that collection",
  noToken: 'This token does not exist',
  notAChild: 'This token is not a child token: only a child of a limited edition can be attached',
  chainUnavailable: 'The chain cannot be read right now',
} as const;

/** A 7-byte chip UID in hex (14 digits, any case, colons or spaces allowed). */
const UID_HEX = /^(?:[0-9a-fA-F]{2}[:\s]?){6}[0-9a-fA-F]{2}$/;

const UINT256_LIMIT = 2n ** 256n;

/** Children listed on check-parent; the counts cover all of them. */
const CHILDREN_SHOWN = 1000;

/**
 * Limited editions on chips (issue #18): attaching a child token to one of the caller's chips, and
 * check-parent's numbers from the chain index.
 */
@Injectable()
export class LimitedChainService {
  private readonly index: ChainReader;

  constructor(
    private readonly chips: ChiplinkRepository,
    private readonly limited: LimitedTokenRepository,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(DATABASE) database: Database,
  ) {
    this.index = createChainReader(database.pool);
  }

  async attachChild(input: AttachInput): Promise<AttachReply> {
    if (BigInt(input.childTokenUid) >= UINT256_LIMIT)
      throw new AppError('invalid_value', 'Invalid value', 400);
    const row = await this.findChip(input.nfcUid);
    if (!row) throw new AppError('chip_not_found', ATTACH_TEXTS.chipNotFound, 404);
    let template;
    try {
      template = await this.templates.owned(row.nftId, input.actor);
    } catch (error) {
      // another owner's chip reads as no chip at all: ids are not confirmed to strangers
      if (error instanceof AppError && (error.status === 404 || error.status === 403))
        throw new AppError('chip_not_found', ATTACH_TEXTS.chipNotFound, 404);
      throw error;
    }
    if (template.chain !== input.chain) throw new AppError('wrong_chain', ATTACH_TEXTS.wrongChain, 400);
    // the chip claims through the template's collection (a transfer the relayer signs as its minter),
    // so the child must be of that collection
    const target = await this.templates.mintTarget(template);
    if (!target.address || !target.attached || target.address.toLowerCase() !== input.collection)
      throw new AppError('wrong_collection', ATTACH_TEXTS.wrongCollection, 400);
    const parent = await this.fatherOf(input.chain, input.collection as Address, BigInt(input.childTokenUid));
    const tokenId = BigInt(input.childTokenUid).toString();
    await this.limited.attach({
      chipId: row.id,
      chain: input.chain,
      collection: input.collection,
      tokenId,
      parentTokenId: parent.toString(),
    });
    return {
      ok: true,
      chipId: row.id,
      transaction: {
        to: input.collection,
        data: encodeFunctionData({
          abi: collectionAbi,
          functionName: 'setConnectToTag',
          args: [BigInt(tokenId), true],
        }),
      },
    };
  }

  async checkParent({ chain, collection, tokenId }: CheckParentInput): Promise<CheckParentReply> {
    const handle = this.chains.byName(chain);
    if (!handle) throw new AppError('unknown_chain', `Unknown chain: ${chain}`, 404);
    const asked = BigInt(tokenId);
    if (asked >= UINT256_LIMIT) throw new AppError('invalid_value', 'Invalid value', 400);
    // a child has no limit of its own (limit 0, no children): check-parent of a child names its father
    // and answers the father's numbers (#30)
    const askedToken = await this.index.token(handle.chainId, collection, asked);
    const father = askedToken?.parentTokenId ?? null;
    const id = father ?? asked;
    const [parent, children, minted, status] = await Promise.all([
      father === null ? askedToken : this.index.token(handle.chainId, collection, father),
      this.index.childrenOf(handle.chainId, collection, id, { limit: CHILDREN_SHOWN }),
      this.index.childCount(handle.chainId, collection, id),
      this.index.status(handle.chainId),
    ]);
    const chips = await this.limited.chipsOf(chain, collection, [
      id.toString(),
      ...children.map((child) => child.tokenId.toString()),
    ]);
    const view = (token: IndexedToken) => ({
      tokenId: token.tokenId.toString(),
      owner: token.owner === zeroAddress ? null : token.owner.toLowerCase(),
      locked: token.locked,
      connectedToTag: token.connectedToTag,
      chipId: chips.get(token.tokenId.toString()) ?? null,
    });
    const limit = parent?.limit ?? 0n;
    const available = limit > BigInt(minted) ? limit - BigInt(minted) : 0n;
    return {
      chain,
      chainId: handle.chainId,
      collection,
      parent: parent ? { ...view(parent), limit: limit.toString() } : null,
      minted,
      available: available.toString(),
      children: children.map(view),
      indexedBlock: status?.block === null || status === null ? null : status.block.toString(),
      childOf: father === null ? null : { tokenId: asked.toString(), father: father.toString() },
    };
  }

  /** One of the caller's chips by public id or by its UID in hex (the chip's owner is checked next). */
  private async findChip(nfcUid: string): Promise<ChiplinkRow | undefined> {
    const byName = await this.chips.findByPublicName(nfcUid);
    if (byName && byName.type === 'chip' && !byName.deleted) return byName;
    if (!UID_HEX.test(nfcUid)) return undefined;
    return this.chips.findLiveChipByUid(nfcUid.replace(/[:\s]/g, '').toUpperCase());
  }

  /** `whoIsFather` on the chain: the truth at this moment (the index may lag a fresh mint). */
  private async fatherOf(chain: string, collection: Address, child: bigint): Promise<bigint> {
    const handle = this.chains.byName(chain);
    if (!handle) throw new AppError('wrong_chain', ATTACH_TEXTS.wrongChain, 400);
    try {
      return await handle.client.readContract({
        address: collection,
        abi: collectionAbi,
        functionName: 'whoIsFather',
        args: [child],
      });
    } catch (error) {
      if (!isRevert(error)) throw new AppError('chain_unavailable', ATTACH_TEXTS.chainUnavailable, 503);
      const name = revertErrorName(error, collectionAbi);
      if (name === 'NotAChild') throw new AppError('not_a_child', ATTACH_TEXTS.notAChild, 400);
      throw new AppError('token_not_found', ATTACH_TEXTS.noToken, 404);
    }
  }
}
