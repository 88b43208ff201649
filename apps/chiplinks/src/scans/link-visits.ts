import { createHash } from 'node:crypto';

/** A visitor's link opens within this long count once. */
export const LINK_VISIT_WINDOW_MS = 30 * 60 * 1000;
/** Bounded memory: past this many remembered visits, the expired ones are dropped (then all, if need be). */
const MAX_VISITS = 200_000;

/**
 * Which (link, visitor) pairs were counted within the window. A link's scan count is how many
 * visitors opened it, not how many GETs arrived: a reload, the page's own second request or a script
 * hammering the URL from one address adds nothing within the window. The visitor is the client
 * address (real behind the Ingress: TRUST_PROXY), hashed so no address is kept. In memory per
 * replica: with N replicas a visitor counts at most N times per window.
 */
export class LinkVisits {
  private readonly seen = new Map<string, number>();

  constructor(private readonly windowMs = LINK_VISIT_WINDOW_MS) {}

  /** Whether this open counts: true the first time in the window for this link and visitor. */
  firstInWindow(linkId: string, visitor: string, now: number): boolean {
    const key = createHash('sha256').update(`${linkId}\u0000${visitor}`).digest('base64url').slice(0, 22);
    const at = this.seen.get(key);
    if (at !== undefined && now - at < this.windowMs) return false;
    if (this.seen.size >= MAX_VISITS) this.prune(now);
    this.seen.delete(key); // re-inserted last: the map stays in time order
    this.seen.set(key, now);
    return true;
  }

  private prune(now: number): void {
    for (const [key, at] of this.seen) {
      if (now - at < this.windowMs) break;
      this.seen.delete(key);
    }
    if (this.seen.size >= MAX_VISITS) this.seen.clear();
  }
}
