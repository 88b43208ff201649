import { randomBytes } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import type { z } from 'zod';
import {
  API_ROUTES,
  MINT_TICKET_INVALID,
  MINT_TICKET_NOT_MINTED,
  MINT_TICKET_TTL_SECONDS,
  type RouteReply,
} from '@metatag/api-types';
import type { GatewayConfig } from '@metatag/config';
import { CHIPLINKS, DEFAULT_COLLECTIONS, TEMPLATES, type AuthUser } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { AcceptAuthToken, Allow, Public } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { actorOf, canonicalOrigin, chainParam } from '../templates/route-params.js';
import { GATEWAY_CONFIG, SERVICES } from '../tokens.js';
import { MintTicketCodec } from './mint-ticket.js';

const ticketBody = API_ROUTES.mintTicket.body;
/** How long `complete` waits for the buyer's transaction to be mined: a few blocks of a live chain. */
const COMPLETE_WAIT_MS = 30_000;
const COMPLETE_POLL_MS = 500;
const completeBody = API_ROUTES.mintTicketComplete.body;

/**
 * The embeddable "Mint as NFT" button (issue #19). The shop's long-lived access token stays on the
 * shop's server: with it, the server asks here for a ticket, which makes one QR link of its template
 * and signs a 15-minute ticket for that link and the shop page's origin. The button opens our own
 * `/{chain}/mint-flow?ticket=…` page; the buyer's wallet mints the link there; then `complete` sets
 * the template's description to the check link, computed here from the link's token (never from what
 * the browser says), and tells the page which origin the result may be posted to.
 */
@Controller()
export class MintTicketController {
  private readonly codec: MintTicketCodec;

  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.codec = new MintTicketCodec(config.SESSION_SECRET);
  }

  @Allow('admin')
  @AcceptAuthToken()
  @Post('json/mint-flow/ticket')
  async ticket(
    @Body(new ZodPipe(ticketBody)) body: z.output<typeof ticketBody>,
    @CurrentUser() me: AuthUser,
  ): Promise<RouteReply<'mintTicket'>> {
    const chain = chainParam(body.chain);
    // the link is made as the owner: someone else's template is the chiplinks service's 404
    const created = await this.services.send(CHIPLINKS.create, {
      actor: { ...actorOf(me), isSuperAdmin: false },
      type: 'link',
      nftId: body.nftId,
    });
    if (!('item' in created)) throw new AppError('cannot_add', 'cannot add', 400);
    const expires = Math.floor(Date.now() / 1000) + MINT_TICKET_TTL_SECONDS;
    const ticket = this.codec.sign({
      u: me.id,
      c: chain,
      n: body.nftId,
      l: created.item.id,
      o: body.origin,
      e: expires,
      j: randomBytes(16).toString('base64url'),
    });
    return {
      ticket,
      uid: created.item.uid,
      url: `${canonicalOrigin(this.config)}/${chain}/mint-flow?ticket=${encodeURIComponent(ticket)}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  @Public()
  @Post('json/mint-flow/complete')
  @HttpCode(200)
  async complete(
    @Body(new ZodPipe(completeBody)) body: z.output<typeof completeBody>,
  ): Promise<RouteReply<'mintTicketComplete'>> {
    const ticket = this.codec.verify(body.ticket, Math.floor(Date.now() / 1000));
    if (!ticket) throw new AppError('invalid_ticket', MINT_TICKET_INVALID, 401);
    const chain = chainParam(ticket.c);
    const actor = { id: ticket.u, isSuperAdmin: false };
    const { item } = await this.services.send(TEMPLATES.getNft, { chain, id: ticket.n, actor });
    const collection =
      item.collection || (await this.services.send(DEFAULT_COLLECTIONS.get, { chain })).address;
    if (!collection) throw new AppError('cannot_mint', 'cannot mint', 400);
    // only once the chain holds the ticket's token: a ticket alone must not rewrite the description
    const tokenId = await this.mintedToken(ticket.l);
    const description = `${canonicalOrigin(this.config)}/${chain}/check-parent/${collection}/${tokenId}`;
    // single use (issue #28): the templates service records the ticket's spend in the transaction that
    // writes the description, so a replay within its 15 minutes is a 409 and never undoes the owner's
    // later edit or another ticket's check link. A ticket's link is its own, so it names an older ticket.
    await this.services.send(TEMPLATES.completeMintTicket, {
      actor,
      chain,
      id: ticket.n,
      ticket: { id: ticket.j ?? `link:${ticket.l}`, expiresAt: new Date(ticket.e * 1000) },
      description,
    });
    return { ok: true, nftId: ticket.n, tokenId, collection, description, origin: ticket.o };
  }

  /**
   * The link's token id once the chain has an owner for it. The popup calls right after sending the
   * buyer's transaction, so this waits for it a little (a block or two), then answers 409.
   */
  private async mintedToken(linkId: string): Promise<string> {
    const deadline = Date.now() + COMPLETE_WAIT_MS;
    for (;;) {
      const state = await this.services.send(CHIPLINKS.tokenState, { id: linkId, type: 'link' });
      if (state.owner) return state.tokenId;
      if (Date.now() >= deadline) throw new AppError('not_minted', MINT_TICKET_NOT_MINTED, 409);
      await new Promise((resolve) => setTimeout(resolve, COMPLETE_POLL_MS));
    }
  }
}
