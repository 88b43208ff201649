import { z } from 'zod';

/** templates.ts INVALID_VALUE (spec section 5), repeated: templates.ts imports this file. */
const INVALID_VALUE = 'Invalid value';

/**
 * Burn to redeem (issue #32 item 5): what a template's token can be spent for. `mode` says what the
 * holder's transaction does (NFT code v2 `redeem(tokenId, burn)`): 'burn' destroys the token, 'lock'
 * keeps it locked forever (the limited editions' redeem, made final). The shop hears of every
 * redemption at `notifyEmail` and, when set, at `webhookUrl` (https; the gateway refuses http and private
 * addresses unless REDEMPTION_WEBHOOK_ALLOW_PRIVATE on a local stack), POSTed a JSON body signed
 * with HMAC-SHA256 in `X-MetaTag-Signature`).
 */
export const redemptionSchema = z
  .object({
    kind: z.enum(['good', 'discount', 'token']),
    description: z.string().trim().min(1).max(500),
    mode: z.enum(['burn', 'lock']),
    notifyEmail: z
      .string()
      .trim()
      .max(254)
      .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), INVALID_VALUE),
    webhookUrl: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === '' || /^https?:\/\/[^\s/]+(\/\S*)?$/.test(v), INVALID_VALUE),
  })
  .strict();
export type Redemption = z.infer<typeof redemptionSchema>;

/** The part of a redemption the public page shows (never where the shop is told). */
export type PublicRedemption = Pick<Redemption, 'kind' | 'description' | 'mode'>;

/** One recovery of a token (NFT code v2 `Recovered`), as the public page lists it. */
export interface TokenRecovery {
  from: string;
  to: string;
  reason: string;
  /** ISO time of the block. */
  at: string;
  txHash: string;
}

/**
 * A token's life after its sale (issue #32 items 1 and 5), from the chain index: whether its collection
 * lets the brand recover tokens, every recovery (the public audit log), and its redemption.
 */
export interface ChiplinkLifecycle {
  recoveryAllowed: boolean;
  recoveries: TokenRecovery[];
  redemption: { holder: string; burned: boolean; at: string; txHash: string } | null;
}

export const chiplinkLifecycleSchema = z.object({
  recoveryAllowed: z.boolean(),
  recoveries: z.array(
    z.object({ from: z.string(), to: z.string(), reason: z.string(), at: z.string(), txHash: z.string() }),
  ),
  redemption: z
    .object({ holder: z.string(), burned: z.boolean(), at: z.string(), txHash: z.string() })
    .nullable(),
}) satisfies z.ZodType<ChiplinkLifecycle>;

/** A recorded redemption as its template's owner sees it (list and CSV export). */
export interface RedemptionRecord {
  chain: string;
  collection: string;
  tokenId: string;
  holder: string;
  burned: boolean;
  kind: Redemption['kind'];
  description: string;
  txHash: string;
  redeemedAt: string;
  /** When the shop was told: the email and the webhook ('' = not configured, null = not yet / failed). */
  emailedAt: string | null;
  webhookAt: string | null;
  /**
   * The shop is still to be told: a notice is claimed or due (a first attempt under way, or a failed
   * channel's retry). The redeem page follows it until it is told; false once told or when the template
   * names nobody.
   */
  noticePending: boolean;
}
