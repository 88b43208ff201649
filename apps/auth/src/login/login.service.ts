import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { recoverMessageAddress, type Hex } from 'viem';
import type { AuthConfig } from '@metatag/config';
import type { SessionReply } from '@metatag/events';
import { AppError, CLOCK, SERVICE_CONFIG, type Clock } from '@metatag/nest-kit';
import { SessionService } from '../sessions/session.service.js';
import { UserRepository } from '../users/user.repository.js';
import { LoginAttempts } from './login-attempts.js';
import { NonceRepository } from './nonce.repository.js';
import { verifyPassword } from './password-hasher.js';
import { buildSiweMessage, parseSiweMessage } from './siwe-message.js';

const NONCE_TTL_MS = 10 * 60 * 1000;
const ADDRESS = /^0x[0-9a-f]{40}$/;

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

  /** A single-use EIP-4361 message for `address`, bound to the site the browser talks to. */
  async issueNonce(input: {
    address: string;
    domain: string;
    uri: string;
  }): Promise<{ nonce: string; message: string }> {
    const address = input.address.toLowerCase();
    if (!ADDRESS.test(address)) throw new AppError('invalid_address', 'Invalid address', 400);
    const now = this.clock.now();
    const nonce = randomBytes(16).toString('hex');
    const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
    const origin = new URL(input.uri).origin;
    const message = buildSiweMessage({
      domain: input.domain,
      address,
      statement: `Sign in to MetaTag. By signing you accept the terms of service at ${origin}/terms.`,
      uri: origin,
      version: '1',
      chainId: 1,
      nonce,
      issuedAt: now,
      expirationTime: expiresAt,
    });
    await this.nonces.save({ nonce, address, message, domain: input.domain, expiresAt });
    await this.nonces.deleteExpired(now);
    return { nonce, message };
  }

  /** Verifies the wallet's signature over the latest message issued to it; the nonce is spent either way. */
  async walletLogin(input: {
    address: string;
    signature: string;
    ip: string;
    domain: string;
  }): Promise<SessionReply> {
    const address = input.address.toLowerCase();
    await this.attempts.assertAllowed(input.ip, address);
    const issued = ADDRESS.test(address)
      ? await this.nonces.consumeLatest(address, this.clock.now())
      : undefined;
    const parsed = issued && parseSiweMessage(issued.message);
    let signer = '';
    if (issued && parsed && /^0x[0-9a-fA-F]{130}$/.test(input.signature)) {
      signer = await recoverMessageAddress({ message: issued.message, signature: input.signature as Hex })
        .then((a) => a.toLowerCase())
        .catch(() => '');
    }
    const valid =
      !!parsed &&
      sameText(signer, address) &&
      parsed.address === address &&
      parsed.domain === input.domain &&
      issued.domain === input.domain &&
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

  async passwordLogin(input: { name: string; password: string; ip: string }): Promise<SessionReply> {
    const name = input.name.trim();
    await this.attempts.assertAllowed(input.ip, name);
    const user = await this.users.findByName(name);
    const ok = await verifyPassword(input.password, user?.passwordHash ?? null);
    if (!user || !ok) {
      await this.attempts.recordFailure(input.ip, name);
      throw new AppError('invalid_password', INVALID_PASSWORD, 401);
    }
    return this.sessions.open(user);
  }
}
