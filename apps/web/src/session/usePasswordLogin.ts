import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedApi } from '../lib/typedApi.js';
import { startSession } from './currentUser.js';
import { cannotLogin, errorDetail, passwordLoginOutcome, type LoginOutcome } from './loginOutcome.js';

export interface PasswordCredentials {
  name: string;
  password: string;
}

/** POST /password-login; on success the session user is loaded before the mutation resolves. */
export function usePasswordLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, password }: PasswordCredentials): Promise<LoginOutcome> => {
      const outcome = passwordLoginOutcome(
        await typedApi.call('passwordLogin', { body: { name: name.trim(), password } }),
      );
      if (outcome.ok) {
        try {
          await startSession(queryClient);
        } catch (error) {
          return cannotLogin(errorDetail(error));
        }
      }
      return outcome;
    },
  });
}
