import { Inject, Injectable } from '@nestjs/common';
import { createChainReader, type ChainReader } from '@metatag/chain-index';
import { chainIdOf, isChainName } from '@metatag/contracts';
import type { Database } from '@metatag/db';
import { UTILITY, type ReplyOf, type RequestParsed } from '@metatag/events';
import { DATABASE, type ServiceClient } from '@metatag/nest-kit';
import { SERVICES, TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import type { TemplateLookup } from '../templates/template.lookup.js';

type Input = RequestParsed<typeof UTILITY.isOwner>;
type Reply = ReplyOf<typeof UTILITY.isOwner>;

/**
 * The utility check's answer, from the chain index: the address owns a token minted from the
 * template, or a child token (limited edition) whose parent was. Which template a token came from is
 * the templates service's record (`token_templates`, confirmed by the chain's mint events).
 */
@Injectable()
export class UtilityCheckService {
  private readonly index: ChainReader;

  constructor(
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(DATABASE) database: Database,
  ) {
    this.index = createChainReader(database.pool);
  }

  async isOwner({ chain, nftId, address }: Input): Promise<Reply> {
    const template = await this.templates.get(nftId);
    if (!template || template.chain !== chain || !isChainName(chain))
      return { owner: false, found: false, utility_url: '', utility_url_error: '' };
    const held = await this.index.tokensOwnedBy(chainIdOf(chain), address);
    const tokens = held.flatMap((t) => [
      { collection: t.collection, tokenId: t.tokenId.toString() },
      ...(t.parentTokenId === null
        ? []
        : [{ collection: t.collection, tokenId: t.parentTokenId.toString() }]),
    ]);
    const { count } = tokens.length
      ? await this.services.send(UTILITY.countOfTemplate, { chain, nftId, tokens })
      : { count: 0 };
    return {
      owner: count > 0,
      found: true,
      utility_url: template.utility_url,
      utility_url_error: template.utility_url_error,
    };
  }
}
