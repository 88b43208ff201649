import { z } from 'zod';
import { SIGNATURE_PATTERN, addressSchema } from './validation.js';

/**
 * Resale by the chip (issue #32 item 2): the holder of a fresh verified tap asks for the chip's token
 * (`open`); the owner is told on the page and may lock it (the veto) or tap the chip with their own
 * wallet (`cancel`); once the wait is over, a later verified tap by the claimant moves it (`complete`)
 * with the contract's signed transfer. docs/decisions.md "Resale by the chip".
 */

/** Why a resale request was refused: the page shows the text (RESALE_TEXTS) as is. */
export const RESALE_REFUSALS = [
  'resale_off',
  'not_owned',
  'own_token',
  'locked',
  'claim_pending',
  'no_claim',
  'waiting',
  'tap_needed',
  'moved',
  'not_owner',
] as const;
export type ResaleRefusal = (typeof RESALE_REFUSALS)[number];

export const RESALE_TEXTS: Record<ResaleRefusal, string> = {
  resale_off: 'This item cannot be resold by tapping its chip',
  not_owned: 'Nobody owns this item yet: mint it instead',
  own_token: 'This wallet already owns this item',
  locked: 'The owner has locked this item, so the resale claim failed',
  claim_pending: 'A resale claim is already pending for this item',
  no_claim: 'No resale claim of this wallet is pending for this item',
  waiting: 'The waiting period is not over yet',
  tap_needed: 'Tap the chip again (after the waiting period) to complete the resale',
  moved: 'The item changed hands while the claim waited, so the resale claim failed',
  not_owner: 'Only the owner can cancel a resale claim',
};
export const RESALE_TOO_MANY = 'Too many resale claims for this chip today. Try again tomorrow';

/**
 * What the owner signs (personal_sign) with a newer tap to cancel the pending claim: a tap by the
 * owner's own wallet. The timestamp (ms) is checked like the lock's (5 minutes).
 */
export function resaleCancelMessage(id: string, timestamp: number): string {
  return ['MetaTag: cancel the resale claim of a chip', `Chip: ${id}`, `Timestamp: ${timestamp}`].join('\n');
}

const to = z.string({ error: 'Invalid address' }).pipe(addressSchema);
const auth = z.string().max(256).optional();

/**
 * `POST /json/resale/{id}`: the tap's proof is the scan token in x-metatag-scan-token (the chip page),
 * or a fresh tap's `auth`.
 */
export const resaleActionBody = z
  .object({
    action: z.enum(['open', 'complete', 'cancel']),
    /** open, complete: the claimant's wallet. */
    to: to.optional(),
    /** cancel: the owner's wallet, its personal_sign of resaleCancelMessage(id, timestamp), and that timestamp (ms). */
    address: to.optional(),
    signature: z.string().regex(SIGNATURE_PATTERN, 'Invalid signature').optional(),
    timestamp: z.number().int().nonnegative().optional(),
    auth,
  })
  .superRefine((body, ctx) => {
    // a flat object, not a union per action: the route table is at TypeScript's instantiation limit
    if (body.action !== 'cancel' && !body.to)
      ctx.addIssue({ code: 'custom', message: 'Invalid address', path: ['to'] });
    if (body.action === 'cancel' && !body.address)
      ctx.addIssue({ code: 'custom', message: 'Invalid address', path: ['address'] });
    if (body.action === 'cancel' && (!body.signature || body.timestamp === undefined))
      ctx.addIssue({ code: 'custom', message: 'Invalid signature', path: ['signature'] });
  });
export type ResaleAction = z.output<typeof resaleActionBody>;

export const resaleClaimSchema = z.object({
  status: z.enum(['pending', 'completed', 'cancelled', 'failed']),
  openedAt: z.string(),
  /** When the token may move (ISO). */
  dueAt: z.string(),
  closedAt: z.string().nullable(),
  /** A closed claim's cause ('' while pending or when completed). */
  reason: z.string(),
});
export type ResaleClaim = z.infer<typeof resaleClaimSchema>;

/** `GET /json/resale/{id}`: the chip's resale setting and its latest claim; never who asked. */
export const resaleStatusSchema = z.object({
  enabled: z.boolean(),
  waitSeconds: z.number().int().nullable(),
  gasPaidBy: z.enum(['visitor', 'owner']).nullable(),
  claim: resaleClaimSchema.nullable(),
});
export type ResaleStatus = z.infer<typeof resaleStatusSchema>;

export const resaleReplySchema = z.union([
  z.object({
    ok: z.literal(true),
    claim: resaleClaimSchema,
    /** `complete` with the claimant's wallet paying gas: the signed transfer to send (as get-mint-data). */
    transfer: z
      .object({
        data: z.string(),
        value: z.string(),
        tokenid: z.string(),
        nft: z.object({ collection: z.string(), chain: z.string() }),
      })
      .optional(),
    /** `complete` paid by the template owner: the relayer transaction's id and status. */
    relayed: z.object({ id: z.string(), status: z.string() }).optional(),
  }),
  z.object({ ok: z.literal(false), errorMessage: z.string(), reason: z.enum(RESALE_REFUSALS) }),
]);
export type ResaleReply = z.infer<typeof resaleReplySchema>;
