import { z } from 'zod';
import type { ServiceName } from './services.js';

/** Request/reply pattern every service answers: `<service>.health`. */
export const healthPattern = (service: ServiceName) => `${service}.health` as const;

export const healthReplySchema = z.object({
  service: z.string(),
  ok: z.boolean(),
  checks: z.record(z.string(), z.boolean()),
});
export type HealthReply = z.infer<typeof healthReplySchema>;
