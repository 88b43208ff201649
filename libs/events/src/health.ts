import { z } from 'zod';
import { emptyRequest } from './common.js';
import { defineRequest, type RequestDefinition } from './define.js';
import { SERVICE_NAMES, type ServiceName } from './services.js';

export const healthReplySchema = z.object({
  service: z.string(),
  ok: z.boolean(),
  checks: z.record(z.string(), z.boolean()),
  /** Why a failing check fails, when it can say (e.g. the relayer's `progress`). */
  reasons: z.record(z.string(), z.string()).optional(),
});
export type HealthReply = z.infer<typeof healthReplySchema>;

export type HealthDefinition = RequestDefinition<typeof emptyRequest, typeof healthReplySchema>;

/** The request/reply every service answers, per service: pattern `<service>.health`. */
export const HEALTH = Object.fromEntries(
  SERVICE_NAMES.map((service) => [
    service,
    defineRequest(`${service}.health`, emptyRequest, healthReplySchema),
  ]),
) as Record<ServiceName, HealthDefinition>;
