import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser, SessionReply } from '@metatag/events';
import { CLOCK, type Clock } from '@metatag/nest-kit';
import { SessionRepository } from './session.repository.js';
import { toAuthUser, type UserRow } from '../users/user.repository.js';

/** Spec section 9: sign-in authentication resets after 7 days. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async open(user: UserRow): Promise<SessionReply> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await this.sessions.create(hashToken(token), user.id, now, expiresAt);
    return { user: toAuthUser(user), token, expiresAt: expiresAt.toISOString() };
  }

  async resolve(token: string): Promise<AuthUser | null> {
    if (!token || token.length > 200) return null;
    const user = await this.sessions.findLiveUser(hashToken(token), this.clock.now());
    return user ? toAuthUser(user) : null;
  }

  async revoke(token: string): Promise<void> {
    if (token) await this.sessions.revoke(hashToken(token), this.clock.now());
  }

  /**
   * Ends the sessions of a user whose password changed: all of them, except `keepToken` when it is one
   * of that user's own (the super admin who changed their own password stays signed in on this device).
   */
  async endSessionsOf(userId: number, keepToken?: string): Promise<void> {
    const keep = keepToken && keepToken.length <= 200 ? hashToken(keepToken) : undefined;
    await this.sessions.revokeAllOfUser(userId, this.clock.now(), keep);
  }
}
