import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiRequestError, api as defaultApi, isApiError, type Api } from '../lib/api.js';
import { createTypedApi } from '../lib/typedApi.js';
import type { CurrentUser } from './types.js';

export const CURRENT_USER_QUERY_KEY = ['session', 'user'] as const;

/** GET /json/user: the signed-in user, or null when the session is missing or expired (401). */
export async function fetchCurrentUser(
  api: Api = defaultApi,
  signal?: AbortSignal,
): Promise<CurrentUser | null> {
  const result = await createTypedApi(api).call('currentUser', {}, { signal });
  if (isApiError(result)) {
    if (result.status === 401) return null;
    throw new ApiRequestError(result);
  }
  return result;
}

/**
 * The session query. Not persisted (the HttpOnly cookie is the truth, and a cached user would show
 * someone as logged in after the session ended); kept fresh for a minute, and updated explicitly on
 * login and logout.
 */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: ({ signal }) => fetchCurrentUser(defaultApi, signal),
  staleTime: 60_000,
  meta: { persist: false },
});

/** Drops the data of the previous user (queries marked `userScoped`). */
function dropUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.meta?.userScoped === true });
}

/** After a successful login: forget the previous user's data and load the new session user. */
export async function startSession(queryClient: QueryClient): Promise<CurrentUser | null> {
  dropUserData(queryClient);
  await queryClient.cancelQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  return queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
}

/** After a logout: no user, and none of their data. */
export async function endSession(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
  dropUserData(queryClient);
}
