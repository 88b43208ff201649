import { z } from 'zod';
import { route } from './define.js';

/** How long a mint ticket lasts: long enough to pay, short enough that a leaked page is soon inert. */
export const MINT_TICKET_TTL_SECONDS = 15 * 60;
export const MINT_TICKET_INVALID = 'This mint link has expired. Reload the shop page and try again.';

const ticketBody = z.object({
  chain: z.string().min(1).max(32),
  nftId: z.coerce.number().int().positive().max(2_147_483_647),
  /** The shop page's origin: the only window the result is posted to. */
  origin: z
    .string()
    .max(200)
    .regex(/^https?:\/\/[^/?#\s]+$/, 'Invalid origin'),
});

const completeBody = z.object({
  ticket: z.string().min(1).max(2048),
  hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'cannot get tx hash'),
});

export const mintTicketReply = z.object({
  ticket: z.string(),
  uid: z.string(),
  /** `{PUBLIC_URL}/{chain}/mint-flow?ticket=…`: the page the embed button opens. */
  url: z.string(),
  expiresAt: z.string(),
});
export const mintTicketCompleteReply = z.object({
  ok: z.literal(true),
  nftId: z.number().int(),
  tokenId: z.string(),
  collection: z.string(),
  description: z.string(),
  /** The shop origin the ticket was issued for (verified): the popup posts its result only there. */
  origin: z.string(),
});

/** The embeddable "Mint as NFT" button's server side (issue #19): short-lived, single-purpose tickets. */
export const MINT_FLOW_ROUTES = {
  mintTicket: route({
    method: 'POST',
    path: '/json/mint-flow/ticket',
    tag: 'Mint flow',
    summary:
      "A shop's server (?authtoken) makes a QR link of its template and a 15-minute ticket for the embed button",
    access: 'admin',
    authToken: true,
    body: ticketBody,
    replies: { 201: mintTicketReply },
    example: { chain: 'ganache', nftId: 7, origin: 'https://shop.example' },
  }),
  mintTicketComplete: route({
    method: 'POST',
    path: '/json/mint-flow/complete',
    tag: 'Mint flow',
    summary:
      "After the buyer's transaction hash: sets the ticket's template description to the check link (computed by the server)",
    access: 'public',
    body: completeBody,
    replies: { 200: mintTicketCompleteReply, 401: z.object({ error: z.string(), errorMessage: z.string() }) },
    errors: [MINT_TICKET_INVALID],
  }),
} as const;
