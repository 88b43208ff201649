import type { Config, Connector } from 'wagmi';
import { connect, signMessage, switchAccount } from 'wagmi/actions';
import { api as defaultApi, isApiError, type Api } from '../lib/api.js';
import { createTypedApi } from '../lib/typedApi.js';
import {
  NO_BROWSER_WALLET,
  cannotLogin,
  errorDetail,
  walletLoginOutcome,
  type LoginOutcome,
} from '../session/loginOutcome.js';
import { BUILT_IN_WALLET_ID } from './builtInConnector.js';

/**
 * The wallet to sign in with: the built-in wallet when it has a key, else the connected wallet,
 * else an injected browser wallet that is present (EIP-6963 announced ones before window.ethereum).
 */
export async function findLoginConnector(config: Config, builtInHasKey: boolean): Promise<Connector | null> {
  const builtIn = config.connectors.find((connector) => connector.id === BUILT_IN_WALLET_ID);
  if (builtIn && builtInHasKey) return builtIn;
  const { current, connections } = config.state;
  const connected = current ? connections.get(current)?.connector : undefined;
  if (connected) return connected;
  const injected = config.connectors
    .filter((connector) => connector.type === 'injected')
    .sort((a, b) => Number(a.id === 'injected') - Number(b.id === 'injected'));
  for (const connector of injected) {
    const provider = await connector.getProvider().catch(() => undefined);
    if (provider) return connector;
  }
  return null;
}

/**
 * Wallet sign-in (spec section 4): request accounts, get the server's sign-in message for the
 * lower-cased address (GET /auth/nonce, an EIP-4361 message with a single-use nonce), sign it with
 * personal_sign, and post the address and signature to /auth/login.
 */
export async function loginWithWallet(
  config: Config,
  options: { builtInHasKey: boolean; api?: Api },
): Promise<LoginOutcome> {
  const api = createTypedApi(options.api ?? defaultApi);
  const connector = await findLoginConnector(config, options.builtInHasKey);
  if (!connector) return { ok: false, message: NO_BROWSER_WALLET, alert: true };
  try {
    const existing = config.state.connections.get(connector.uid);
    let account = existing?.accounts[0];
    let chainId = existing?.chainId;
    if (!account) {
      const connection = await connect(config, { connector });
      account = connection.accounts[0];
      chainId = connection.chainId;
    } else if (config.state.current !== connector.uid) {
      await switchAccount(config, { connector });
    }
    if (!account) return cannotLogin('The wallet gave no account');
    const address = account.toLowerCase();
    // the message names the chain the wallet is on (EIP-4361 Chain ID), which the wallet checks
    const nonce = await api.call('nonce', { query: { address, chainId } });
    if (isApiError(nonce)) return walletLoginOutcome(nonce);
    const signature = await signMessage(config, { connector, account, message: nonce.message });
    // naming the nonce lets several sign-ins (tabs) be pending at once, each spending its own
    return walletLoginOutcome(
      await api.call('walletLogin', { body: { address, signature, nonce: nonce.nonce } }),
    );
  } catch (error) {
    // The user rejected the connection or the signature, or the wallet failed.
    return cannotLogin(errorDetail(error));
  }
}
