import type { ChainName } from '../../lib/chains.js';
import { shortAddress } from '../../lib/format.js';
import { MakeRelayerMinter } from '../collections/MakeRelayerMinter.js';
import type { MintTarget } from './useMintTarget.js';

/**
 * Why a template cannot mint, at the template (before chips or links are made for it), with the fix
 * where there is one: choose a collection, or make the relayer the collection's minter.
 */
export function TemplateMintFlag({
  chain,
  nftId,
  target,
  ownItems,
  superAdmin,
}: {
  chain: ChainName;
  nftId: number;
  target: MintTarget;
  /** The signed-in user's own templates (not a user's the super admin manages). */
  ownItems: boolean;
  superAdmin: boolean;
}) {
  if (target.state === 'loading' || target.state === 'ok') return null;
  const your = ownItems ? 'your' : 'this user’s';
  return (
    <div
      className="template-flag"
      data-testid={`template-flag-${nftId}`}
      data-state={target.state}
      role="note"
    >
      {target.state === 'no-default' && (
        <p className="mt-error-text">
          {chain} has no default collection: this template cannot mint (chips, links and manual mints). Choose
          one of {your} collections
          {superAdmin ? ', or set the default collection on the super-admin page' : ''}.
        </p>
      )}
      {target.state === 'not-attached' && (
        <p className="mt-error-text">
          <span className="mono" title={target.collection}>
            {shortAddress(target.collection)}
          </span>{' '}
          is not one of {your} collections: this template cannot mint. Choose one of {your} collections or the
          default collection.
        </p>
      )}
      {target.state === 'not-minter' && (
        <>
          <p className="mt-error-text">
            MetaTag’s relayer is not the minter of{' '}
            {target.isDefault ? `${chain}'s default collection` : 'this collection'} (
            <span className="mono" title={target.collection}>
              {shortAddress(target.collection)}
            </span>
            ): manual mints and chip mints will fail.
          </p>
          {(target.isDefault ? superAdmin : ownItems) && (
            <MakeRelayerMinter
              chain={chain}
              address={target.collection}
              label={`Relayer as minter of NFT ${nftId}'s collection`}
            />
          )}
        </>
      )}
    </div>
  );
}
