import { Link } from 'react-router';
import { formatEther, parseEther } from 'viem';
import { InlineEdit } from '@metatag/ui';
import { userLedgerPath, userPanelNftsPath } from '../../lib/adminPaths.js';
import { useChain } from '../../lib/useChain.js';
import { formatDate } from '../../lib/format.js';
import { isValidBalance, isValidUserName, normalizeUserName } from '../../lib/validation.js';
import { SetPasswordForm } from './SetPasswordForm.js';
import { formatNative } from '../ledger/ledgerApi.js';
import { useUpdateUser, useUsers, type User } from './usersApi.js';

function UserRow({ user }: { user: User }) {
  const updateUser = useUpdateUser();
  const chain = useChain();
  return (
    <tr data-testid={`user-row-${user.id}`}>
      <td>{user.id}</td>
      <td>
        <InlineEdit
          value={user.address}
          label={`address of user ${user.id}`}
          validate={isValidUserName}
          onSave={(draft) =>
            updateUser.mutateAsync({ id: user.id, change: { address: normalizeUserName(draft) } })
          }
        />
      </td>
      <td className="users-table__date">{formatDate(user.created)}</td>
      <td>
        {/* The relayer balance on the page's chain: edited in ETH, kept in wei (a credit entry). */}
        <InlineEdit
          value={formatEther(BigInt(user.balance))}
          label={`balance of user ${user.id}`}
          validate={isValidBalance}
          inputMode="decimal"
          renderValue={() => formatNative(chain, String(user.balance))}
          onSave={(draft) =>
            updateUser.mutateAsync({
              id: user.id,
              change: { balance: parseEther(draft.trim()).toString(), chain },
            })
          }
        />
        <Link
          className="users-table__ledger"
          to={userLedgerPath(user.id, chain)}
          aria-label={`Ledger of user ${user.id}`}
        >
          ledger
        </Link>
      </td>
      <td>{user.isSuperAdmin ? 'yes' : 'no'}</td>
      <td className="users-table__address">{user.userAddress || '-'}</td>
      <td>
        <SetPasswordForm user={user} />
      </td>
      <td>
        <Link to={userPanelNftsPath(user.id, chain)} aria-label={`Items of user ${user.id}`}>
          items
        </Link>
      </td>
    </tr>
  );
}

/** The users table of the super-admin page (spec sections 2 and 3). */
export function UsersTable() {
  const chain = useChain();
  const users = useUsers(chain);
  if (users.isPending) return <div className="page-loading" aria-busy="true" />;
  if (users.isError) {
    return (
      <p className="mt-error-text" role="alert">
        {users.error.message}
      </p>
    );
  }
  if (users.data.length === 0) return <p className="muted">No data yet</p>;
  return (
    <div className="table-scroll">
      <table className="users-table" aria-label="Users">
        <thead>
          <tr>
            <th scope="col">id</th>
            <th scope="col">address</th>
            <th scope="col">created</th>
            <th scope="col">balance</th>
            <th scope="col">isSuperAdmin</th>
            <th scope="col">userAddress</th>
            <th scope="col">password</th>
            <th scope="col">items</th>
          </tr>
        </thead>
        <tbody>
          {users.data.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
