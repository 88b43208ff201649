import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from './currentUser.js';

/** The signed-in user (`data`: the user, null when logged out, undefined while loading). */
export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
