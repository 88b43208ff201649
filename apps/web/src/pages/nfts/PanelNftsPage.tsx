import { useParams } from 'react-router';
import { useChain } from '../../lib/useChain.js';
import { NotFound } from '../../routes/NotFound.js';
import { shortAddress } from '../../lib/format.js';
import { RequireUser } from '../../session/RequireUser.js';
import { useCurrentUser } from '../../session/useCurrentUser.js';
import { useUsers } from '../superAdmin/usersApi.js';
import { NftTemplatesTable } from './NftTemplatesTable.js';
import { ANY_CASE_ADDRESS_PATTERN } from '@metatag/api-types';

/** `/user/{user}/...`: the user's id, a positive whole number. */
function userIdParam(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

/** A user as people know them: their name, or their wallet address shortened (whole as a tooltip). */
function UserName({ userId }: { userId: number }) {
  const { data: me } = useCurrentUser();
  const users = useUsers(useChain(), { enabled: Boolean(me?.isSuperAdmin) });
  const user = userId === me?.id ? me : users.data?.find((item) => item.id === userId);
  if (!user) return <>user {userId}</>;
  const name = ANY_CASE_ADDRESS_PATTERN.test(user.address) ? shortAddress(user.address) : user.address;
  return (
    <span title={`${user.address} (user ${user.id})`} data-testid="panel-user">
      {name}
    </span>
  );
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
          {userId === undefined ? (
            'NFT templates'
          ) : (
            <>
              NFT templates of <UserName userId={userId} />
            </>
          )}
        </h1>
        <NftTemplatesTable scope={{ chain, userId }} />
      </section>
    </RequireUser>
  );
}
