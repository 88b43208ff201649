import {
  RESALE_TEXTS,
  RESALE_TOO_MANY,
  resaleActionBody,
  resaleReplySchema,
  resaleStatusSchema,
} from '../resale.js';
import { errorReply, route } from './define.js';
import { idParams } from './queries.js';

const TAG = 'Resale';

/** Resale by the chip (issue #32 item 2). */
export const RESALE_ROUTES = {
  resaleStatus: route({
    method: 'GET',
    path: '/json/resale/:id',
    tag: TAG,
    summary:
      "A chip's resale setting and its latest resale claim (status, when it opened, when the token may move); who asked is never shown",
    access: 'public',
    params: idParams,
    replies: { 200: resaleStatusSchema, 404: errorReply },
  }),
  resaleAction: route({
    method: 'POST',
    path: '/json/resale/:id',
    tag: TAG,
    summary:
      "open: a verified tap asks for the chip's token held by someone else, to move after the template's wait; complete: a later verified tap by the same wallet after the wait gets the signed transfer (or the relayer sends it, paid by the owner); cancel: the owner's wallet signs resaleCancelMessage() with a newer tap. Proof: scan token in x-metatag-scan-token, or a fresh tap's auth",
    access: 'scanToken',
    params: idParams,
    body: resaleActionBody,
    replies: { 200: resaleReplySchema, 400: errorReply, 402: errorReply, 409: errorReply, 429: errorReply },
    rateLimit:
      'SCAN_RATE_LIMIT_PER_MINUTE per client IP; 3 claims per chip a day (cancelled and failed ones count); 429 above it',
    errors: [...Object.values(RESALE_TEXTS), RESALE_TOO_MANY],
  }),
};
