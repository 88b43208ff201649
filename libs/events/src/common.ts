import { z } from 'zod';

/** The reply of a command that answers nothing but its success. */
export const okReply = z.object({ ok: z.literal(true) });
/** The request of a message that takes no input (callers pass `{}`). */
export const emptyRequest = z.object({});
