import { MetaTagClient, type MetaTagClientOptions } from './client.js';
import { runMintFlow, type MintFlowDeps, type MintFlowInput } from './mint-flow.js';

/** Signs an EIP-4361 message with a wallet (e.g. viem's `privateKeyToAccount(key)` or a wallet client). */
export interface MessageSigner {
  address: string;
  signMessage(args: { message: string }): Promise<string>;
}

/** A chip tap: its public id (`/tag/{id}`) and the SUN query string the chip appended to its URL. */
export interface Tap {
  tag: string;
  query: string;
}

/** `https://host/tag/Ab12?e=…&c=…` → `{tag: 'Ab12', query: 'e=…&c=…'}`. */
export function parseTapUrl(url: string): Tap {
  const parsed = new URL(url);
  const match = /\/tag\/([^/]+)$/.exec(parsed.pathname);
  if (!match) throw new Error(`not a chip tap URL: ${url}`);
  return { tag: decodeURIComponent(match[1]!), query: parsed.search.replace(/^\?/, '') };
}

/**
 * The integrator's API: sign in, templates, chips and links, the mint flow, taps and scans. Every method
 * is one route of the table; `client.call(...)` reaches any other route, typed the same way.
 */
export class MetaTag {
  readonly client: MetaTagClient;

  constructor(options: MetaTagClientOptions) {
    this.client = new MetaTagClient(options);
  }

  /** Signs in with a name and password; the session cookie is kept for the following calls. */
  async signInWithPassword(name: string, password: string) {
    const reply = await this.client.call('passwordLogin', { body: { name, password } });
    if (!reply.ok) throw new Error(reply.errorMessage);
    return reply.user;
  }

  /** Sign-In with Ethereum: asks the nonce message, signs it with the wallet, signs in. */
  async signInWithWallet(wallet: MessageSigner) {
    const address = wallet.address.toLowerCase();
    const { message } = await this.client.call('nonce', { query: { address } });
    const signature = await wallet.signMessage({ message });
    const reply = await this.client.call('walletLogin', { body: { address, signature } });
    if (!reply.ok) throw new Error(reply.errorMessage);
    return reply.user;
  }

  signOut() {
    return this.client.call('logout');
  }

  me() {
    return this.client.call('currentUser');
  }

  /** A new NFT template on `chain` (default collection unless `collectionAddress`). */
  async createTemplate(chain: string, options: { collectionAddress?: string } = {}) {
    return (await this.client.call('createNft', { params: { chain }, body: options })).item;
  }

  /** Changes one field (title, description, limit, …), or the mint flow's limit + title + collection. */
  updateTemplate(chain: string, id: number, patch: Record<string, unknown>, authtoken?: string) {
    return this.client.call('updateNft', { params: { chain, id: String(id) }, body: patch, authtoken });
  }

  templates(chain: string) {
    return this.client.call('listNfts', { params: { chain } });
  }

  /** Provisions one chip of a template by its 7-byte UID (hex); optional id, key scheme and keys. */
  async provisionChip(
    nftId: number,
    chip: {
      uid: string;
      id?: string;
      scheme?: 'an10922' | 'legacy' | 'imported' | 'sdm-backend' | 'sdm-backend-legacy';
      keys?: { metaReadKey: string; fileReadKey: string };
      masterKey?: string;
    },
  ) {
    const reply = await this.client.call('createChiplink', {
      params: { type: 'chip', nftId: String(nftId) },
      body: chip,
    });
    if (!('item' in reply)) throw new Error('expected one chip');
    return reply.item;
  }

  /** Creates `count` QR links (1..10,000) of a template; `authtoken`: the owner's shop token (mint flow). */
  async createLinks(nftId: number, count = 1, authtoken?: string) {
    const reply = await this.client.call('createChiplink', {
      params: { type: 'link', nftId: String(nftId) },
      query: count === 1 ? {} : { batch: count },
      body: {},
      authtoken,
    });
    return 'items' in reply ? reply.items : [reply.item];
  }

  chiplinks(type: 'chip' | 'link', nftId: number) {
    return this.client.call('listChiplinks', { params: { type, nftId: String(nftId) } });
  }

  /** Verifies a tap (a tap URL or `{tag, query}`): `ok` false means Not Authentic; a tap counts once. */
  verifyTap(tap: string | Tap) {
    const body = typeof tap === 'string' ? parseTapUrl(tap) : tap;
    return this.client.call('checkTag', { body });
  }

  /** The mint transaction of a verified tap for `to` (the scan token from verifyTap). */
  mintData(chiplinkId: string, to: string, scanToken: string) {
    return this.client.call(
      'mintData',
      { params: { id: chiplinkId }, query: { to } },
      { headers: MetaTagClient.scanTokenHeader(scanToken) },
    );
  }

  /** The scans of a chip or link, newest first. */
  async scans(chiplinkId: string) {
    return (await this.client.call('scans', { query: { uid: chiplinkId } })).items;
  }

  /**
   * The embed button's ticket (server side, with the shop access token): makes one QR link of
   * template `nftId` and a 15-minute ticket for it and the shop page's `origin`. Put `ticket` in the
   * button's `data-ticket`; never the access token.
   */
  mintTicket(options: { chain: string; nftId: number; origin: string; authtoken?: string }) {
    const { authtoken, ...body } = options;
    return this.client.call('mintTicket', { body, authtoken });
  }

  /** The mint flow (spec section 4) with the shop access token and a buyer's EIP-1193 wallet. */
  runMintFlow(input: MintFlowInput, deps: Omit<MintFlowDeps, 'client'>) {
    return runMintFlow(input, { ...deps, client: this.client });
  }

  /** A manual mint of a template's token to an address by the relayer. */
  mint(chain: string, nft: { nftId: number; to: string; collection: string }, idempotencyKey?: string) {
    return this.client.call(
      'mint',
      { params: { chain }, query: { nftId: String(nft.nftId), to: nft.to, collection: nft.collection } },
      idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {},
    );
  }
}
