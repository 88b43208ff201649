import { Inject, Injectable } from '@nestjs/common';
import { HEALTH, SERVICE_NAMES } from '@metatag/events';
import type { Database } from '@metatag/db';
import type { ServiceClient } from '@metatag/nest-kit';
import type { GatewayConfig } from '@metatag/config';
import { GATEWAY_CONFIG, GATEWAY_DATABASE, SERVICES } from '../tokens.js';

export interface Readiness {
  ok: boolean;
  /** Set once SIGTERM arrived: the gateway finishes what it has and takes nothing new. */
  stopping?: true;
  checks: { database: boolean; transport: boolean; chain: boolean };
  services: Record<string, boolean>;
}

/** Ready means: the database answers, every service answers its health pattern, the chain answers. */
@Injectable()
export class ReadinessService {
  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: Database,
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  private stopping = false;

  /** From now on readiness answers 503, so the load balancer takes this replica out before it closes. */
  stopAccepting(): void {
    this.stopping = true;
  }

  async check(): Promise<Readiness> {
    const [database, services, chain] = await Promise.all([
      this.database.ping(),
      this.servicesHealth(),
      this.chain(),
    ]);
    const transport = Object.values(services).every(Boolean);
    const checks = { database, transport, chain };
    if (this.stopping) return { ok: false, stopping: true, checks, services };
    return { ok: database && transport && chain, checks, services };
  }

  private async servicesHealth(): Promise<Record<string, boolean>> {
    const entries = await Promise.all(
      SERVICE_NAMES.map(async (name) => {
        const reply = await this.services.send(HEALTH[name], {}).catch(() => undefined);
        return [name, reply?.ok === true] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  private async chain(): Promise<boolean> {
    try {
      const res = await fetch(this.config.RPC_URL_GANACHE, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(2000),
      });
      const body = (await res.json()) as { result?: string };
      return typeof body.result === 'string';
    } catch {
      return false;
    }
  }
}
