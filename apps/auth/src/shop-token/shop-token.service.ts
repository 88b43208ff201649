import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthConfig } from '@metatag/config';
import type { AuthUser } from '@metatag/events';
import { AppError, SERVICE_CONFIG } from '@metatag/nest-kit';
import { toAuthUser, UserRepository } from '../users/user.repository.js';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The shop (WooCommerce) webhook access token of a user. The UI shows it again on every visit, so it
 * is stored encrypted (AES-256-GCM, key derived from SESSION_SECRET) plus a hash for lookups.
 */
@Injectable()
export class ShopTokenService {
  private readonly key: Buffer;
  private readonly secretKey: Buffer;

  constructor(
    private readonly users: UserRepository,
    @Inject(SERVICE_CONFIG) config: AuthConfig,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', config.SESSION_SECRET, 'metatag', 'shop-access-token', 32));
    this.secretKey = Buffer.from(
      hkdfSync('sha256', config.SESSION_SECRET, 'metatag', 'shop-webhook-secret', 32),
    );
  }

  async get(userId: number): Promise<string> {
    const user = await this.users.findById(userId);
    if (!user) throw AppError.notFound('User not found');
    return user.shopTokenSealed ? this.open(user.shopTokenSealed) : this.rotate(userId);
  }

  async rotate(userId: number): Promise<string> {
    const token = `wc_${randomBytes(24).toString('base64url')}`;
    const updated = await this.users.update(userId, {
      shopTokenSealed: this.seal(token),
      shopTokenHash: hash(token),
    });
    if (!updated) throw AppError.notFound('User not found');
    return token;
  }

  async findUser(token: string): Promise<AuthUser | null> {
    const user = token ? await this.users.findByShopTokenHash(hash(token)) : undefined;
    return user ? toAuthUser(user) : null;
  }

  /**
   * The WooCommerce webhook secret of a token: derived (HMAC under a key from SESSION_SECRET), not
   * stored, so rotating the token rotates the secret and no migration holds another sealed value.
   */
  webhookSecret(token: string): string {
    return `whsec_${createHmac('sha256', this.secretKey).update(token).digest('base64url')}`;
  }

  private seal(token: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  private open(sealed: string): string {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }
}
