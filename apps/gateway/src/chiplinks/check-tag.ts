import { checkTagBody, type CheckTagReply } from '@metatag/api-types';
import { CHIPLINKS } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { ZodPipe } from '../http/zod-body.pipe.js';
import type { ScanRateLimiter } from './scan-rate.limiter.js';

const body = new ZodPipe(checkTagBody);

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
