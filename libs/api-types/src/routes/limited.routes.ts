import { z } from 'zod';
import { createLimitedQuery, createLimitedReply } from '../limited.js';
import { FILE_TOO_BIG, INVALID_VALUE } from '../templates.js';
import { errorReply, route } from './define.js';

const TAG = 'Limited editions';
const chainParams = z.object({ chain: z.string() });

/** Limited editions (issue #18): the developer tool's creation helper. */
export const LIMITED_ROUTES = {
  createLimited: route({
    method: 'POST',
    path: '/json/:chain/limited/create',
    tag: TAG,
    summary:
      "Create a limited edition's father NFT: stores the media (multipart image, optional), then the relayer mints it with mintWithLimit into one of your collections, paid from your relayer balance",
    description:
      'The father is minted to `to` (default: your wallet) in a collection attached to you (404 otherwise). ' +
      'It carries an NFT template (title and media) as its metadata. The reply has the token id and the ' +
      'transaction hash once the relayer has sent it (null while still queued). With an `Idempotency-Key` ' +
      'header (1-100 of A-Z a-z 0-9 . _ : -) a repeated request answers the first father instead of ' +
      'creating another (a retry after a lost reply is safe).',
    access: 'admin',
    authToken: true,
    params: chainParams,
    query: createLimitedQuery,
    body: z
      .object({ type: z.string().optional(), image: z.unknown().optional() })
      .describe('multipart/form-data: type, then image (the media file); both optional'),
    bodyKind: 'multipart',
    replies: { 201: createLimitedReply, 402: errorReply, 404: errorReply, 413: errorReply, 429: errorReply },
    errors: [INVALID_VALUE, FILE_TOO_BIG],
  }),
} as const;
