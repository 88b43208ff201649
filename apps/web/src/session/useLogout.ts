import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { loginPath } from '../lib/adminPaths.js';
import { useChain } from '../lib/useChain.js';
import { endSession } from './currentUser.js';
import { typedApi } from '../lib/typedApi.js';

/**
 * Spec section 4: logout posts to the server, clears the user and goes to the login page. The user
 * is cleared even when the request fails: the page must not keep showing them as logged in.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const chain = useChain();
  return useMutation({
    mutationFn: () => typedApi.call('logout'),
    onSettled: async () => {
      await endSession(queryClient);
      await navigate(loginPath(chain));
    },
  });
}
