import { z } from 'zod';
import { UINT64_PATTERN } from '@metatag/api-types';

/** The reply of a command that answers nothing but its success. */
export const okReply = z.object({ ok: z.literal(true) });
/** The request of a message that takes no input (callers pass `{}`). */
export const emptyRequest = z.object({});

const bytes32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/);

/**
 * A claim phase's terms as a MintPhased voucher signs them (issue #32 item 3): the collection enforces
 * the window, the per-wallet cap and the allowlist; `proof` proves the recipient in the list. Carried
 * by a voucher request and by a gasless claim's mint (the relayer then mints through the phase too).
 */
export const claimPhaseTermsSchema = z.object({
  id: bytes32,
  /** Unix seconds; 0: open from the start. */
  start: z.string().regex(UINT64_PATTERN),
  /** Unix seconds; 0: no end. */
  end: z.string().regex(UINT64_PATTERN),
  walletCap: z.number().int().min(0).max(0xffffffff),
  allowlistRoot: bytes32,
  proof: z.array(bytes32).max(32),
});
export type ClaimPhaseTermsMessage = z.infer<typeof claimPhaseTermsSchema>;
