import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineJob } from '@metatag/queue';
import { ANY_CASE_ADDRESS_PATTERN, uint256Schema } from '@metatag/api-types';
import { claimPhaseTermsSchema } from '@metatag/events';

const address = z
  .string()
  .regex(ANY_CASE_ADDRESS_PATTERN)
  .transform((v) => v.toLowerCase());

/**
 * The generic transaction job every producer ends in (mints now; pending-transaction relay and shop
 * orders later): send `data` with `value` to `to` on `chainId` from the relayer's key, once per
 * `idempotencyKey` however often the job runs. It finishes when the transaction is signed and handed
 * to the node; receipts are tracked apart, so a worker never waits for a block.
 */
export const txSendJob = defineJob(
  'tx.send',
  z.object({
    chainId: z.number().int().positive(),
    to: address,
    data: z.string().regex(/^0x([0-9a-fA-F]{2})*$/),
    value: uint256Schema,
    /** mint | relay | order | ...: what produced it, for events and operators. */
    kind: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/),
    idempotencyKey: z.string().min(1).max(200),
    /** Skips estimation when the producer knows the gas a call needs. */
    gasLimit: uint256Schema.optional(),
  }),
  // Transient trouble (node down, database down, no funds) is retried for about 8 minutes; the
  // recovery sweep re-enqueues whatever is still queued after that. The delay doubles up to 2 s
  // and stays there (#28): uncapped, a job that failed through a long outage slept up to 256 s
  // after the chain and the database were back.
  { attempts: 240, backoffMs: 500, maxBackoffMs: 2000 },
).returns<{ id: string; status: string }>();

/**
 * Builds a mint record's call data and produces its tx.send. The payload carries what the call needs,
 * so the worker does not read the record back; the record's status still decides (see processor).
 */
export const mintSubmitJob = defineJob(
  'mint.submit',
  z.object({
    mintId: z.uuid(),
    chainId: z.number().int().positive(),
    collection: address,
    to: address,
    tokenId: uint256Schema,
    txKey: z.string().min(1).max(200),
    /** A limited edition's father: `mintWithLimit(to, tokenId, childLimit)` instead of `mint`. */
    childLimit: uint256Schema.optional(),
    /** A phased template's gasless claim: `mintSignedPhased` with a voucher the relayer signs. */
    phase: claimPhaseTermsSchema.optional(),
  }),
  { attempts: 240, backoffMs: 500, maxBackoffMs: 2000 },
).returns<{ status: string }>();

/** Job ids may not contain ':' and must not look like integers; a hash of the key is neither. */
export function txJobId(idempotencyKey: string, attempt?: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40);
  return attempt ? `tx-${digest}-${attempt}` : `tx-${digest}`;
}

export const mintJobId = (mintId: string, attempt?: string) =>
  attempt ? `mint-${mintId}-${attempt}` : `mint-${mintId}`;

export const RELAYER_JOBS = [txSendJob, mintSubmitJob];
