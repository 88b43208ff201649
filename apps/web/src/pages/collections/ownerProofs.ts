import type { Config } from 'wagmi';
import { getAccount, signTypedData } from 'wagmi/actions';
import { attachCollectionTypedData, linkWalletTypedData } from '@metatag/contracts';
import { unwrap } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';
import { CHAIN_IDS, type ChainName } from '../../lib/chains.js';
import type { CurrentUser } from '../../session/types.js';
import { MUST_CONNECT } from '../../wallet/RequireWallet.js';
import { ADDRESS_PATTERN } from '@metatag/api-types';

/** How long a proof signed in the browser stays valid: the server refuses it afterwards. */
const PROOF_TTL_S = 10 * 60;

const deadline = () => BigInt(Math.floor(Date.now() / 1000) + PROOF_TTL_S);

/** The connected wallet's address (lower-cased); throws 'You must connect' without one. */
export function connectedWallet(config: Config): `0x${string}` {
  const account = getAccount(config);
  if (account.status !== 'connected' || !account.address) throw new Error(MUST_CONNECT);
  return account.address;
}

/** The account's wallets: its sign-in address when that is one, and the wallet it linked. */
export function walletsOf(user: Pick<CurrentUser, 'address' | 'userAddress'>): string[] {
  const wallets = [user.address, user.userAddress ?? ''].map((a) => a.toLowerCase());
  return [...new Set(wallets.filter((a) => ADDRESS_PATTERN.test(a)))];
}

/**
 * The connected wallet signs the EIP-712 LinkWallet message for the signed-in account and the
 * server links it (`POST /json/link-wallet`): the user as the server now has it.
 */
export async function linkConnectedWallet(
  config: Config,
  chain: ChainName,
  accountId: number,
): Promise<CurrentUser> {
  const wallet = connectedWallet(config);
  const proof = { chainId: CHAIN_IDS[chain], account: accountId, wallet, deadline: deadline() };
  const signature = await signTypedData(config, { account: wallet, ...linkWalletTypedData(proof) });
  return unwrap(
    await typedApi.call('linkWallet', {
      body: {
        address: wallet.toLowerCase(),
        chainId: proof.chainId,
        deadline: proof.deadline.toString(),
        signature,
      },
    }),
  );
}

/**
 * The connected wallet (the collection's owner) signs the EIP-712 AttachCollection message for the
 * signed-in account: the `ownerSignature` of an attach.
 */
export async function signAttachMessage(
  config: Config,
  chain: ChainName,
  accountId: number,
  collection: string,
): Promise<{ signature: string; deadline: string }> {
  const wallet = connectedWallet(config);
  const proof = { chainId: CHAIN_IDS[chain], account: accountId, collection, deadline: deadline() };
  const signature = await signTypedData(config, { account: wallet, ...attachCollectionTypedData(proof) });
  return { signature, deadline: proof.deadline.toString() };
}
