// The relayer: its transaction sender and per-chain confirmation depth.
import { z } from 'zod';
import { queueSchema, chainSchema, serviceSchema } from './common.js';

export const confirmations = (chain: string, fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(fallback)
    .describe(
      `Blocks built on top of a relayer transaction's block on ${chain} before it is final (until then it is mined, and a reorg returns it to pending)`,
    );

/** Per-chain confirmation depth of relayer transactions: 0 on the local chain, a safe margin elsewhere. */
export const confirmationsSchema = z.object({
  CONFIRMATIONS_GANACHE: confirmations('the local chain', 0),
  CONFIRMATIONS_MAINNET: confirmations('mainnet', 3),
  CONFIRMATIONS_GOERLI: confirmations('goerli', 3),
  CONFIRMATIONS_RINKEBY: confirmations('rinkeby', 3),
  CONFIRMATIONS_MUMBAI: confirmations('mumbai', 32),
  CONFIRMATIONS_POLYGON: confirmations('polygon', 32),
  CONFIRMATIONS_SEPOLIA: confirmations('sepolia', 3),
});

export type ConfirmationsConfig = z.output<typeof confirmationsSchema>;

/** The confirmation depth configured for a chain name (0 for a chain without a setting). */
export function confirmationsOf(config: Partial<ConfirmationsConfig>, chain: string): number {
  const key = `CONFIRMATIONS_${chain.toUpperCase()}` as keyof ConfirmationsConfig;
  return Object.hasOwn(confirmationsSchema.shape, key) ? (config[key] ?? 0) : 0;
}

/** The relayer's transaction sender. The key is never logged: only its address appears in logs. */
export const relayerTxSchema = z.object({
  RELAYER_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
    .describe('Minter key the relayer signs transactions with (standalone: anvil dev account #1)'),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/)
    .default('metatag')
    .describe('Redis key prefix of the BullMQ queues'),
  TX_SEND_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(64)
    .describe('tx.send jobs run at once'),
  TX_REPLACE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(30000)
    .describe('A transaction not mined after this long is replaced with higher fees'),
  TX_RECEIPT_POLL_MS: z.coerce.number().int().min(10).default(500).describe('How often receipts are polled'),
  TX_HEAD_STALL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(3000)
    .describe(
      "A sender's lowest pending nonce unchanged this long: its bytes (and the next ones) go out again and nonces below them that no transaction holds are filled",
    ),
  MINT_INDEX_LAG_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5000)
    .describe(
      "How long a relayer mint whose transaction is final waits for the mint ledger's token.minted before it is confirmed from the receipt (no wait when there is no chain index)",
    ),
  RELAYER_STALL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(8000)
    .describe(
      "The relayer's readiness fails (503 with the reason) when work is pending and nothing moved for this long: nothing signed while transactions or mints wait, or its lowest transaction out not mined while the chain does not answer or mines blocks without it",
    ),
  ...confirmationsSchema.shape,
  RELAYER_PAID_TX_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(30)
    .describe(
      'Relayer-paid transactions (e.g. manual mints) one account may start per chain and minute (0 = no limit)',
    ),
});

export const relayerSchema = serviceSchema.extend({
  ...queueSchema.shape,
  ...chainSchema.shape,
  ...relayerTxSchema.shape,
});

export type RelayerConfig = z.output<typeof relayerSchema>;
