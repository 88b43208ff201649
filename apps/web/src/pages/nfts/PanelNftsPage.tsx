import { useParams } from 'react-router';
import { useChain } from '../../lib/useChain.js';
import { NotFound } from '../../routes/NotFound.js';
import { RequireUser } from '../../session/RequireUser.js';
import { NftTemplatesTable } from './NftTemplatesTable.js';

/** `/user/{user}/...`: the user's id, a positive whole number. */
function userIdParam(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

/**
 * `/{chain}/admin/panel/nfts`: the signed-in user's NFT templates of the chain, all collections;
 * `/user/{user}/{chain}/admin/panel/nfts`: another user's (super admin, `?user=`).
 */
export function PanelNftsPage() {
  const chain = useChain();
  const userId = userIdParam(useParams().user);
  if (userId === null) return <NotFound />;
  return (
    <RequireUser>
      <section className="panel" aria-labelledby="panel-title">
        <h1 id="panel-title" className="page-title">
          {userId === undefined ? 'NFT templates' : `NFT templates of user ${userId}`}
        </h1>
        <NftTemplatesTable scope={{ chain, userId }} />
      </section>
    </RequireUser>
  );
}
