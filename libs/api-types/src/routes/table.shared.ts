// What several of the route table's files share: limits, texts and small schemas.
import { z } from 'zod';
import { errorReply } from './define.js';
import * as r from './replies.js';

export const SCAN_LIMIT = 'SCAN_RATE_LIMIT_PER_MINUTE per client IP and minute (default 600); 429 above it';
export const LOGIN_LIMIT = 'failed sign-ins: 20 per IP and 5 per name in 15 minutes; 429 above it';
export const SERVER_ERROR = "a failed request shows 'server error'";

/** A body the schema refuses answers the error shape; a refused sign-in adds `ok: false`. */
export const loginInputError = z.union([r.failedLoginReply, errorReply]);
export const chainAddress = z.object({
  chain: z.string(),
  address: z.string().describe('0x… contract address'),
});
export const typeNft = z.object({ type: z.enum(['chip', 'link']), nftId: z.string() });
/** A template's one changed field (or the mint flow's limit + title + collection), spec section 7. */
export const nftPatchBody = z
  .record(z.string(), z.unknown())
  .describe(
    'one changed field: title, description, limit, collection, price, payoutAddress, utility_url, ' +
      'utility_url_error, woocomerce_item_id, isMultiMintEnabledchip, isMultiMintEnabledlink, gasPaidBy or ' +
      "showFileData (the public chip page shows a tap's decrypted file data), twoTap " +
      '({minSeconds 2-600, maxMinutes 1-60} or null: a chip claims only with two taps that far apart), ' +
      'resale ({waitSeconds 10-2592000, gasPaidBy visitor|owner} or null: resale by the chip) or ' +
      'redemption ({kind good|discount|token, description, mode burn|lock, notifyEmail, webhookUrl https} or ' +
      'null: what a token can be redeemed for and where the shop is told); ' +
      'the mint flow sends limit, title and collection together. multipart/form-data: image (media file)',
  );
