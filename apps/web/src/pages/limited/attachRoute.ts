import type { AttachChildBody, AttachChildReply } from '@metatag/api-types';
import type { ApiResult } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';

/**
 * `POST /json/{chain}/attach` (spec section 7; issue #18): attaches a child token to one of the
 * caller's chips; the reply carries the `setConnectToTag` transaction for the wallet to send.
 */
export function attachChild(chain: string, body: AttachChildBody): Promise<ApiResult<AttachChildReply>> {
  return typedApi.call('attachChild', { params: { chain }, body });
}
