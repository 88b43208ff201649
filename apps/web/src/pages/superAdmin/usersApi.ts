import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../lib/api.js';
import type { ChainName } from '../../lib/chains.js';
import { useChain } from '../../lib/useChain.js';
import type { CurrentUser } from '../../session/types.js';
import { typedApi } from '../../lib/typedApi.js';

/** A user as the super admin's users table shows it (spec section 3). */
export type User = CurrentUser;

export const USERS_QUERY_KEY = ['super-admin', 'users'] as const;
const usersKey = (chain: ChainName) => [...USERS_QUERY_KEY, chain] as const;

/**
 * GET /json/users?chain= (super admin): `balance` is each user's relayer balance on that chain, in
 * wei. Not persisted, and dropped on login/logout.
 */
export const usersQuery = (chain: ChainName) =>
  queryOptions({
    queryKey: usersKey(chain),
    queryFn: async ({ signal }) =>
      unwrap(await typedApi.call('listUsers', { query: { chain } }, { signal })).items,
    meta: { persist: false, userScoped: true },
  });

export function useUsers(chain: ChainName, options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQuery(chain), enabled: options.enabled ?? true });
}

/** Replaces (or appends) a user in the cached list. */
function upsert(users: User[] | undefined, user: User): User[] | undefined {
  if (!users) return users;
  return users.some((item) => item.id === user.id)
    ? users.map((item) => (item.id === user.id ? user : item))
    : [...users, user];
}

/** POST /json/users { address } -> the created user. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (address: string) => unwrap(await typedApi.call('createUser', { body: { address } })),
    onSuccess: () => {
      // a refetch in the background; the query shows its own failure
      void queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}

/** A rename, or a relayer balance in wei on a chain. */
export type UserChange = { address: string } | { balance: string; chain: ChainName };

/** PUT /json/users/{id}?chain= with one changed field -> the updated user (its balance on that chain). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  const chain = useChain();
  return useMutation({
    mutationFn: async ({ id, change }: { id: number; change: UserChange }) =>
      unwrap(await typedApi.call('updateUser', { params: { id }, query: { chain }, body: change })),
    onSuccess: (user) => {
      queryClient.setQueryData(usersKey(chain), (users: User[] | undefined) => upsert(users, user));
      // a refetch in the background; the query shows its own failure
      void queryClient.invalidateQueries({ queryKey: ['ledger', chain] });
    },
  });
}

/** POST /json/users/set-password { id, password }. */
export function useSetPassword() {
  return useMutation({
    mutationFn: async ({ id, password }: { id: number; password: string }) =>
      unwrap(await typedApi.call('setPassword', { body: { id, password } })),
  });
}
