import {
  createWalletClient,
  custom,
  defineChain,
  getAddress,
  hexToBigInt,
  http,
  hexToNumber,
  isAddressEqual,
  numberToHex,
  type Address,
  type Chain,
  type Hex,
  type TypedDataDefinition,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

/** A chain the built-in wallet can be on, with the JSON-RPC URL it talks to (the gateway's proxy). */
export interface WalletChain {
  id: number;
  name: string;
  rpcUrl: string;
}

/** Sends one JSON-RPC request to a chain and resolves with its result (rejects with its error). */
export type RpcSender = (chain: WalletChain, method: string, params: readonly unknown[]) => Promise<unknown>;

/** Where the wallet keeps its key and its current chain (localStorage in the browser). */
export interface WalletKeyStore {
  getPrivateKey(): Hex | null;
  getChainId(): number | null;
  setChainId(chainId: number): void;
}

type Listener = (value: never) => void;

export interface Eip1193RequestArguments {
  method: string;
  params?: unknown;
}

/** The EIP-1193 surface of the built-in wallet (what wagmi's connector and viem's custom transport use). */
export interface BuiltInProvider {
  request(args: Eip1193RequestArguments): Promise<unknown>;
  on(event: string, listener: (value: never) => void): void;
  removeListener(event: string, listener: (value: never) => void): void;
  /** The wallet's address, or null when no key exists. */
  getAddress(): Address | null;
  getChainId(): number;
  /** Tells listeners that the key changed (a NEW WALLET replaced it). */
  announceAccounts(): void;
}

/** An EIP-1193 provider error: viem maps the codes to its errors (4001 rejected, 4100, 4200, 4902). */
export class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'WalletRpcError';
  }
}

/** Spec section 9: the default priority fee, used when the node gives no estimate. */
export const DEFAULT_PRIORITY_FEE_WEI = 1_500_000_000n;
/** Spec section 9: the max fee is 120% of the base fee (plus the priority fee, as the protocol needs). */
export const BASE_FEE_MULTIPLIER = 1.2;

/** Methods a wallet answers itself; every other eth_/net_/web3_ call is forwarded to the chain. */
const WALLET_ONLY_METHODS = new Set([
  'eth_sign',
  'eth_signTransaction',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'wallet_requestPermissions',
  'wallet_getPermissions',
  'wallet_revokePermissions',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'wallet_getCapabilities',
]);

interface RpcTransactionRequest {
  from?: string;
  to?: string | null;
  data?: Hex;
  input?: Hex;
  value?: Hex;
  gas?: Hex;
  gasPrice?: Hex;
  maxFeePerGas?: Hex;
  maxPriorityFeePerGas?: Hex;
  nonce?: Hex;
}

const bigintOf = (value: Hex | undefined) => (value === undefined ? undefined : hexToBigInt(value));

function paramsArray(params: unknown): readonly unknown[] {
  if (params === undefined) return [];
  if (!Array.isArray(params)) throw new WalletRpcError(-32602, 'params must be an array');
  return params;
}

/**
 * JSON-RPC over HTTP with viem's transport (its defaults: 3 retries, 150 ms base delay; spec
 * section 9), one transport per URL.
 */
export function createHttpRpcSender(): RpcSender {
  type Request = (args: { method: string; params: readonly unknown[] }) => Promise<unknown>;
  const requests = new Map<string, Request>();
  return (chain, method, params) => {
    let request = requests.get(chain.rpcUrl);
    if (!request) {
      request = http(chain.rpcUrl)({ chain: undefined }).request as Request;
      requests.set(chain.rpcUrl, request);
    }
    return request({ method, params });
  };
}

/** A viem chain for the wallet's own client: fees per spec section 9, RPC through `rpcUrl`. */
export function toViemChain(chain: WalletChain): Chain {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    fees: {
      baseFeeMultiplier: BASE_FEE_MULTIPLIER,
      async maxPriorityFeePerGas({ client }) {
        try {
          return hexToBigInt(await client.request({ method: 'eth_maxPriorityFeePerGas' }));
        } catch {
          return DEFAULT_PRIORITY_FEE_WEI;
        }
      },
    },
  });
}

/**
 * The EIP-1193 provider of the built-in wallet (NEW WALLET): a real private key kept in the browser.
 * It answers account, chain and signing requests itself (personal_sign, eth_signTypedData_v4,
 * eth_sendTransaction signed locally and sent as a raw transaction), and forwards chain reads to
 * the chain's JSON-RPC endpoint (the gateway's /json/rpc/{chain} proxy).
 */
export function createBuiltInProvider(options: {
  chains: readonly WalletChain[];
  store: WalletKeyStore;
  rpc: RpcSender;
}): BuiltInProvider {
  const { chains, store, rpc } = options;
  if (chains.length === 0) throw new Error('the built-in wallet needs at least one chain');
  const listeners = new Map<string, Set<Listener>>();
  let cached: { key: Hex; account: PrivateKeyAccount } | null = null;

  const emit = (event: string, value: unknown) => {
    for (const listener of listeners.get(event) ?? []) (listener as (value: unknown) => void)(value);
  };

  const account = (): PrivateKeyAccount | null => {
    const key = store.getPrivateKey();
    if (!key) return null;
    if (cached?.key !== key) cached = { key, account: privateKeyToAccount(key) };
    return cached.account;
  };

  const requireAccount = (): PrivateKeyAccount => {
    const current = account();
    if (!current) throw new WalletRpcError(4100, 'There is no built-in wallet yet: press NEW WALLET');
    return current;
  };

  /** Signing requests name an address; it must be this wallet's. */
  const requireOwnAddress = (address: unknown): PrivateKeyAccount => {
    const current = requireAccount();
    if (typeof address !== 'string' || !isAddressEqual(address as Address, current.address)) {
      throw new WalletRpcError(4100, `The built-in wallet cannot sign for ${String(address)}`);
    }
    return current;
  };

  const currentChain = (): WalletChain => {
    const id = store.getChainId();
    return chains.find((chain) => chain.id === id) ?? chains[0];
  };

  const sendTransaction = async (request: RpcTransactionRequest): Promise<Hex> => {
    const signer = requireOwnAddress(request.from ?? requireAccount().address);
    const chain = currentChain();
    const client = createWalletClient({
      account: signer,
      chain: toViemChain(chain),
      transport: custom(
        { request: ({ method, params }) => rpc(chain, method, paramsArray(params)) },
        { retryCount: 0 },
      ),
    });
    const data = request.data ?? request.input;
    const fees =
      request.gasPrice !== undefined
        ? { gasPrice: hexToBigInt(request.gasPrice) }
        : {
            maxFeePerGas: bigintOf(request.maxFeePerGas),
            maxPriorityFeePerGas: bigintOf(request.maxPriorityFeePerGas),
          };
    // viem fills what is missing (nonce, gas, fees, chain id) through the chain's RPC, signs with
    // the local key and sends eth_sendRawTransaction.
    return client.sendTransaction({
      to: request.to ? getAddress(request.to) : undefined,
      data,
      value: bigintOf(request.value),
      gas: bigintOf(request.gas),
      nonce: request.nonce === undefined ? undefined : hexToNumber(request.nonce),
      ...fees,
    } as Parameters<typeof client.sendTransaction>[0]);
  };

  const provider: BuiltInProvider = {
    async request({ method, params }) {
      const args = paramsArray(params);
      switch (method) {
        case 'eth_accounts': {
          const current = account();
          return current ? [current.address] : [];
        }
        case 'eth_requestAccounts':
          return [requireAccount().address];
        case 'eth_chainId':
          return numberToHex(currentChain().id);
        case 'net_version':
          return String(currentChain().id);
        case 'wallet_switchEthereumChain': {
          const [{ chainId } = { chainId: undefined }] = args as [{ chainId?: string }?];
          const id = typeof chainId === 'string' ? Number(chainId) : Number.NaN;
          const target = chains.find((chain) => chain.id === id);
          if (!target) throw new WalletRpcError(4902, `Unrecognized chain ID ${String(chainId)}`);
          if (target.id !== currentChain().id) {
            store.setChainId(target.id);
            emit('chainChanged', numberToHex(target.id));
          }
          return null;
        }
        case 'personal_sign': {
          const [message, address] = args as [Hex, string];
          if (typeof message !== 'string') throw new WalletRpcError(-32602, 'personal_sign needs a message');
          const signer = requireOwnAddress(address);
          return signer.signMessage({ message: { raw: message } });
        }
        case 'eth_signTypedData_v4': {
          const [address, typedData] = args as [string, string | TypedDataDefinition];
          const signer = requireOwnAddress(address);
          const definition = (
            typeof typedData === 'string' ? JSON.parse(typedData) : typedData
          ) as TypedDataDefinition;
          return signer.signTypedData(definition);
        }
        case 'eth_sendTransaction': {
          const [request] = args as [RpcTransactionRequest?];
          if (!request) throw new WalletRpcError(-32602, 'eth_sendTransaction needs a transaction');
          return sendTransaction(request);
        }
        default:
          if (WALLET_ONLY_METHODS.has(method) || !/^(eth|net|web3)_/.test(method)) {
            throw new WalletRpcError(4200, `The built-in wallet does not support ${method}`);
          }
          return rpc(currentChain(), method, args);
      }
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    getAddress: () => account()?.address ?? null,
    getChainId: () => currentChain().id,
    announceAccounts() {
      const current = account();
      emit('accountsChanged', current ? [current.address] : []);
    },
  };
  return provider;
}
