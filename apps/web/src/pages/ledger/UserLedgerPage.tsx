import { useParams } from 'react-router';
import { useChain } from '../../lib/useChain.js';
import { RequireUser } from '../../session/RequireUser.js';
import { RelayerBalance } from './RelayerBalance.js';

/** `/user/{user}/{chain}/admin/ledger`: the super admin looks at one user's relayer balance and ledger. */
export function UserLedgerPage() {
  const chain = useChain();
  const userId = Number(useParams().user);
  return (
    <RequireUser superAdmin>
      <section className="user-ledger" aria-labelledby="user-ledger-title">
        <h1 id="user-ledger-title" className="page-title">
          Relayer ledger of user {userId}
        </h1>
        <RelayerBalance chain={chain} userId={userId} />
      </section>
    </RequireUser>
  );
}
