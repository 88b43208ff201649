import { z } from 'zod';
import {
  CANNOT_MINT,
  emailClaimBody,
  emailClaimLinkBody,
  LINK_CLAIMED_BY_ANOTHER,
  ORDER_EMAIL_ONLY,
} from '../chiplinks.js';
import { errorReply, route } from './define.js';
import { gaslessClaimReplySchema, mintDataReplySchema } from './replies.js';

const TAG = 'Email claims';
export const EMAIL_LINK_INVALID = 'This email link has expired or was already used.';
export const EMAIL_CLAIM_HELD = 'This claim is reserved for an email address for now. Try again later.';
const EMAIL_LIMIT =
  'EMAIL_CLAIM_RATE_LIMIT_PER_HOUR per client IP (default 10) and EMAIL_CLAIMS_PER_CHIP_PER_HOUR per chip or link (default 3); 429 above it';

const failure = z.object({ ok: z.literal(false), errorMessage: z.string() });

/** Email claims (issue #29 item 3): claim a tapped chip or a link through a one-time emailed link. */
export const EMAIL_CLAIM_ROUTES = {
  emailClaimStart: route({
    method: 'POST',
    path: '/json/email-claim/:id',
    tag: TAG,
    summary:
      "Claim by email: after a verified tap (scan token in x-metatag-scan-token, or a fresh tap's auth) or on a link's page, mails a one-time link valid EMAIL_CLAIM_TTL_MIN minutes; the chip's or link's claim is held for it meanwhile",
    description:
      "The reply is the same whatever the address, except for a shop order's claim link: it is claimed by email only with the order's billing email (409 otherwise, #28 item 2). The mail links to `{PUBLIC_URL}/email-claim#{token}`.",
    access: 'scanToken',
    params: z.object({ id: z.string() }),
    body: emailClaimBody,
    replies: {
      200: z.union([z.object({ ok: z.literal(true), expiresAt: z.string() }), failure]),
      400: errorReply,
      409: errorReply,
      429: errorReply,
    },
    rateLimit: EMAIL_LIMIT,
    errors: [
      'Invalid email address',
      CANNOT_MINT,
      EMAIL_CLAIM_HELD,
      LINK_CLAIMED_BY_ANOTHER,
      ORDER_EMAIL_ONLY,
    ],
  }),
  emailClaimLink: route({
    method: 'POST',
    path: '/json/email-claim-link',
    tag: TAG,
    summary:
      "An email claim's one-time link (token in the body, never a URL). Without `to`: what it claims (the chip or link, who pays gas, until when), spending nothing. With `to`: spends it into `to`: the relayer mints gaslessly when the owner pays gas, else a voucher for the visitor's wallet (as get-mint-data)",
    access: 'public',
    body: emailClaimLinkBody,
    replies: {
      200: z.union([
        z.object({
          ok: z.literal(true),
          id: z.string(),
          type: z.enum(['chip', 'link']),
          title: z.string(),
          chain: z.string(),
          gasPaidBy: z.enum(['visitor', 'owner']),
          expiresAt: z.string(),
        }),
        gaslessClaimReplySchema,
        mintDataReplySchema,
      ]),
      400: errorReply,
      402: errorReply,
      410: errorReply,
    },
    errors: [EMAIL_LINK_INVALID, CANNOT_MINT],
  }),
  emailClaimPending: route({
    method: 'GET',
    path: '/json/email-claims/:nftId',
    tag: TAG,
    summary: "The template's pending email claims (addresses masked: a***@example.com), soonest expiry first",
    access: 'admin',
    params: z.object({ nftId: z.string() }),
    replies: {
      200: z.object({
        ok: z.literal(true),
        items: z.array(
          z.object({
            chiplinkId: z.string(),
            email: z.string(),
            createdAt: z.string(),
            expiresAt: z.string(),
          }),
        ),
      }),
      404: errorReply,
    },
    errors: [],
  }),
} as const;
