import type { NftTemplate } from '@metatag/api-types';
import type { nftTemplates } from '../db/schema.js';

export type NftTemplateRow = typeof nftTemplates.$inferSelect;

/** numeric(48,18) comes back as '0.100000000000000000'; the UI shows '0.1'. */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/** The API's view of a row (spec section 3 field names, spellings as in the product). */
export function toNftTemplate(row: NftTemplateRow): NftTemplate {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    limit: row.editionLimit,
    collection: row.collection,
    chain: row.chain,
    owner: row.ownerId,
    image: row.mediaKey ? `/nft-media/${row.id}` : '',
    imageRefresh: row.imageRefresh,
    mimeType: row.mimeType,
    utility_url: row.utilityUrl,
    utility_url_error: row.utilityUrlError,
    mints: row.mints,
    chips: row.chips,
    links: row.links,
    isMultiMintEnabledchip: row.multiMintChip,
    isMultiMintEnabledlink: row.multiMintLink,
    gasPaidBy: row.gasPaidBy,
    showFileData: row.showFileData,
    twoTap: row.twoTap ?? null,
    resale: row.resale ?? null,
    redemption: row.redemption ?? null,
    claimPhases: row.claimPhases,
    price: row.price === null ? '' : trimDecimal(row.price),
    payoutAddress: row.payoutAddress,
    woocomerce_item_id: row.woocomerceItemId,
    deleted: row.deleted,
    created: row.created.toISOString(),
    // a limited edition's father (#30): what the admin shows is its children under the child limit
    ...(row.childLimit ? { childLimit: row.childLimit, children: row.children } : {}),
  };
}
