import { createPublicClient, defineChain, encodeFunctionData, http, type Address, type Hex } from 'viem';
import {
  createBundlerClient,
  createPaymasterClient,
  createWebAuthnCredential,
  toWebAuthnAccount,
} from 'viem/account-abstraction';
import { routeUrl } from '@metatag/api-types';
import { SAFE_OWNERS_ABI, toPasskeyAccount, toRecoveryAccount } from '@metatag/contracts';
import { isApiError } from '../lib/api.js';
import { CHAIN_IDS, type ChainName } from '../lib/chains.js';
import { LOCK_ABI, TRANSFER_ABI } from '../lib/abiFragments.js';
import { typedApi } from '../lib/typedApi.js';
import { writePasskey, type StoredPasskey } from './passkeyStore.js';

/**
 * Passkey accounts in the browser (issue #29), a chunk of its own (viem's account abstraction and
 * permissionless' Safe): create or find a passkey, and send a sponsored user operation through the
 * gateway's bundler proxy with our paymaster (context: the chip or link whose token it is).
 */

/** A refusal or failure, in words for the visitor. */
export class PasskeyError extends Error {}

export const PASSKEY_NOT_USED = 'The passkey was not used. Try again.';
export const UNKNOWN_PASSKEY = 'This passkey has no account here yet. Create one with "Create a passkey".';

const absolute = (path: string) => `${window.location.origin}${path}`;

function chainOf(chain: ChainName) {
  const rpc = absolute(routeUrl('rpc', { params: { chain } }));
  return defineChain({
    id: CHAIN_IDS[chain],
    name: chain,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpc] } },
  });
}

const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

async function account(chain: ChainName, body: { credentialId: string; publicKey?: string }) {
  const reply = await typedApi.call('passkeyAccount', { body: { chain, ...body } });
  if (isApiError(reply)) {
    if (reply.status === 404) throw new PasskeyError(UNKNOWN_PASSKEY);
    throw new PasskeyError(reply.errorMessage ?? 'The account cannot be found right now. Try again.');
  }
  const stored: StoredPasskey = {
    credentialId: reply.credentialId,
    publicKey: reply.publicKey,
    account: reply.account.toLowerCase(),
  };
  writePasskey(stored);
  return stored;
}

/** A WebAuthn refusal (cancelled, timed out, no passkey) says so; anything else passes through. */
function webAuthnFailure(error: unknown): never {
  if (error instanceof PasskeyError) throw error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError' || /not allowed|timed out/i.test(String(error)))
    throw new PasskeyError(PASSKEY_NOT_USED);
  if (name === 'SecurityError' || name === 'NotSupportedError')
    throw new PasskeyError('This browser cannot use a passkey on this page.');
  throw error instanceof Error ? error : new PasskeyError(String(error));
}

/**
 * A new passkey on this device (discoverable, so 'I already have a passkey' finds it on any device its
 * manager syncs to), registered with the server: its account.
 */
export async function createPasskey(chain: ChainName): Promise<StoredPasskey> {
  try {
    const name = `MetaTag ${new Date().toISOString().slice(0, 10)}`;
    const credential = await createWebAuthnCredential({
      name,
      rp: { id: window.location.hostname, name: 'MetaTag' },
      user: { id: randomBytes(16), name, displayName: name },
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'required',
      },
    });
    return await account(chain, { credentialId: credential.id, publicKey: credential.publicKey });
  } catch (error) {
    webAuthnFailure(error);
  }
}

/** 'I already have a passkey': the browser offers this site's passkeys; the chosen one's id finds its account. */
export async function findPasskey(chain: ChainName): Promise<StoredPasskey> {
  try {
    const credential = (await navigator.credentials.get({
      publicKey: {
        challenge: randomBytes(32),
        rpId: window.location.hostname,
        userVerification: 'required',
      },
    })) as PublicKeyCredential | null;
    if (!credential) throw new PasskeyError(PASSKEY_NOT_USED);
    // its id is base64url, as at creation
    return await account(chain, { credentialId: credential.id });
  } catch (error) {
    webAuthnFailure(error);
  }
}

export const lockCall = (collection: string, tokenId: string, lock: boolean) => ({
  to: collection as Address,
  data: encodeFunctionData({
    abi: LOCK_ABI,
    functionName: lock ? 'disallowTokenTransfers' : 'allowTokenTransfers',
    args: [BigInt(tokenId)],
  }),
});

export const sendOutCall = (collection: string, from: string, to: string, tokenId: string) => ({
  to: collection as Address,
  data: encodeFunctionData({
    abi: TRANSFER_ABI,
    functionName: 'safeTransferFrom',
    args: [from as Address, to as Address, BigInt(tokenId)],
  }),
});

/** The Safe's own call adding a recovery wallet as second owner, threshold 1 (decision 111). */
export const addOwnerCall = (account: string, wallet: string) => ({
  to: account as Address,
  data: encodeFunctionData({
    abi: SAFE_OWNERS_ABI,
    functionName: 'addOwnerWithThreshold',
    args: [wallet as Address, 1n],
  }),
});

/** The HTTP status of a failed bundler or paymaster call, from viem's error chain. */
function statusOf(error: unknown): number | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const status = (e as { status?: unknown }).status;
    if (typeof status === 'number') return status;
  }
  const match = /Status: (\d{3})/.exec(String(error));
  return match ? Number(match[1]) : undefined;
}

export function describeSponsoredFailure(error: unknown): string {
  if (error instanceof PasskeyError) return error.message;
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || /NotAllowedError|not allowed/i.test(String(error)))
    return PASSKEY_NOT_USED;
  switch (statusOf(error)) {
    case 402:
      return 'The brand cannot pay for this right now. Try again later.';
    case 403:
      if (/recovery_owner_exists/.test(String(error))) return 'This account already has a recovery wallet.';
      if (/recovery_owner_pending/.test(String(error)))
        return 'A recovery wallet is being added already. Try again in a few minutes.';
      return 'The brand pays only to lock, unlock or send this token by its owner.';
    case 404:
      return 'Passkey actions are not available here right now.';
    case 429:
      return 'This account has used its free actions for today. Try again tomorrow.';
    default:
      return 'That did not work. Try again in a moment.';
  }
}

/**
 * One user operation from the passkey's account, paid by the template's owner (our paymaster, context
 * `{chiplinkId}`), sent through the gateway's bundler proxy; resolves when it is on chain. The passkey
 * signs (the browser asks the visitor).
 */
export async function sendSponsored(
  chain: ChainName,
  passkey: StoredPasskey,
  chiplinkId: string,
  call: { to: Address; data: Hex },
): Promise<Hex> {
  const client = publicClient(chain);
  const owner = toWebAuthnAccount({
    credential: { id: passkey.credentialId, publicKey: passkey.publicKey as Hex },
    rpId: window.location.hostname,
  });
  const smart = await toPasskeyAccount({ client, owner });
  if (smart.address.toLowerCase() !== passkey.account)
    throw new PasskeyError('This passkey does not match its account. Choose the passkey again.');
  return sendUserOperation(chain, client, smart, chiplinkId, call);
}

/**
 * One user operation from a passkey account signed by its recovery wallet (decision 111): the same
 * sponsorship, the wallet signs the Safe operation (typed data) instead of the passkey. No ETH needed.
 */
export async function sendAsRecoveryWallet(
  chain: ChainName,
  wallet: Parameters<typeof toRecoveryAccount>[0]['owner'],
  account: string,
  chiplinkId: string,
  call: { to: Address; data: Hex },
): Promise<Hex> {
  const client = publicClient(chain);
  const smart = await toRecoveryAccount({ client, owner: wallet, address: account as Address });
  return sendUserOperation(chain, client, smart, chiplinkId, call);
}

/** The Safe's owners on chain (through the RPC proxy); none while the account is not deployed. */
export async function safeOwners(chain: ChainName, account: string): Promise<string[]> {
  const client = publicClient(chain);
  const code = await client.getCode({ address: account as Address });
  if (!code || code === '0x') return [];
  const owners = await client.readContract({
    address: account as Address,
    abi: SAFE_OWNERS_ABI,
    functionName: 'getOwners',
  });
  return owners.map((owner) => owner.toLowerCase());
}

function publicClient(chain: ChainName) {
  return createPublicClient({
    chain: chainOf(chain),
    transport: http(absolute(routeUrl('rpc', { params: { chain } }))),
    pollingInterval: 1000,
  });
}

async function sendUserOperation(
  chain: ChainName,
  client: ReturnType<typeof publicClient>,
  smart: Awaited<ReturnType<typeof toPasskeyAccount>>,
  chiplinkId: string,
  call: { to: Address; data: Hex },
): Promise<Hex> {
  const bundlerUrl = absolute(routeUrl('bundler', { params: { chain } }));
  const bundler = createBundlerClient({
    account: smart,
    client,
    transport: http(bundlerUrl),
    paymaster: createPaymasterClient({ transport: http(bundlerUrl) }),
    paymasterContext: { chiplinkId },
    pollingInterval: 1000,
  });
  const hash = await bundler.sendUserOperation({ calls: [{ ...call, value: 0n }] });
  // asked through the proxy: the receipt settles the owner's sponsorship at its actual cost
  const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 120_000 });
  if (!receipt.success) throw new PasskeyError('The action failed on chain. Nothing changed.');
  return receipt.receipt.transactionHash;
}
