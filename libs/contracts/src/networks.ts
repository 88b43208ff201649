import { numberToHex, type Address, type Hex } from 'viem';

/** Chain names as they appear in routes (/{chain}/...) and configuration, with their chain ids. */
export const chainIds = {
  mainnet: 1,
  goerli: 5,
  rinkeby: 4,
  mumbai: 80001,
  polygon: 137,
  sepolia: 11155111,
  ganache: 1337,
} as const;

export type ChainName = keyof typeof chainIds;
export type ChainId = (typeof chainIds)[ChainName];

export const chainNames = Object.keys(chainIds) as ChainName[];

/** The chains the interface offers (ganache only on localhost). */
export const interfaceChains = [
  'mainnet',
  'goerli',
  'polygon',
  'ganache',
] as const satisfies readonly ChainName[];

export function isChainName(value: string): value is ChainName {
  return Object.hasOwn(chainIds, value);
}

export function chainIdOf(name: ChainName): ChainId {
  return chainIds[name];
}

export function chainNameOf(chainId: number): ChainName | undefined {
  return chainNames.find((name) => chainIds[name] === chainId);
}

/** One row of the network table (spec section 3: "Network entry"). Explorer fields are URL prefixes. */
export interface NetworkEntry {
  /** + transaction hash */
  tx_explorer: string;
  /** + address */
  address_explorer: string;
  /** The chain's library-address locator, or '' when none is deployed or configured. */
  library_address_locator: Address | '';
  /** + collection address (+ `?a=` + token id on Etherscan-style explorers) */
  token_explorer: string;
  /** + collection address + '/' + token id */
  token_explorer_opensea: string;
  /** + user address */
  token_explorer_opensea_user: string;
  /**
   * The chain's TagRelayer (beyond the spec's list: the tag check's `relayer`, where a pending NFC-NFT
   * transaction is sent), or '' when none is deployed or configured.
   */
  relayer: Address | '';
  /** The JSON-RPC URL of the chain. */
  address: string;
  chainId: number;
  chainIdHex: Hex;
}

interface Explorers {
  scan: string;
  opensea: string;
  openseaUser: string;
}

const none: Explorers = { scan: '', opensea: '', openseaUser: '' };

const explorers: Record<ChainName, Explorers> = {
  mainnet: {
    scan: 'https://etherscan.io',
    opensea: 'https://opensea.io/assets/ethereum',
    openseaUser: 'https://opensea.io',
  },
  goerli: {
    scan: 'https://goerli.etherscan.io',
    opensea: 'https://testnets.opensea.io/assets/goerli',
    openseaUser: 'https://testnets.opensea.io',
  },
  rinkeby: {
    scan: 'https://rinkeby.etherscan.io',
    opensea: 'https://testnets.opensea.io/assets/rinkeby',
    openseaUser: 'https://testnets.opensea.io',
  },
  sepolia: {
    scan: 'https://sepolia.etherscan.io',
    opensea: 'https://testnets.opensea.io/assets/sepolia',
    openseaUser: 'https://testnets.opensea.io',
  },
  polygon: {
    scan: 'https://polygonscan.com',
    opensea: 'https://opensea.io/assets/matic',
    openseaUser: 'https://opensea.io',
  },
  mumbai: {
    scan: 'https://mumbai.polygonscan.com',
    opensea: 'https://testnets.opensea.io/assets/mumbai',
    openseaUser: 'https://testnets.opensea.io',
  },
  ganache: none,
};

function entry(name: ChainName, rpcUrl: string, locator: Address | '', relayer: Address | ''): NetworkEntry {
  const { scan, opensea, openseaUser } = explorers[name];
  const chainId = chainIds[name];
  return {
    tx_explorer: scan && `${scan}/tx/`,
    address_explorer: scan && `${scan}/address/`,
    library_address_locator: locator,
    token_explorer: scan && `${scan}/token/`,
    token_explorer_opensea: opensea && `${opensea}/`,
    token_explorer_opensea_user: openseaUser && `${openseaUser}/`,
    relayer,
    address: rpcUrl,
    chainId,
    chainIdHex: numberToHex(chainId),
  };
}

export interface NetworkTableInput {
  /** JSON-RPC URL per chain (from configuration); a chain without one gets ''. */
  rpcUrls: Partial<Record<ChainName, string>>;
  /** Deployed library-address locator per chain; a chain without one gets ''. */
  libraryAddressLocators?: Partial<Record<ChainName, Address>>;
  /** Deployed TagRelayer per chain; a chain without one gets ''. */
  tagRelayers?: Partial<Record<ChainName, Address>>;
}

/** The network table of every known chain, keyed by chain name. */
export function networkTable({
  rpcUrls,
  libraryAddressLocators = {},
  tagRelayers = {},
}: NetworkTableInput): Record<ChainName, NetworkEntry> {
  const table = {} as Record<ChainName, NetworkEntry>;
  for (const name of chainNames) {
    table[name] = entry(
      name,
      rpcUrls[name] ?? '',
      libraryAddressLocators[name] ?? '',
      tagRelayers[name] ?? '',
    );
  }
  return table;
}

/** Explorer link of a transaction, or undefined on a chain without an explorer. */
export function txExplorerUrl(network: NetworkEntry, txHash: Hex): string | undefined {
  return network.tx_explorer ? `${network.tx_explorer}${txHash}` : undefined;
}

/** Explorer link of an address, or undefined on a chain without an explorer. */
export function addressExplorerUrl(network: NetworkEntry, address: Address): string | undefined {
  return network.address_explorer ? `${network.address_explorer}${address}` : undefined;
}

/** Explorer link of a token, or undefined on a chain without an explorer. */
export function tokenExplorerUrl(
  network: NetworkEntry,
  collection: Address,
  tokenId: bigint,
): string | undefined {
  return network.token_explorer ? `${network.token_explorer}${collection}?a=${tokenId}` : undefined;
}

/** OpenSea link of a token, or undefined on a chain OpenSea does not list. */
export function openseaTokenUrl(
  network: NetworkEntry,
  collection: Address,
  tokenId: bigint,
): string | undefined {
  return network.token_explorer_opensea
    ? `${network.token_explorer_opensea}${collection}/${tokenId}`
    : undefined;
}

/** OpenSea link of a user's profile, or undefined on a chain OpenSea does not list. */
export function openseaUserUrl(network: NetworkEntry, user: Address): string | undefined {
  return network.token_explorer_opensea_user ? `${network.token_explorer_opensea_user}${user}` : undefined;
}
