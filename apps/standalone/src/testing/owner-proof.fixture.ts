import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { attachCollectionTypedData, linkWalletTypedData } from '@metatag/contracts';
import type { Clock } from '@metatag/nest-kit';

const inTenMinutes = () => BigInt(Math.floor(Date.now() / 1000) + 600);

/**
 * The collection owner's EIP-712 AttachCollection signature for `account`, made by viem from the
 * owner's real key: the `ownerSignature` of an attach request.
 */
export async function ownerSignature(
  ownerKey: Hex,
  account: number,
  collection: string,
  chainId = 1337,
): Promise<{ signature: Hex; deadline: string }> {
  const deadline = inTenMinutes();
  const signature = await privateKeyToAccount(ownerKey).signTypedData(
    attachCollectionTypedData({ chainId, account, collection, deadline }),
  );
  return { signature, deadline: deadline.toString() };
}

/** A wallet's EIP-712 LinkWallet signature for `account`: the body of `POST /json/link-wallet`. */
export async function linkWalletBody(walletKey: Hex, account: number, chainId = 1337) {
  const wallet = privateKeyToAccount(walletKey);
  const deadline = inTenMinutes();
  const signature = await wallet.signTypedData(
    linkWalletTypedData({ chainId, account, wallet: wallet.address, deadline }),
  );
  return { address: wallet.address.toLowerCase(), chainId, deadline: deadline.toString(), signature };
}

/** Real time plus an offset the test moves (with the chain's time, so both agree). */
export class ShiftedClock implements Clock {
  private offset = 0;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}
