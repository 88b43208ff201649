import type { EmailClaimPeekReply, EmailClaimRedeemReply, RouteArgs, RouteName } from '@metatag/api-types';
import { MetaTagClient, type MetaTagClientOptions } from './client.js';

type BodyOf<N extends RouteName> = RouteArgs<N> extends { body?: infer B } ? NonNullable<B> : never;
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
 * The one-time token of an email claim: the mailed link (`https://host/email-claim#{token}`) or the
 * token itself. The token travels in the fragment and in POST bodies only, never in a URL's path or query.
 */
export function emailClaimToken(linkOrToken: string): string {
  const hash = linkOrToken.indexOf('#');
  return (hash >= 0 ? linkOrToken.slice(hash + 1) : linkOrToken).trim();
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

  // ---- chip batches (issue #26)

  /** A chip batch of a template: key scheme, mode, URL form (one URL for all its chips), TagTamper. Keys are never returned. */
  createBatch(batch: BodyOf<'createBatch'>) {
    return this.client.call('createBatch', { body: batch });
  }

  batches(nftId: number) {
    return this.client.call('listBatches', { query: { nftId } });
  }

  batch(id: string) {
    return this.client.call('getBatch', { params: { id } });
  }

  /** The batch's NDEF URL template and SDM settings for a personalisation tool (no key); a default batch's per-chip form. */
  batchTemplate(id: string) {
    return this.client.call('batchTemplate', { params: { id } });
  }

  updateBatch(id: string, patch: BodyOf<'updateBatch'>) {
    return this.client.call('updateBatch', { params: { id }, body: patch });
  }

  /**
   * Adds chips to a batch from CSV rows (UIDs, or UIDs with keys), in chunks; `onProgress` after each.
   * Bad rows come back with their row number (1-based over `rows`, +1 for a CSV header with `firstRow: 2`).
   */
  async importBatchChips(
    id: string,
    rows: { uid: string; metaReadKey?: string; fileReadKey?: string }[],
    options: { chunk?: number; firstRow?: number; onProgress?: (done: number, total: number) => void } = {},
  ) {
    const chunk = options.chunk ?? 500;
    const first = options.firstRow ?? 1;
    let added = 0;
    const errors: { row: number; uid: string; error: string }[] = [];
    for (let i = 0; i < rows.length; i += chunk) {
      const reply = await this.client.call('importBatchChips', {
        params: { id },
        body: { rows: rows.slice(i, i + chunk), firstRow: first + i },
      });
      added += reply.added;
      errors.push(...reply.errors);
      options.onProgress?.(Math.min(i + chunk, rows.length), rows.length);
    }
    return { added, errors };
  }

  batchChips(id: string, after = 0, limit = 100) {
    return this.client.call('batchChips', { params: { id }, query: { after, limit } });
  }

  /** The batch's chips as CSV (never keys). */
  batchChipsCsv(id: string) {
    return this.client.call('batchChipsCsv', { params: { id } });
  }

  /**
   * A new key version of a batch; chips move on their first tap after re-personalisation. an10922: a
   * master (or a random one); sdm-backend: the fleet's new master; imported: `{chips, metaReadKey}`,
   * the new per-chip keys.
   */
  rotateBatch(id: string, keys?: string | BodyOf<'rotateBatch'>) {
    const body = typeof keys === 'string' ? { masterKey: keys } : (keys ?? {});
    return this.client.call('rotateBatch', { params: { id }, body });
  }

  /**
   * The admin's tap checker (issue #26): reads a tap URL of one of the caller's chips (per-chip or a
   * batch URL) without consuming it, and names the part that fails (`fault`, `problem`).
   */
  checkTapUrl(url: string) {
    return this.client.call('checkTapUrl', { body: { url } });
  }

  /**
   * The batch's personalisation package (URL template, SDM settings, keys and their AN10922 inputs),
   * sealed under `passphrase` (docs/bureau-package.md); open it with `openBureauPackage` of @metatag/chips.
   */
  batchPackage(id: string, passphrase: string) {
    return this.client.call('batchPackage', { params: { id }, body: { passphrase } });
  }

  /** Verifies a tap of a batch's one URL (full URL or path and query): the chip is found from its PICC data. */
  verifyBatchTap(url: string) {
    return this.client.call('checkBatchTap', {
      body: { path: url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '') },
    });
  }

  /**
   * A gasless claim (issue #29): for a free template whose owner pays the gas, the relayer mints the
   * chip's or link's token to `to`; nothing is sent from the visitor's wallet. A chip needs the scan
   * token from verifyTap; a link needs none. Refused (HTTP 402) when the owner's relayer balance cannot
   * pay; the same tap asked again answers the same mint.
   */
  claimGasless(chiplinkId: string, to: string, scanToken?: string) {
    return this.client.call(
      'gaslessClaim',
      { params: { id: chiplinkId }, body: { to } },
      { headers: scanToken ? MetaTagClient.scanTokenHeader(scanToken) : {} },
    );
  }

  // ---- email claims (issue #29 items 3 and 5): the web's /email-claim page, as calls

  /**
   * Claim by email: after a verified tap (the scan token from verifyTap) or for a link (no token),
   * mails `email` a one-time link (`{PUBLIC_URL}/email-claim#{token}`) and holds the chip's or link's
   * claim for it until `expiresAt`. The reply does not depend on the address; a chip without a tap
   * answers `{ok: false}`. HTTP 429 above the per-IP or per-chip hourly limits.
   */
  startEmailClaim(chiplinkId: string, email: string, scanToken?: string) {
    return this.client.call(
      'emailClaimStart',
      { params: { id: chiplinkId }, body: { email } },
      { headers: scanToken ? MetaTagClient.scanTokenHeader(scanToken) : {} },
    );
  }

  /** What an email claim's link claims (chip or link, its chain, who pays gas, until when); spends nothing. */
  async emailClaimDetails(linkOrToken: string): Promise<EmailClaimPeekReply> {
    const reply = await this.client.call('emailClaimLink', { body: { token: emailClaimToken(linkOrToken) } });
    return reply as EmailClaimPeekReply;
  }

  /**
   * Completes an email claim into `to` (any address, e.g. a passkey account's): when the owner pays
   * the gas the relayer mints (a gasless claim's reply: `tokenid`, `tx` once sent); otherwise a voucher
   * (`data`, `contract`) for `to`'s wallet to send, as mintData. The link works once: HTTP 410 after.
   */
  async completeEmailClaim(linkOrToken: string, to: string): Promise<EmailClaimRedeemReply> {
    const reply = await this.client.call('emailClaimLink', {
      body: { token: emailClaimToken(linkOrToken), to: to.toLowerCase() },
    });
    return reply as EmailClaimRedeemReply;
  }

  /** The template's pending email claims (the owner; addresses masked), soonest expiry first. */
  pendingEmailClaims(nftId: number) {
    return this.client.call('emailClaimPending', { params: { nftId: String(nftId) } });
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
