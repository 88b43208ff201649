import { z } from 'zod';
import { RECOVERY_TEXTS, recoverTokenBody, recoverTokenReply } from '../recovery.js';
import { errorReply, route } from './define.js';

/** Brand recovery (issue #32 item 1): the API half of the admin's "Recover a token" form. */
export const RECOVERY_ROUTES = {
  recoverToken: route({
    method: 'POST',
    path: '/json/:chain/recover',
    tag: 'Lifecycle',
    summary:
      "Recover a token of one of your collections (a return, a theft report, a lost wallet) to the brand or a new address, with a reason the chain logs and the token's page lists: checked by simulating `recover` from the collection owner's wallet, answered as the transaction for that wallet to send",
    access: 'admin',
    authToken: true,
    params: z.object({ chain: z.string() }),
    body: recoverTokenBody,
    replies: { 200: recoverTokenReply, 400: errorReply, 404: errorReply, 409: errorReply, 503: errorReply },
    errors: Object.values(RECOVERY_TEXTS),
  }),
} as const;
