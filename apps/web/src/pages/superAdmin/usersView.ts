import type { User } from './usersApi.js';

/** The columns the users table sorts by. */
export type UserSortKey = 'id' | 'address' | 'created' | 'balance';
export type SortDirection = 'asc' | 'desc';

export interface UsersView {
  search: string;
  sort: UserSortKey;
  direction: SortDirection;
  /** 0-based. */
  page: number;
  pageSize: number;
}

export const USERS_PAGE_SIZE = 20;

/** Newest first: the users a super admin just made or who just signed up. */
export const DEFAULT_USERS_VIEW: UsersView = {
  search: '',
  sort: 'id',
  direction: 'desc',
  page: 0,
  pageSize: USERS_PAGE_SIZE,
};

function toBigInt(value: string | number): bigint {
  try {
    return BigInt(String(value).split('.')[0] || '0');
  } catch {
    return 0n;
  }
}

function compare(a: User, b: User, key: UserSortKey): number {
  switch (key) {
    case 'id':
      return a.id - b.id;
    case 'address':
      return a.address.localeCompare(b.address, undefined, { sensitivity: 'base', numeric: true });
    case 'created':
      return Date.parse(a.created) - Date.parse(b.created) || a.id - b.id;
    case 'balance': {
      // balances are wei (decimal strings): compared exactly
      const diff = toBigInt(a.balance) - toBigInt(b.balance);
      return diff === 0n ? a.id - b.id : diff < 0n ? -1 : 1;
    }
  }
}

/** Whether a user matches a search: its id, name or address, or wallet address (any case). */
export function matches(user: User, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return (
    String(user.id) === needle ||
    user.address.toLowerCase().includes(needle) ||
    (user.userAddress ?? '').toLowerCase().includes(needle)
  );
}

/**
 * The rows of one page of the users table: searched, sorted and paged over the whole list (the
 * server answers every user at once; a super admin's list stays small enough for that).
 */
export function viewUsers(
  users: readonly User[],
  view: UsersView,
): { rows: User[]; total: number; page: number; pages: number } {
  const found = users.filter((user) => matches(user, view.search));
  const sign = view.direction === 'asc' ? 1 : -1;
  const sorted = [...found].sort((a, b) => sign * compare(a, b, view.sort));
  const pages = Math.max(1, Math.ceil(sorted.length / view.pageSize));
  const page = Math.min(Math.max(0, view.page), pages - 1);
  return {
    rows: sorted.slice(page * view.pageSize, (page + 1) * view.pageSize),
    total: sorted.length,
    page,
    pages,
  };
}
