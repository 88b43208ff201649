import type { Address, Hex } from 'viem';
import type { Config } from 'wagmi';
import { connect, getAccount, sendTransaction } from 'wagmi/actions';
import { builtInWalletStore } from '../../providers/wagmiConfig.js';
import { findLoginConnector } from '../../wallet/walletLogin.js';
import type { MintFlowWallet } from './mintFlow.js';

/** The connected wallet, or the one a sign-in would use (built-in with a key, else injected). */
export function browserWallet(config: Config, chainId: number): MintFlowWallet {
  return {
    async address() {
      const account = getAccount(config);
      if (account.status === 'connected' && account.address) return account.address;
      const connector = await findLoginConnector(config, builtInWalletStore.hasPrivateKey());
      if (!connector) return null;
      const connection = await connect(config, { connector, chainId });
      return connection.accounts[0] ?? null;
    },
    async send(tx) {
      const account = getAccount(config);
      if (!account.address) return null;
      return sendTransaction(config, {
        account: account.address,
        chainId,
        to: tx.to as Address,
        data: tx.data as Hex,
        value: tx.value ? BigInt(tx.value) : undefined,
      });
    },
  };
}
