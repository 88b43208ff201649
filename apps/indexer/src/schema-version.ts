import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { createPublicClient, http } from 'viem';
import type { IndexedChain } from './chains.js';

/**
 * What tells one chain from another with the same id: a reset local chain has a new block 1. (Not
 * the genesis block: anvil may answer with a new one after reloading its state file, local-chain.ts.)
 */
export interface ChainIdentity {
  chainId: number;
  firstBlockHash: string;
}

/** Files Ponder writes itself, or that do not change what it indexes. */
const IGNORED = new Set(['.ponder', 'generated', 'node_modules', 'ponder-env.d.ts']);

async function* walk(dir: string): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (IGNORED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/**
 * Asks the chain for its id and block 1 (every chain indexed here has one: its locator was deployed).
 * Fails when the RPC URL serves another chain than the one it is configured for, which would
 * otherwise fill the index with another chain's events.
 */
export async function identifyChain(
  chain: Pick<IndexedChain, 'name' | 'chainId' | 'rpcUrl'>,
): Promise<ChainIdentity> {
  const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 2, timeout: 10_000 }) });
  const [chainId, first] = await Promise.all([client.getChainId(), client.getBlock({ blockNumber: 1n })]);
  if (chainId !== chain.chainId) {
    throw new Error(
      `RPC_URL_${chain.name.toUpperCase()} answers with chain id ${chainId}, but ${chain.name} is ${chain.chainId}`,
    );
  }
  return { chainId, firstBlockHash: first.hash };
}

export interface SchemaVersionInput {
  /** The stable schema readers use (INDEXER_SCHEMA); the versioned one is `<base>_<10 hex digits>`. */
  base: string;
  /** The Ponder app directory (apps/indexer/ponder). */
  ponderDir: string;
  ponderVersion: string;
  chains: IndexedChain[];
  identities: ChainIdentity[];
}

/**
 * The PostgreSQL schema this build of the indexer writes into. Ponder refuses a schema that another
 * build (other code, ABIs, addresses, start blocks) wrote, so every such change gets a schema of its
 * own: the hash covers everything Ponder's build id covers (its sources and the chain settings, not
 * the RPC URLs, which Ponder leaves out too), plus each chain's block 1, so a reset local chain is
 * indexed from scratch instead of being mixed with the old one. An unchanged restart gets the same
 * schema and Ponder resumes from its checkpoint.
 */
export async function versionedSchemaName(input: SchemaVersionInput): Promise<string> {
  const hash = createHash('sha256').update(`ponder ${input.ponderVersion}\n`);
  for await (const file of walk(input.ponderDir)) {
    hash
      .update(`${relative(input.ponderDir, file)}\n`)
      .update(await readFile(file))
      .update('\n');
  }
  const settings = input.chains.map(({ rpcUrl: _rpcUrl, ...chain }) => chain);
  hash.update(JSON.stringify(settings)).update(JSON.stringify(input.identities));
  return `${input.base}_${hash.digest('hex').slice(0, 10)}`;
}
