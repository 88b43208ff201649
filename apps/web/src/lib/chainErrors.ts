import {
  BaseError,
  ContractFunctionRevertedError,
  UserRejectedRequestError,
  decodeErrorResult,
  type Abi,
  type Hex,
} from 'viem';
import { collectionAbi, libraryAddressLocatorAbi } from '@metatag/contracts';
import { ANY_CASE_ADDRESS_PATTERN } from '@metatag/api-types';

/** What the user reads when the wallet refused to sign or send. */
export const REJECTED_IN_WALLET = 'The request was rejected in the wallet';

/**
 * Readable texts for our contracts' custom errors (contracts/contracts/*.sol, OpenZeppelin's
 * Ownable and IERC721Errors). A caller may override one for its own context (the chip page's lock says
 * the spec's 'Only owner can lock/unlock' for NotTokenOwner).
 */
export const CONTRACT_ERROR_TEXTS: Readonly<Record<string, string>> = {
  OwnableUnauthorizedAccount: "Only the contract's owner can do this",
  OwnableInvalidOwner: 'That address cannot be the owner',
  BeaconInvalidImplementation: 'That address holds no NFT code',
  NotProxyAdmin: 'Only the proxy admin can do this',
  NotMinter: 'MetaTag cannot mint in this collection: the relayer is not its minter',
  NotTokenOwner: 'Only the token owner can do this',
  NotTokenOwnerOrMinter: 'Only the token owner or the minter can do this',
  TokenAlreadyMinted: 'This token was minted already',
  ReservedTokenId: 'This token id is reserved for child tokens',
  TokenLocked: 'Item is locked by the owner',
  AuthorizationExpired: 'The authorization expired. Scan again',
  InvalidSigner: 'The authorization is not valid for this collection',
  AuthorizationUsed: 'The authorization was used already. Scan again',
  IncorrectPayment: 'The amount sent is not the price of the token',
  InvalidPayoutAddress: 'The template has a price but no payout address',
  PaymentFailed: 'The payout address refused the payment',
  InvalidBatchAmount: 'Invalid amount of child tokens',
  ChildLimitExceeded: 'Not enough child tokens left',
  LimitBelowMinted: 'The limit is below the number of children minted',
  NotAChild: 'This token has no parent',
  ERC721NonexistentToken: 'This token does not exist',
  ERC721IncorrectOwner: 'The sender does not own this token',
  ERC721InsufficientApproval: 'Not approved for this token',
  ERC721InvalidReceiver: 'The receiver cannot hold this token',
  ERC721InvalidOwner: 'Invalid token owner',
  ERC721InvalidSender: 'Invalid sender',
  ERC721InvalidApprover: 'Invalid approver',
  ERC721InvalidOperator: 'Invalid operator',
};

export interface DescribeOptions {
  /** More ABIs whose errors the call may revert with (the collection's and locator's are known). */
  abis?: readonly Abi[];
  /** Texts for particular error names in this context, ahead of CONTRACT_ERROR_TEXTS. */
  texts?: Readonly<Record<string, string>>;
  /**
   * Add the error's name and arguments to its text (the admin area: `Only the contract's owner can do
   * this (OwnableUnauthorizedAccount(account 0x…))`); the public pages show the text alone.
   */
  details?: boolean;
}

const KNOWN_ABIS: readonly Abi[] = [collectionAbi as Abi, libraryAddressLocatorAbi as Abi];
const HEX_DATA = /^0x[0-9a-fA-F]{8,}$/;
/** '... custom error 0x118cdaa7: 0000…' as nodes word a revert they could not decode. */
const CUSTOM_ERROR_IN_TEXT = /custom error (0x[0-9a-fA-F]{8})(?::\s*(?:0x)?([0-9a-fA-F]*))?/;
/** Wrappers that nodes and libraries put in front of a revert reason, sometimes twice. */
const REVERT_PREFIX =
  /^(?:(?:execution reverted(?: with reason)?|the contract function "\w+" reverted(?: with the following reason)?)\s*:?\s*)+/i;

interface Decoded {
  name: string;
  args: readonly unknown[];
  inputs: readonly { name?: string }[];
}

function formatArg(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return ANY_CASE_ADDRESS_PATTERN.test(value) ? value.toLowerCase() : value;
  return String(value);
}

function describeDecoded(decoded: Decoded, options: DescribeOptions): string {
  if (decoded.name === 'Error' && typeof decoded.args[0] === 'string') return decoded.args[0];
  if (decoded.name === 'Panic') return `The contract panicked (code ${formatArg(decoded.args[0])})`;
  const text = options.texts?.[decoded.name] ?? CONTRACT_ERROR_TEXTS[decoded.name];
  const args = decoded.args.map(
    (value, i) => `${decoded.inputs[i]?.name ? `${decoded.inputs[i].name} ` : ''}${formatArg(value)}`,
  );
  const detail = `${decoded.name}${args.length ? `(${args.join(', ')})` : ''}`;
  if (!text) return `The contract refused: ${options.details ? detail : decoded.name}`;
  return options.details ? `${text} (${detail})` : text;
}

/** Revert data decoded with one of the known ABIs. */
function decode(data: Hex, options: DescribeOptions): Decoded | undefined {
  for (const abi of [...KNOWN_ABIS, ...(options.abis ?? [])]) {
    try {
      const result = decodeErrorResult({ abi, data });
      const inputs = 'inputs' in result.abiItem ? result.abiItem.inputs : [];
      return { name: result.errorName, args: result.args ?? [], inputs };
    } catch {
      // not this ABI's error
    }
  }
  return undefined;
}

/** Every error in a chain of causes: viem's `walk`, then plain `cause` links (wallets' own errors). */
function causes(error: unknown): unknown[] {
  const seen: unknown[] = [];
  if (error instanceof BaseError)
    error.walk((e) => {
      seen.push(e);
      return false;
    });
  for (let e: unknown = error, depth = 0; e && depth < 10; e = (e as { cause?: unknown }).cause, depth++)
    if (!seen.includes(e)) seen.push(e);
  return seen;
}

/** Revert data anywhere in the chain of causes (viem's RpcError, a wallet's `data`, `data.data`). */
function revertData(chain: unknown[]): Hex | undefined {
  for (const e of chain) {
    if (typeof e !== 'object' || e === null) continue;
    const data = (e as { data?: unknown }).data;
    if (typeof data === 'string' && HEX_DATA.test(data)) return data as Hex;
    if (typeof data === 'object' && data !== null) {
      const inner = (data as { data?: unknown }).data;
      if (typeof inner === 'string' && HEX_DATA.test(inner)) return inner as Hex;
    }
  }
  return undefined;
}

function isRejection(chain: unknown[]): boolean {
  return chain.some((e) => {
    if (e instanceof UserRejectedRequestError) return true;
    const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
    return code === 4001 || code === 'ACTION_REJECTED';
  });
}

function messageOf(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage || error.message;
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    const { message } = error as { message?: unknown };
    if (typeof message === 'string') return message;
  }
  return typeof error === 'string' ? error : '';
}

/**
 * What a failed wallet or chain call means, once and in words: a rejection in the wallet; a revert
 * decoded with our contracts' ABIs (viem's own decoding, or `decodeErrorResult` over revert data
 * found by walking the causes, or over a "custom error 0x…" a node put in its message) as a text
 * (with `details`: the error's name and its arguments too); else the message without the doubled
 * "execution reverted" wrappers. Never raw revert bytes.
 */
export function describeChainError(error: unknown, options: DescribeOptions = {}): string {
  const chain = causes(error);
  if (isRejection(chain)) return REJECTED_IN_WALLET;
  const reverted = chain.find(
    (e): e is ContractFunctionRevertedError => e instanceof ContractFunctionRevertedError,
  );
  if (reverted?.data?.errorName && reverted.data.abiItem) {
    const inputs = 'inputs' in reverted.data.abiItem ? reverted.data.abiItem.inputs : [];
    return describeDecoded(
      { name: reverted.data.errorName, args: reverted.data.args ?? [], inputs },
      options,
    );
  }
  const data = revertData(chain);
  const decoded = data && decode(data, options);
  if (decoded) return describeDecoded(decoded, options);
  for (const e of chain) {
    const inText = CUSTOM_ERROR_IN_TEXT.exec(messageOf(e));
    if (!inText) continue;
    const fromText = decode(`${inText[1]}${inText[2] ?? ''}` as Hex, options);
    if (fromText) return describeDecoded(fromText, options);
    return `The contract refused the transaction${options.details ? ` (${inText[1]})` : ''}`;
  }
  const line = messageOf(error).split('\n')[0].trim();
  const reason = line.replace(REVERT_PREFIX, '').trim();
  if (reason !== line)
    return reason ? `The contract refused: ${reason}` : 'The contract refused the transaction';
  return line || 'The transaction failed';
}
