import type { AttachChildBody, AttachChildReply } from '@metatag/api-types';
import type { ApiResult } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';
import { ATTACH_ROUTE, attachPath } from './samples.js';

export { attachPath };

/**
 * `POST /json/{chain}/attach` (spec section 7; issue #18) is built beside this page, as route
 * `attachChild` of the route table. Until both are merged this branch's table does not have it: the
 * tab and its sample look it up by name and say so when it is missing. At merge this becomes
 * `typedApi.call('attachChild', { params: { chain }, body })`.
 *
 * Attaches a child token to one of the caller's chips; the reply carries the wallet's transaction.
 */
export function attachChild(chain: string, body: AttachChildBody): Promise<ApiResult<AttachChildReply>> {
  if (attachPath(chain) === null)
    return Promise.resolve({ error: 'not_available', errorMessage: ATTACH_NOT_AVAILABLE });
  const call = typedApi.call as unknown as (
    name: string,
    args: { params: { chain: string }; body: AttachChildBody },
  ) => Promise<ApiResult<AttachChildReply>>;
  return call(ATTACH_ROUTE, { params: { chain }, body });
}

export const ATTACH_NOT_AVAILABLE = 'Attaching a child token to a chip is not available on this server yet';
