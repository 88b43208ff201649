import { z } from 'zod';
import { route } from './define.js';

/** How long a mint ticket lasts: long enough to pay, short enough that a leaked page is soon inert. */
export const MINT_TICKET_TTL_SECONDS = 15 * 60;
export const MINT_TICKET_INVALID = 'This mint link has expired. Reload the shop page and try again.';
/** `complete` again with a ticket that already wrote its check link (each ticket once, issue #28). */
export const MINT_TICKET_SPENT = 'This mint link was already used. Reload the shop page to mint again.';
/** `complete` before the chain holds the ticket's token (it waits a little for the transaction first). */
export const MINT_TICKET_NOT_MINTED =
  'The mint is not on the chain yet. Try again when the transaction is confirmed.';

/**
 * A real web origin, exactly as a browser writes `window.origin`: http(s), a host name of letters,
 * digits, dots and hyphens (or an IP address), an optional port; no wildcard, path, query, fragment
 * or user info. `https://*`, `https://shop.example/` and `https://a@b` are refused: the popup posts
 * its result to this origin only, so it must name one site.
 */
export function isRealOrigin(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.origin !== text) return false;
  const host = url.hostname;
  if (host.startsWith('[')) return /^\[[0-9a-f:.]+\]$/.test(host);
  return /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(
    host,
  );
}

const ticketBody = z.object({
  chain: z.string().min(1).max(32),
  nftId: z.coerce.number().int().positive().max(2_147_483_647),
  /** The shop page's origin: the only window the result is posted to. */
  origin: z.string().max(200).refine(isRealOrigin, 'Invalid origin'),
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
      "After the buyer's transaction hash: once the chain holds the ticket's token, sets the template description to the check link (computed by the server); each ticket once",
    access: 'public',
    body: completeBody,
    replies: {
      200: mintTicketCompleteReply,
      401: z.object({ error: z.string(), errorMessage: z.string() }),
      409: z.object({ error: z.string(), errorMessage: z.string() }),
    },
    errors: [MINT_TICKET_INVALID, MINT_TICKET_NOT_MINTED, MINT_TICKET_SPENT],
  }),
} as const;
