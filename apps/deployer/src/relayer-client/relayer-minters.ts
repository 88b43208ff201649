import { Inject, Injectable } from '@nestjs/common';
import { RELAYER } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { SERVICES } from '../templates-client/templates-client.js';

/** The relayer's key changes only with its configuration: one question a minute is plenty. */
const CACHE_MS = 60_000;
/** A relayer that does not answer is asked again soon, without making every caller wait for it. */
const FAILURE_CACHE_MS = 5_000;

/**
 * The relayer's minter address per chain, asked over the transport (`relayer.minters`): the relayer
 * holds the key, so nobody configures its address twice. Collections deployed from an admin's wallet
 * start with that wallet as minter; they need this address instead for the relayer to mint.
 */
@Injectable()
export class RelayerMinters {
  private cached: { minters: Record<string, string>; until: number } | undefined;

  constructor(@Inject(SERVICES) private readonly services: ServiceClient) {}

  /** Chain name → lower-case address; empty when the relayer does not answer. */
  async all(): Promise<Record<string, string>> {
    if (this.cached && this.cached.until > Date.now()) return this.cached.minters;
    try {
      const { minters } = await this.services.send(RELAYER.minters, {});
      this.cached = { minters, until: Date.now() + CACHE_MS };
    } catch {
      this.cached = { minters: {}, until: Date.now() + FAILURE_CACHE_MS };
    }
    return this.cached.minters;
  }

  /** The relayer's address on `chain`, or undefined when it does not serve the chain (or is down). */
  async of(chain: string): Promise<string | undefined> {
    return (await this.all())[chain]?.toLowerCase();
  }
}
