/** Chains of the interface (spec sections 1, 2 and 9). The chain is the first path segment. */
export const CHAIN_IDS = {
  mainnet: 1,
  goerli: 5,
  polygon: 137,
  ganache: 1337,
} as const;

export type ChainName = keyof typeof CHAIN_IDS;

/** The header's chain switcher cycles in this order; ganache only on a local host. */
export const CHAIN_CYCLE: readonly ChainName[] = ['mainnet', 'goerli', 'polygon', 'ganache'];

export const DEFAULT_CHAIN: ChainName = 'mainnet';

/** Host names on which the local chain (ganache, id 1337) is offered. */
export const LOCAL_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1'];

export function isChainName(value: string | undefined | null): value is ChainName {
  return value != null && Object.hasOwn(CHAIN_IDS, value);
}

export function isLocalHostname(hostname: string): boolean {
  return LOCAL_HOSTNAMES.includes(hostname);
}

/** The chains the switcher offers on this host, in cycle order. */
export function availableChains(hostname: string): ChainName[] {
  return CHAIN_CYCLE.filter((chain) => chain !== 'ganache' || isLocalHostname(hostname));
}

/**
 * The chain after `current`: mainnet -> goerli -> polygon -> ganache -> mainnet on localhost and
 * 127.0.0.1, mainnet -> goerli -> polygon -> mainnet elsewhere. A chain not offered on this host
 * (ganache typed into a public URL) moves to the first chain.
 */
export function nextChain(current: ChainName, hostname: string): ChainName {
  const chains = availableChains(hostname);
  const index = chains.indexOf(current);
  if (index === -1) return chains[0];
  return chains[(index + 1) % chains.length];
}

/** Splits `path?query#hash` into the path and the rest (query and hash, kept verbatim). */
function splitPath(path: string): [pathname: string, rest: string] {
  const cut = path.search(/[?#]/);
  return cut === -1 ? [path, ''] : [path.slice(0, cut), path.slice(cut)];
}

/**
 * Index (in `path.split('/')`) of the chain segment: the first segment, or the third in the
 * per-user form `/user/{user}/{chain}/...` (spec section 2); -1 when the path names no chain.
 */
function chainSegmentIndex(segments: string[]): number {
  if (segments[0] !== '') return -1;
  if (isChainName(segments[1])) return 1;
  if (segments[1] === 'user' && segments[2] && isChainName(segments[3])) return 3;
  return -1;
}

/**
 * The chain named by the first path segment (or by the third in `/user/{user}/{chain}/...`), or
 * null when the path names no chain.
 */
export function chainFromPath(path: string): ChainName | null {
  const [pathname] = splitPath(path);
  const segments = pathname.split('/');
  const index = chainSegmentIndex(segments);
  return index === -1 ? null : (segments[index] as ChainName);
}

/**
 * Replaces the chain segment (the first, or the third in `/user/{user}/{chain}/...`) with `chain`,
 * keeping the rest of the path, the query string and the hash. Paths without a chain segment
 * (e.g. /tag/x) are returned unchanged.
 */
export function rewriteChainInPath(path: string, chain: ChainName): string {
  const [pathname, rest] = splitPath(path);
  const segments = pathname.split('/');
  const index = chainSegmentIndex(segments);
  if (index === -1) return path;
  segments[index] = chain;
  return segments.join('/') + rest;
}

/** The interface chain with this id, or null (rinkeby, mumbai, sepolia are not interface chains). */
export function chainNameById(chainId: number): ChainName | null {
  for (const name of CHAIN_CYCLE) if (CHAIN_IDS[name] === chainId) return name;
  return null;
}
