import { useState } from 'react';
import { Link } from 'react-router';
import { formatEther, parseEther } from 'viem';
import { Button, InlineEdit, TextInput } from '@metatag/ui';
import { userLedgerPath, userPanelNftsPath } from '../../lib/adminPaths.js';
import { useChain } from '../../lib/useChain.js';
import { formatDate } from '../../lib/format.js';
import { HexValue } from '../../components/HexValue.js';
import { isValidBalance, isValidUserName, normalizeUserName } from '../../lib/validation.js';
import { SetPasswordForm } from './SetPasswordForm.js';
import { formatNative } from '../ledger/ledgerApi.js';
import { useUpdateUser, useUsers, type User } from './usersApi.js';
import { DEFAULT_USERS_VIEW, viewUsers, type UserSortKey, type UsersView } from './usersView.js';

function UserRow({ user }: { user: User }) {
  const updateUser = useUpdateUser();
  const chain = useChain();
  return (
    <tr data-testid={`user-row-${user.id}`}>
      <td className="num" data-label="id">
        {user.id}
      </td>
      <td data-label="address">
        <InlineEdit
          value={user.address}
          label={`address of user ${user.id}`}
          validate={isValidUserName}
          renderValue={(value) => <HexValue value={value} />}
          onSave={(draft) =>
            updateUser.mutateAsync({ id: user.id, change: { address: normalizeUserName(draft) } })
          }
        />
      </td>
      <td className="users-table__date" data-label="created">
        {formatDate(user.created)}
      </td>
      <td data-label="balance">
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
      <td data-label="isSuperAdmin">{user.isSuperAdmin ? 'yes' : 'no'}</td>
      <td data-label="userAddress">{user.userAddress ? <HexValue value={user.userAddress} /> : '-'}</td>
      <td data-label="password">
        <SetPasswordForm user={user} />
      </td>
      <td data-label="items">
        <Link to={userPanelNftsPath(user.id, chain)} aria-label={`Items of user ${user.id}`}>
          items
        </Link>
      </td>
    </tr>
  );
}

const SORTABLE: { key: UserSortKey; label: string }[] = [
  { key: 'id', label: 'id' },
  { key: 'address', label: 'address' },
  { key: 'created', label: 'created' },
  { key: 'balance', label: 'balance' },
];

function SortHeader({
  column,
  label,
  view,
  onSort,
}: {
  column: UserSortKey;
  label: string;
  view: UsersView;
  onSort: (key: UserSortKey) => void;
}) {
  const active = view.sort === column;
  const ariaSort = active ? (view.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className={column === 'id' ? 'num' : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true">{active ? (view.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}

/**
 * The users table of the super-admin page (spec sections 2 and 3): every column, a search over
 * name, id and wallet address, sorting by id, name, creation and balance, and pages of 20 (over the
 * whole list the server answers).
 */
export function UsersTable() {
  const chain = useChain();
  const users = useUsers(chain);
  const [view, setView] = useState<UsersView>(DEFAULT_USERS_VIEW);
  if (users.isPending) return <div className="page-loading" aria-busy="true" />;
  if (users.isError) {
    return (
      <p className="mt-error-text" role="alert">
        {users.error.message}
      </p>
    );
  }
  if (users.data.length === 0) return <p className="muted">No data yet</p>;
  const { rows, total, page, pages } = viewUsers(users.data, view);
  const sortBy = (key: UserSortKey) =>
    setView((current) => ({
      ...current,
      sort: key,
      direction: current.sort === key && current.direction === 'desc' ? 'asc' : 'desc',
      page: 0,
    }));
  const first = total === 0 ? 0 : page * view.pageSize + 1;
  const last = page * view.pageSize + rows.length;
  return (
    <div className="users">
      <div className="users-tools">
        <TextInput
          type="search"
          aria-label="Search users"
          placeholder="Search by name, id or address"
          value={view.search}
          onChange={(event) => setView((current) => ({ ...current, search: event.target.value, page: 0 }))}
        />
        <span className="muted" data-testid="users-count">
          {first}–{last} of {total}
        </span>
      </div>
      {total === 0 ? (
        <p className="muted">No user matches.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table data-table--cards users-table" aria-label="Users">
            <thead>
              <tr>
                {SORTABLE.map(({ key, label }) => (
                  <SortHeader key={key} column={key} label={label} view={view} onSort={sortBy} />
                ))}
                <th scope="col">isSuperAdmin</th>
                <th scope="col">userAddress</th>
                <th scope="col">password</th>
                <th scope="col">items</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="pager" aria-label="Users pages">
          <Button
            variant="secondary"
            disabled={page === 0}
            onClick={() => setView((current) => ({ ...current, page: page - 1 }))}
          >
            Previous
          </Button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <Button
            variant="secondary"
            disabled={page >= pages - 1}
            onClick={() => setView((current) => ({ ...current, page: page + 1 }))}
          >
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
