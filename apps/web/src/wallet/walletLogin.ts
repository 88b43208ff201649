import type { Config, Connector } from 'wagmi';
import { connect, signMessage, switchAccount } from 'wagmi/actions';
import { api as defaultApi, isApiError, type Api } from '../lib/api.js';
import {
  NO_BROWSER_WALLET,
  cannotLogin,
  errorDetail,
  walletLoginOutcome,
  type LoginOutcome,
} from '../session/loginOutcome.js';
import type { NonceReply } from '../session/types.js';
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
  const api = options.api ?? defaultApi;
  const connector = await findLoginConnector(config, options.builtInHasKey);
  if (!connector) return { ok: false, message: NO_BROWSER_WALLET, alert: true };
  try {
    let account = config.state.connections.get(connector.uid)?.accounts[0];
    if (!account) {
      const connection = await connect(config, { connector });
      account = connection.accounts[0];
    } else if (config.state.current !== connector.uid) {
      await switchAccount(config, { connector });
    }
    if (!account) return cannotLogin('The wallet gave no account');
    const address = account.toLowerCase();
    const nonce = await api.get<NonceReply>('/auth/nonce', { query: { address } });
    if (isApiError(nonce)) return cannotLogin(nonce.errorMessage || nonce.error);
    const signature = await signMessage(config, { connector, account, message: nonce.message });
    return walletLoginOutcome(await api.post('/auth/login', { address, signature }));
  } catch (error) {
    // The user rejected the connection or the signature, or the wallet failed.
    return cannotLogin(errorDetail(error));
  }
}
