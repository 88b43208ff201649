import {
  checkBatchTapBody,
  checkTagBody,
  type CheckBatchTapReply,
  type CheckTagReply,
} from '@metatag/api-types';
import { CHIP_BATCHES, CHIPLINKS } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { ZodPipe } from '../http/zod-body.pipe.js';
import type { ScanRateLimiter } from './scan-rate.limiter.js';

const body = new ZodPipe(checkTagBody);
const batchBody = new ZodPipe(checkBatchTapBody);

/**
 * `POST /json/check-tag`, the one implementation: validation at the edge, the per-IP scan limit,
 * then the chiplinks service. A failed check answers `{ok: false}` (HTTP 200); bad input and the
 * limit throw AppErrors (400, 429). Used by the Nest controller and by the fast path.
 */
export function checkTag(
  services: ServiceClient,
  limiter: ScanRateLimiter,
  input: unknown,
  ip: string,
): Promise<CheckTagReply> {
  const { tag, query } = body.transform(input);
  limiter.take(ip);
  return services.send(CHIPLINKS.checkTag, { tag, query, ip });
}

/**
 * `POST /json/check-batch-tap` (issue #26: one URL for a batch), the one implementation beside
 * checkTag: the same edge validation and per-IP scan limit, then chiplinks finds the chip from the
 * PICC data. Used by the Nest route and by the fast path, as checkTag is.
 */
export function checkBatchTap(
  services: ServiceClient,
  limiter: ScanRateLimiter,
  input: unknown,
  ip: string,
): Promise<CheckBatchTapReply> {
  const { path } = batchBody.transform(input);
  limiter.take(ip);
  return services.send(CHIP_BATCHES.checkTap, { path, ip });
}
