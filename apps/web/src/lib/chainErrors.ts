import {
  BaseError,
  ContractFunctionRevertedError,
  UserRejectedRequestError,
  decodeErrorResult,
  type Abi,
  type Hex,
} from 'viem';
import { collectionAbi } from '@metatag/contracts';

/** What the visitor reads when the wallet refused to sign or send. */
export const REJECTED_IN_WALLET = 'The request was rejected in the wallet';

/**
 * Readable texts for our contracts' custom errors (contracts/contracts/NFTCode.sol, OpenZeppelin's
 * IERC721Errors). A caller may override one for its own context (the chip page's lock says the spec's
 * 'Only owner can lock/unlock' for NotTokenOwner).
 */
export const CONTRACT_ERROR_TEXTS: Readonly<Record<string, string>> = {
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
  NotProxyAdmin: 'Only the proxy admin can do this',
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
  /** More ABIs whose errors the call may revert with (the collection's are always known). */
  abis?: readonly Abi[];
  /** Texts for particular error names in this context, ahead of CONTRACT_ERROR_TEXTS. */
  texts?: Readonly<Record<string, string>>;
}

const HEX_DATA = /^0x[0-9a-fA-F]{8,}$/;
/** '... custom error 0x58a5e222: 0000…' as some nodes word a revert they could not decode. */
const CUSTOM_ERROR_IN_TEXT = /custom error (0x[0-9a-fA-F]{8})(?::\s*([0-9a-fA-F]*))?/;

function textFor(name: string, options: DescribeOptions): string {
  return options.texts?.[name] ?? CONTRACT_ERROR_TEXTS[name] ?? `The contract refused: ${name}`;
}

/** The error name of revert data, when one of the known ABIs declares it. */
function decodeName(data: Hex, options: DescribeOptions): string | undefined {
  for (const abi of [collectionAbi as Abi, ...(options.abis ?? [])]) {
    try {
      return decodeErrorResult({ abi, data }).errorName;
    } catch {
      // not this ABI's error
    }
  }
  return undefined;
}

/** Revert data anywhere in an error's chain of causes (viem's RpcError, a wallet's `data`). */
function revertData(error: unknown): Hex | undefined {
  let found: Hex | undefined;
  const look = (e: unknown) => {
    if (found || typeof e !== 'object' || e === null) return;
    const data = (e as { data?: unknown }).data;
    if (typeof data === 'string' && HEX_DATA.test(data)) found = data as Hex;
    else if (typeof data === 'object' && data !== null) {
      const inner = (data as { data?: unknown }).data;
      if (typeof inner === 'string' && HEX_DATA.test(inner)) found = inner as Hex;
    }
  };
  if (error instanceof BaseError)
    error.walk((e) => {
      look(e);
      return false;
    });
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++)
    look(e);
  return found;
}

function isRejection(error: unknown): boolean {
  if (error instanceof BaseError && error.walk((e) => e instanceof UserRejectedRequestError)) return true;
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 4001 || code === 'ACTION_REJECTED') return true;
  }
  return false;
}

/** The first line of a message, without viem's "Request Arguments" and version trailers. */
function firstLine(text: string): string {
  return text.split('\n')[0].trim();
}

/**
 * What a failed wallet or chain call means, in words a visitor can read: a rejection in the wallet, a
 * revert decoded with our contracts' ABIs (viem's `decodeErrorResult` over the revert data found by
 * walking the error's causes, or viem's own decoding), else viem's short message. Never raw revert
 * bytes: an undecodable custom error becomes 'The contract refused the transaction'.
 */
export function describeChainError(error: unknown, options: DescribeOptions = {}): string {
  if (isRejection(error)) return REJECTED_IN_WALLET;
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName)
      return textFor(reverted.data.errorName, options);
  }
  const data = revertData(error);
  if (data) {
    const name = decodeName(data, options);
    if (name) return textFor(name, options);
  }
  const raw =
    error instanceof BaseError
      ? error.shortMessage || error.message
      : error instanceof Error
        ? error.message
        : typeof error === 'string'
          ? error
          : '';
  const inText = CUSTOM_ERROR_IN_TEXT.exec(raw);
  if (inText) {
    const name = decodeName(`${inText[1]}${inText[2] ?? ''}` as Hex, options);
    return name ? textFor(name, options) : 'The contract refused the transaction';
  }
  return firstLine(raw) || 'The transaction failed';
}
