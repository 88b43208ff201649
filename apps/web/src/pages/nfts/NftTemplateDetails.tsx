import { Link } from 'react-router';
import type { ChainName } from '../../lib/chains.js';
import { formatDate } from '../../lib/format.js';
import { ChiplinkCounts } from './chiplinks/ChiplinkCounts.js';
import { ChipLinksTables } from './chiplinks/ChipLinksTables.js';
import { ManualMintForm } from './ManualMintForm.js';
import { MintsList } from './MintsList.js';
import { FileDataFlag } from './FileDataFlag.js';
import { GasPayerRadios } from './GasPayerRadios.js';
import { MultiMintRadios } from './MultiMintRadios.js';
import { NftFieldEdit } from './NftFieldEdit.js';
import { ResaleSetting } from './ResaleSetting.js';
import { TwoTapSetting } from './TwoTapSetting.js';
import { RedemptionSetting } from './RedemptionSetting.js';
import { RedemptionsList } from './RedemptionsList.js';
import { ClaimPhasesSetting } from './ClaimPhasesSetting.js';
import { NFT_FIELDS } from './nftFields.js';
import { PendingEmailClaims } from './PendingEmailClaims.js';
import type { NftTemplate } from './nftsApi.js';
import { ShopWebhookHint } from './ShopWebhookHint.js';
import type { MintTarget } from './useMintTarget.js';

const DETAIL_FIELDS = [
  NFT_FIELDS.description,
  NFT_FIELDS.price,
  NFT_FIELDS.payoutAddress,
  NFT_FIELDS.utility_url,
  NFT_FIELDS.utility_url_error,
  NFT_FIELDS.woocomerce_item_id,
];

/**
 * A template's details (spec section 2, "Per template"): its other editable fields, the shop
 * webhook hint, the multi-mint radios, manual mint, the mints list (polled while open) and the
 * chips and links tables.
 */
export function NftTemplateDetails({
  chain,
  item,
  target,
  ownItems,
  userId,
}: {
  chain: ChainName;
  item: NftTemplate;
  /** Where the template mints (its collection or the chain's default), or why it cannot. */
  target: MintTarget;
  ownItems: boolean;
  /** Set when a super admin manages another user's items (`?user=`). */
  userId?: number;
}) {
  return (
    <div className="nft-details" data-testid={`nft-details-${item.id}`}>
      <dl className="nft-details__fields">
        {DETAIL_FIELDS.map((field) => (
          <div key={field.key} className="nft-details__field">
            <dt>{field.label}</dt>
            <dd>
              <NftFieldEdit chain={chain} item={item} field={field} />
            </dd>
          </div>
        ))}
        <div className="nft-details__field">
          <dt>created</dt>
          <dd>{formatDate(item.created)}</dd>
        </div>
        <div className="nft-details__field">
          <dt>chips / links</dt>
          <dd>
            <ChiplinkCounts item={item} scope={{ chain, nftId: item.id, userId }} />
          </dd>
        </div>
      </dl>
      <p>
        <Link to={`/${chain}/admin/analytics/template/${item.id}`} data-testid="template-analytics-link">
          Scan analytics
        </Link>
      </p>
      <ShopWebhookHint ownItems={ownItems} />
      <h3 className="nft-details__title">Multi-mint</h3>
      <MultiMintRadios chain={chain} item={item} />
      <h3 className="nft-details__title">Gasless claim</h3>
      <GasPayerRadios chain={chain} item={item} />
      <h3 className="nft-details__title">Chip file data</h3>
      <FileDataFlag chain={chain} item={item} />
      <h3 className="nft-details__title">Two-tap claim</h3>
      <TwoTapSetting chain={chain} item={item} />
      <h3 className="nft-details__title">Resale by the chip</h3>
      <ResaleSetting chain={chain} item={item} />
      <h3 className="nft-details__title">Redemption</h3>
      <RedemptionSetting chain={chain} item={item} />
      <RedemptionsList nftId={item.id} />
      <h3 className="nft-details__title">Claim phases</h3>
      <ClaimPhasesSetting chain={chain} item={item} />
      <h3 className="nft-details__title">Mint to an address</h3>
      <ManualMintForm chain={chain} nftId={item.id} target={target} />
      <h3 className="nft-details__title">Mints</h3>
      <MintsList chain={chain} nftId={item.id} />
      <PendingEmailClaims nftId={item.id} />
      <ChipLinksTables chain={chain} nftId={item.id} userId={userId} target={target} />
    </div>
  );
}
