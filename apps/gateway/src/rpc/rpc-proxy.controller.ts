import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import type { z } from 'zod';
import { rpcBody, type rpcCall } from '@metatag/api-types';
import { rpcUrlOf, type GatewayConfig } from '@metatag/config';
import { AppError } from '@metatag/nest-kit';
import { Public } from '../access/access.decorators.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { GATEWAY_CONFIG } from '../tokens.js';

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

type RpcCall = z.infer<typeof rpcCall>;

/**
 * `POST /json/rpc/{chain}`: the browser's JSON-RPC transport. RPC URLs (with provider keys) stay on the
 * server, and the built-in wallet sends its signed transactions through here.
 */
@Controller()
export class RpcProxyController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Public()
  @Post('json/rpc/:chain')
  @HttpCode(200)
  async proxy(@Param('chain') chain: string, @Body(new ZodPipe(rpcBody)) body: RpcCall | RpcCall[]) {
    const url = rpcUrlOf(this.config, chain);
    if (!url) throw AppError.notFound(`No RPC is configured for chain ${chain}`);
    const calls = Array.isArray(body) ? body : [body];
    const refused = calls.find((c) => !ALLOWED_METHODS.has(c.method));
    if (refused) throw new AppError('method_not_allowed', `Method ${refused.method} is not allowed`, 400);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    }).catch(() => undefined);
    if (!res?.ok) throw AppError.unavailable(`The ${chain} RPC did not answer`);
    return res.json();
  }
}
