import { Controller, Get, Header, Inject, Logger, Query, Req } from '@nestjs/common';
import type { z } from 'zod';
import { searchQuery, type SearchReply } from '@metatag/api-types';
import { AUTH, SEARCH, type Actor } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { Public } from '../access/access.decorators.js';
import { ClientRateLimiter } from '../http/client-rate.limiter.js';
import { readSessionToken } from '../auth/session-cookie.js';
import type { RequestWithUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { SERVICES } from '../tokens.js';
import { mergeSearch } from './merge-search.js';

const PER_KIND = 8;

/**
 * Search (issue #20): one typed request to each owning service, in parallel, merged here. Public: an
 * anonymous visitor finds public pages by whole identifiers they already hold (a link id is a bearer
 * claim: never by a prefix, issue #28); a signed-in owner also their own templates, collections,
 * chips and links by prefix, which each service filters by the actor it is given. Rate-limited per client. A service that
 * fails leaves its part out rather than failing the search.
 */
@Controller()
export class SearchController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    private readonly limiter: ClientRateLimiter,
  ) {}

  private readonly logger = new Logger(SearchController.name);

  private part<T>(name: string, reply: Promise<T>): Promise<T | null> {
    return reply.catch((error: unknown) => {
      this.logger.warn(`search: ${name} did not answer: ${error instanceof Error ? error.message : 'error'}`);
      return null;
    });
  }

  @Public()
  @Get('json/search')
  @Header('cache-control', 'no-store')
  async search(
    @Query(new ZodPipe(searchQuery)) { q }: z.output<typeof searchQuery>,
    @Req() req: RequestWithUser,
  ): Promise<SearchReply> {
    const actor = await this.actorOf(req);
    // per client: a signed-in owner by account, a visitor by address (issue #28: no harvesting)
    this.limiter.take('search', actor ? `account:${actor.id}` : (req.ip ?? ''));
    const input = { query: q, actor, limit: PER_KIND };
    const [templates, chiplinks] = await Promise.all([
      this.part('templates', this.services.send(SEARCH.templates, input)),
      this.part('chiplinks', this.services.send(SEARCH.chiplinks, input)),
    ]);
    return mergeSearch(q, templates, chiplinks);
  }

  /** Public routes skip the session (AccessGuard): search looks it up itself, and a bad one is anonymous. */
  private async actorOf(req: RequestWithUser): Promise<Actor | null> {
    const token = readSessionToken(req);
    if (!token) return null;
    const { user } = await this.services.send(AUTH.resolveSession, { token }).catch(() => ({ user: null }));
    return user ? { id: user.id, isSuperAdmin: user.isSuperAdmin } : null;
  }
}
