import { SCAN_TOKEN_HEADER, type GaslessClaimReply } from '@metatag/api-types';
import { isApiError } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';
import type { ChiplinkType } from './chipActions.js';
// in chipActions.ts (the page's early chunk): the chip page asks it before this module loads
export { ownerPaysGas } from './chipActions.js';
import { fetchTokenState, type ChiplinkTokenState } from './chipApi.js';

/** The relayer queues, sends and confirms; the chain index then shows the owner: read once a second. */
const WAIT_INTERVAL_MS = 1000;
const WAIT_ATTEMPTS = 60;

/**
 * `POST /json/claim-gasless/{id}` with the scan token in a header (never in a URL). A refusal (the
 * owner's balance is spent: HTTP 402) answers `{ok: false}` like any other 'cannot mint'.
 */
export async function postGaslessClaim(request: {
  id: string;
  to: string;
  authtoken?: string | null;
}): Promise<GaslessClaimReply | (Extract<GaslessClaimReply, { ok: false }> & { httpStatus?: number })> {
  const result = await typedApi.call(
    'gaslessClaim',
    { params: { id: request.id }, body: { to: request.to.toLowerCase() } },
    { headers: request.authtoken ? { [SCAN_TOKEN_HEADER]: request.authtoken } : undefined },
  );
  if (isApiError(result))
    return { ok: false, errorMessage: result.errorMessage ?? result.error, httpStatus: result.status };
  return result;
}

/** Reads the token until `owner` owns it (the relayer's mint is in the index), or gives up. */
export async function waitForOwner(
  type: ChiplinkType,
  id: string,
  owner: string,
  sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<ChiplinkTokenState | undefined> {
  for (let attempt = 0; attempt < WAIT_ATTEMPTS; attempt++) {
    const reply = await fetchTokenState(type, id);
    if (!isApiError(reply) && reply.owner?.toLowerCase() === owner.toLowerCase()) return reply;
    await sleep(WAIT_INTERVAL_MS);
  }
  return undefined;
}
