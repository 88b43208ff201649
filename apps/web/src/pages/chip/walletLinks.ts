/**
 * Mobile wallets whose in-app browser can be opened at a page by a documented deep link (spec section
 * 9: the wallet modal recommends 9 wallets). Each link carries the page's own URL, which after a tap
 * holds the continuation credential (`?c=…`), so the visit continues inside the wallet's browser.
 */
export interface WalletLink {
  id: string;
  name: string;
  href: string;
}

type Build = (url: URL) => string;

const enc = encodeURIComponent;

/** The deep-link format of each wallet, with the page that documents it. */
const WALLETS: { id: string; name: string; build: Build }[] = [
  {
    id: 'metamask',
    name: 'MetaMask',
    // https://docs.metamask.io/sdk/guides/use-deeplinks ("Open a dapp inside the in-app browser"):
    // https://link.metamask.io/dapp/{dappUrl}, the URL without its https:// scheme
    build: (url) =>
      `https://link.metamask.io/dapp/${url.protocol === 'https:' ? url.href.slice('https://'.length) : url.href}`,
  },
  {
    id: 'coinbase',
    name: 'Coinbase Wallet',
    // https://docs.cdp.coinbase.com/coinbase-wallet/developer-guidance/mobile-dapp-integration ("Dapp browser")
    build: (url) => `https://go.cb-w.com/dapp?cb_url=${enc(url.href)}`,
  },
  {
    id: 'trust',
    name: 'Trust Wallet',
    // https://developer.trustwallet.com/developer/develop-for-trust/deeplinking ("DApp Browser"), coin 60 = Ethereum
    build: (url) => `https://link.trustwallet.com/open_url?coin_id=60&url=${enc(url.href)}`,
  },
  {
    id: 'okx',
    name: 'OKX Wallet',
    // https://web3.okx.com/build/docs/waas/app-universal-link (okx://wallet/dapp/url wrapped in the download link)
    build: (url) =>
      `https://web3.okx.com/download?deeplink=${enc(`okx://wallet/dapp/url?dappUrl=${enc(url.href)}`)}`,
  },
  {
    id: 'phantom',
    name: 'Phantom',
    // https://docs.phantom.com/phantom-deeplinks/other-methods/browse: /ul/browse/<url>?ref=<ref>
    build: (url) => `https://phantom.app/ul/browse/${enc(url.href)}?ref=${enc(url.origin)}`,
  },
  {
    id: 'bitget',
    name: 'Bitget Wallet',
    // https://docs.bitkeep.com/en/docs/guide/mobile/Deeplink.html (BKConnect, action=dapp; Android takes only this form)
    build: (url) => `https://bkcode.vip?action=dapp&url=${enc(url.href)}`,
  },
  {
    id: 'imtoken',
    name: 'imToken',
    // https://imtoken.gitbook.io/developers/products/deep-linking: imtokenv2://navigate/DappView?url=
    build: (url) => `imtokenv2://navigate/DappView?url=${enc(url.href)}`,
  },
  {
    id: 'tokenpocket',
    name: 'TokenPocket',
    // https://github.com/TP-Lab/TokenPocket-Protocol ("Call TokenPocket to open url with Dapp browser")
    build: (url) =>
      `tpdapp://open?params=${enc(JSON.stringify({ url: url.href, chain: 'ETH', source: 'MetaTag' }))}`,
  },
  {
    id: 'zerion',
    name: 'Zerion',
    // Zerion publishes no developer page for it; the format is the one the open-source Daimo Pay SDK
    // keeps for Zerion (github.com/daimo-eth/pay, packages/connectkit/src/wallets/walletConfigs.tsx)
    build: (url) => `https://link.zerion.io/?url=${enc(url.href)}`,
  },
];

/** The 9 recommended wallets' deep links that open `pageUrl` in their in-app browsers. */
export function walletLinks(pageUrl: string): WalletLink[] {
  const url = new URL(pageUrl);
  return WALLETS.map(({ id, name, build }) => ({ id, name, href: build(url) }));
}
