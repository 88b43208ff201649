import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { MAX_RPC_BATCH, rpcCall } from '@metatag/api-types';
import { rpcUrlOf, type GatewayConfig } from '@metatag/config';
import { isChainName } from '@metatag/contracts';
import { AppError } from '@metatag/nest-kit';
import { Public } from '../access/access.decorators.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { ClientRateLimiter } from '../http/client-rate.limiter.js';
import { GATEWAY_CONFIG } from '../tokens.js';
import { RawTransactionPolicy } from './raw-transaction.policy.js';

/**
 * Read and broadcast methods a browser wallet needs. Nothing that signs or reads node-local
 * accounts: keys stay in the browser. eth_getLogs is left out (unbounded ranges are expensive).
 */
const ALLOWED_METHODS = new Set([
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getTransactionCount',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_call',
  'eth_getBalance',
  'eth_getCode',
  'eth_sendRawTransaction',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
]);

/** A batch's calls are checked after its size, so a huge batch is refused without parsing it. */
const rpcBodyOrBatch = z.union([rpcCall, z.array(z.unknown())]);

function callsOf(body: RpcCall | unknown[]): RpcCall[] {
  if (!Array.isArray(body)) return [body];
  if (body.length === 0) throw new AppError('bad_request', 'An empty batch', 400);
  if (body.length > MAX_RPC_BATCH)
    throw new AppError('batch_too_large', `A batch holds at most ${MAX_RPC_BATCH} calls`, 400);
  const parsed = z.array(rpcCall).safeParse(body);
  if (!parsed.success)
    throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Bad request', 400);
  return parsed.data;
}
type RpcCall = z.infer<typeof rpcCall>;

/**
 * `POST /json/rpc/{chain}`: the browser's JSON-RPC transport. RPC URLs (with provider keys) stay on the
 * server, and the built-in wallet sends its signed transactions through here: only those to our own
 * contracts (raw-transaction.policy.ts), in small batches, within a per-client rate.
 */
@Controller()
export class RpcProxyController {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly limiter: ClientRateLimiter,
    private readonly transactions: RawTransactionPolicy,
  ) {}

  @Public()
  @Post('json/rpc/:chain')
  @HttpCode(200)
  async proxy(
    @Param('chain') chain: string,
    @Body(new ZodPipe(rpcBodyOrBatch)) body: RpcCall | unknown[],
    @Req() req: Request,
  ) {
    const calls = callsOf(body);
    // each call of a batch counts: a batch is no way around the limit
    for (let i = 0; i < calls.length; i++) this.limiter.take('rpc', req.ip ?? '');
    const url = rpcUrlOf(this.config, chain);
    if (!url || !isChainName(chain)) throw AppError.notFound(`No RPC is configured for chain ${chain}`);
    const refused = calls.find((c) => !ALLOWED_METHODS.has(c.method));
    if (refused) throw new AppError('method_not_allowed', `Method ${refused.method} is not allowed`, 400);
    const forward = async (payload: unknown) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(15_000),
      }).catch(() => undefined);
      if (!res?.ok) throw AppError.unavailable(`The ${chain} RPC did not answer`);
      return res.json() as Promise<unknown>;
    };
    const readCode = async (method: string, params: unknown[]) => {
      const reply = (await forward({ jsonrpc: '2.0', id: 1, method, params })) as { result?: unknown };
      return reply.result;
    };
    for (const call of calls)
      if (call.method === 'eth_sendRawTransaction')
        await this.transactions.assertOurs(chain, call.params?.[0], readCode);
    return forward(Array.isArray(body) ? calls : calls[0]);
  }
}
