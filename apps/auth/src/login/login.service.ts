import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { recoverMessageAddress, type Hex } from 'viem';
import type { AuthConfig } from '@metatag/config';
import type { SessionReply } from '@metatag/events';
import { AppError, CLOCK, SERVICE_CONFIG, type Clock } from '@metatag/nest-kit';
import { SessionService } from '../sessions/session.service.js';
import { UserRepository } from '../users/user.repository.js';
import { LoginAttempts } from './login-attempts.js';
import { NonceRepository, type IssuedNonce } from './nonce.repository.js';
import { verifyPassword } from './password-hasher.js';
import { buildSiweMessage, parseSiweMessage } from './siwe-message.js';
import { ADDRESS_PATTERN } from '@metatag/api-types';

/** A sign-in message is signed within minutes or not at all. */
const NONCE_TTL_MS = 5 * 60 * 1000;
/** Pending messages a login without a named nonce is checked against (newest first). */
const MAX_CANDIDATES = 10;
const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;

/** The spec's login error texts (section 8). */
export const NOT_OK = 'not ok';
export const INVALID_PASSWORD = 'invalid password';

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

@Injectable()
export class LoginService {
  constructor(
    private readonly users: UserRepository,
    private readonly nonces: NonceRepository,
    private readonly attempts: LoginAttempts,
    private readonly sessions: SessionService,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * A single-use EIP-4361 message for `address`. The gateway names the origin (one of PUBLIC_URL's)
   * and the chain the wallet is on; the message is kept, so a login checks a signature over exactly it.
   */
  async issueNonce(input: {
    address: string;
    origin: string;
    chainId: number;
  }): Promise<{ nonce: string; message: string }> {
    const address = input.address.toLowerCase();
    if (!ADDRESS_PATTERN.test(address)) throw new AppError('invalid_address', 'Invalid address', 400);
    const now = this.clock.now();
    const nonce = randomBytes(16).toString('hex');
    const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
    const origin = new URL(input.origin);
    const message = buildSiweMessage({
      domain: origin.host,
      address,
      statement: `Sign in to MetaTag. By signing you accept the terms of service at ${origin.origin}/terms.`,
      uri: origin.origin,
      version: '1',
      chainId: input.chainId,
      nonce,
      issuedAt: now,
      expirationTime: expiresAt,
    });
    await this.nonces.save({ nonce, address, message, domain: origin.host, expiresAt });
    await this.nonces.deleteExpired(now);
    return { nonce, message };
  }

  /**
   * Verifies the wallet's signature over one of the messages issued to it: the one the client names
   * (`nonce`, spent either way), else whichever pending one the signature is over. The message's
   * domain and URI must be one of `origins` (PUBLIC_URL), whatever the request looked like.
   */
  async walletLogin(input: {
    address: string;
    signature: string;
    nonce?: string;
    ip: string;
    origins: string[];
  }): Promise<SessionReply> {
    const address = input.address.toLowerCase();
    await this.friction(await this.attempts.assertAllowed(input.ip, address));
    const issued = await this.signedNonce(address, input.signature, input.nonce);
    const parsed = issued && parseSiweMessage(issued.message);
    const hosts = input.origins.map((o) => new URL(o).host);
    const valid =
      !!parsed &&
      parsed.address === address &&
      hosts.includes(parsed.domain) &&
      input.origins.includes(parsed.uri) &&
      parsed.expirationTime > this.clock.now();
    if (!valid) {
      await this.attempts.recordFailure(input.ip, address);
      throw new AppError('invalid_signature', NOT_OK, 401);
    }
    let user = await this.users.findByName(address);
    if (!user) {
      if (!this.config.ALLOW_WALLET_SIGNUP) throw new AppError('signup_closed', NOT_OK, 401);
      user =
        (await this.users.create({ address, userAddress: address })) ??
        (await this.users.findByName(address));
    }
    if (!user) throw new AppError('invalid_signature', NOT_OK, 401);
    return this.sessions.open(user);
  }

  /** The issued nonce whose message `signature` is `address`'s signature over, consumed; else undefined. */
  private async signedNonce(
    address: string,
    signature: string,
    nonce: string | undefined,
  ): Promise<IssuedNonce | undefined> {
    if (!ADDRESS_PATTERN.test(address) || !SIGNATURE.test(signature)) return undefined;
    const now = this.clock.now();
    const signs = async (message: string) => {
      const signer = await recoverMessageAddress({ message, signature: signature as Hex })
        .then((a) => a.toLowerCase())
        .catch(() => '');
      return sameText(signer, address);
    };
    if (nonce !== undefined) {
      const named = await this.nonces.consume(address, nonce, now);
      return named && (await signs(named.message)) ? named : undefined;
    }
    for (const candidate of await this.nonces.pending(address, now, MAX_CANDIDATES)) {
      // consumed only once it is the one signed: the other pending sign-ins stay usable
      if (await signs(candidate.message)) return this.nonces.consume(address, candidate.nonce, now);
    }
    return undefined;
  }

  /** A name under a password spray: each attempt waits a moment (real time: it is the point). */
  private async friction({ frictionMs }: { frictionMs: number }): Promise<void> {
    if (frictionMs > 0) await new Promise((resolve) => setTimeout(resolve, frictionMs));
  }

  async passwordLogin(input: { name: string; password: string; ip: string }): Promise<SessionReply> {
    const name = input.name.trim();
    await this.friction(await this.attempts.assertAllowed(input.ip, name));
    const user = await this.users.findByName(name);
    const ok = await verifyPassword(input.password, user?.passwordHash ?? null);
    if (!user || !ok) {
      await this.attempts.recordFailure(input.ip, name);
      throw new AppError('invalid_password', INVALID_PASSWORD, 401);
    }
    return this.sessions.open(user);
  }
}
