import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api.js';
import type { CurrentUser } from '../../session/types.js';

/** A user as the super admin's users table shows it (spec section 3). */
export type User = CurrentUser;

export const USERS_QUERY_KEY = ['super-admin', 'users'] as const;

/** GET /json/users (super admin). Not persisted, and dropped on login/logout. */
export const usersQuery = queryOptions({
  queryKey: USERS_QUERY_KEY,
  queryFn: async ({ signal }) => unwrap(await api.get<{ items: User[] }>('/json/users', { signal })).items,
  meta: { persist: false, userScoped: true },
});

export function useUsers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQuery, enabled: options.enabled ?? true });
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
    mutationFn: async (address: string) => unwrap(await api.post<User>('/json/users', { address })),
    onSuccess: (user) => {
      queryClient.setQueryData(USERS_QUERY_KEY, (users: User[] | undefined) => upsert(users, user));
      void queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}

export type UserChange = { address: string } | { balance: string };

/** PUT /json/users/{id} with one changed field -> the updated user. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: number; change: UserChange }) =>
      unwrap(await api.put<User>(`/json/users/${id}`, change)),
    onSuccess: (user) => {
      queryClient.setQueryData(USERS_QUERY_KEY, (users: User[] | undefined) => upsert(users, user));
    },
  });
}

/** POST /json/users/set-password { id, password }. */
export function useSetPassword() {
  return useMutation({
    mutationFn: async ({ id, password }: { id: number; password: string }) =>
      unwrap(await api.post<{ ok: boolean }>('/json/users/set-password', { id, password })),
  });
}
