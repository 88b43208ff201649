import { FILE_TOO_BIG, MEDIA_MAX_BYTES, type RouteArgs, type RouteName } from '@metatag/api-types';
import { MetaTagApiError, type MetaTagClient } from './client.js';

/** Spec section 8: the mint flow's messages, verbatim. */
export const MINT_FLOW_TEXTS = {
  aborted: 'aborted',
  noAddress: 'cannot get user address',
  cannotMint: 'cannot mint',
  noHash: 'cannot get tx hash',
  cannotAdd: 'cannot add',
} as const;

export type MintFlowStep =
  'create' | 'fields' | 'image' | 'link' | 'address' | 'mintData' | 'send' | 'description';

/** The spec's steps in order (section 4 "Mint flow"), with labels for a progress list. */
export const MINT_FLOW_STEPS: { step: MintFlowStep; label: string }[] = [
  { step: 'create', label: 'Create the NFT record' },
  { step: 'fields', label: 'Set limit, title and collection' },
  { step: 'image', label: 'Upload the image' },
  { step: 'link', label: 'Create a QR link' },
  { step: 'address', label: 'Get your wallet address' },
  { step: 'mintData', label: 'Get the mint data' },
  { step: 'send', label: 'Send the transaction' },
  { step: 'description', label: 'Write the check link into the description' },
];

/** A failed step: `message` is the spec's text (or the server's, for the owner steps). */
export class MintFlowError extends Error {
  override name = 'MintFlowError';
  constructor(
    readonly step: MintFlowStep,
    message: string,
  ) {
    super(message);
  }
}

/** What the flow calls: a `MetaTagClient`, or anything with its typed `call` (the web app's adapter). */
export type RouteCaller = Pick<MetaTagClient, 'call'>;

/** The buyer's wallet as the flow needs it. */
export interface MintFlowWallet {
  /** The wallet's address, or null when the user gave none (then: 'aborted'); throws when unreadable. */
  address(): Promise<string | null>;
  /** Sends the transaction; resolves with its hash, or null (failures resolve to no hash). */
  send(tx: { to: string; data: string; value?: string }): Promise<string | null>;
}

/**
 * A recipient that sends nothing (issue #29): a passkey smart account's address (or any address) to
 * claim into with `gasless: true` — the template's owner pays the mint, so no wallet signs or holds ETH.
 * A flow that would need a transaction from it fails at 'send' with the SDK's text.
 */
export function addressWallet(address: string): MintFlowWallet {
  return {
    address: async () => address,
    send: async () => null,
  };
}

/** An injected EIP-1193 provider (`window.ethereum`, WalletConnect, a viem custom transport…). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/**
 * The flow's wallet over an EIP-1193 provider: `eth_requestAccounts` for the address (none given:
 * null; a failing request throws), `eth_sendTransaction` from that address (a failure: no hash).
 */
export function eip1193Wallet(provider: Eip1193Provider): MintFlowWallet {
  let from: string | null = null;
  return {
    async address() {
      const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as unknown;
      if (!Array.isArray(accounts)) throw new Error('eth_requestAccounts answered no list');
      from = typeof accounts[0] === 'string' && accounts[0] !== '' ? accounts[0] : null;
      return from;
    },
    async send(tx) {
      if (!from) return null;
      const value = tx.value && BigInt(tx.value) !== 0n ? `0x${BigInt(tx.value).toString(16)}` : undefined;
      const hash = await provider.request({
        method: 'eth_sendTransaction',
        params: [{ from, to: tx.to, data: tx.data, ...(value ? { value } : {}) }],
      });
      return typeof hash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(hash) ? hash : null;
    },
  };
}

/** An image for the record: a File, or a Blob with its name. */
export interface MintFlowImage {
  file: Blob;
  name: string;
}

export interface MintFlowInput {
  chain: string;
  /** The owner's shop access token (`GET /woo_commmerce_access_token`). Keep it on your server. */
  authtoken: string;
  title: string;
  limit: number;
  /** '' = the chain's default collection. */
  collection: string;
  image?: MintFlowImage | null;
  /** The product's public origin (its PUBLIC_URL): the check link's `{origin}`. */
  origin: string;
}

export interface MintFlowResult {
  nftId: number;
  uid: string;
  tokenId: string;
  collection: string;
  hash: string;
  checkLink: string;
}

export interface MintFlowDeps {
  client: RouteCaller;
  /** The buyer's wallet: an injected EIP-1193 provider, or a wallet port. */
  wallet: MintFlowWallet | Eip1193Provider;
  onStep?: (step: MintFlowStep) => void;
  /**
   * The template's owner pays the gas (issue #29): the link is claimed with `claim-gasless` and the
   * relayer sends the mint; the wallet only gives its address and never needs ETH.
   */
  gasless?: boolean;
  /** Waits between reads of a gasless claim until its transaction has a hash (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
}

/** A gasless claim's record is queued first; its hash comes when the relayer sends it. */
const GASLESS_HASH_ATTEMPTS = 60;
const GASLESS_HASH_INTERVAL_MS = 1000;

const isProvider = (w: MintFlowWallet | Eip1193Provider): w is Eip1193Provider =>
  typeof (w as Eip1193Provider).request === 'function';

/** The server's text of a failed call, else `fallback`. */
function reason(error: unknown, fallback: string): string {
  if (error instanceof MetaTagApiError) {
    const body = error.body as { errorMessage?: unknown } | null;
    if (typeof body === 'object' && body && typeof body.errorMessage === 'string' && body.errorMessage)
      return body.errorMessage;
    return error.error || fallback;
  }
  return fallback;
}

/** `call`, with a failure turned into the step's MintFlowError. */
async function step<N extends RouteName>(
  client: RouteCaller,
  at: MintFlowStep,
  fallback: string,
  name: N,
  args: RouteArgs<N>,
) {
  try {
    // the arguments are typed by this function's signature; the call itself is not typed again (a
    // generic route's arguments compared once more expand the whole route table: TS2590)
    // bound: the client's call reads its own cookie and options
    const call = client.call.bind(client) as unknown as (
      n: RouteName,
      a: unknown,
    ) => ReturnType<MetaTagClient['call']>;
    return await call(name, args);
  } catch (error) {
    throw new MintFlowError(at, reason(error, fallback));
  }
}

/** The media type the server stores (glb files often come without one). */
function mediaTypeOf(image: MintFlowImage): string {
  if (/\.glb$/i.test(image.name) || image.file.type === 'model/gltf-binary') return 'model/gltf-binary';
  return image.file.type || 'application/octet-stream';
}

/**
 * The mint flow of spec sections 1 and 4, with the shop access token as its credential: create the
 * record, set limit + title + collection, upload the image, create a QR link, get the wallet
 * address, get mint data for the link and address, send the transaction, and once the hash is
 * there set the description to `{origin}/{chain}/check-parent/{collection}/{tokenid}`. Each failure
 * rejects with a MintFlowError whose message is the spec's text; `onStep` reports each step.
 */
export async function runMintFlow(input: MintFlowInput, deps: MintFlowDeps): Promise<MintFlowResult> {
  const { client } = deps;
  const at = (s: MintFlowStep) => deps.onStep?.(s);
  const authtoken = input.authtoken;
  const { chain } = input;

  at('create');
  const created = await step(client, 'create', MINT_FLOW_TEXTS.cannotAdd, 'createNft', {
    params: { chain },
    body: {},
    authtoken,
  });
  const nftId = (created as { item?: { id?: number } }).item?.id;
  if (!nftId) throw new MintFlowError('create', MINT_FLOW_TEXTS.cannotAdd);
  const id = String(nftId);

  at('fields');
  await step(client, 'fields', 'server error', 'updateNft', {
    params: { chain, id },
    body: { limit: input.limit, title: input.title, collection: input.collection },
    authtoken,
  });
  // a gasless flow: the owner (this access token's user) pays the link's mint from their relayer balance
  if (deps.gasless)
    await step(client, 'fields', 'server error', 'updateNft', {
      params: { chain, id },
      body: { gasPaidBy: 'owner' },
      authtoken,
    });

  if (input.image) {
    at('image');
    if (input.image.file.size > MEDIA_MAX_BYTES) throw new MintFlowError('image', FILE_TOO_BIG);
    // multipart (never enveloped); `type` before `image`, as the server reads them
    const form = new FormData();
    form.append('type', mediaTypeOf(input.image));
    form.append('image', input.image.file, input.image.name);
    await step(client, 'image', 'server error', 'updateNft', {
      params: { chain, id },
      body: form,
      authtoken,
    });
  }

  at('link');
  const link = await step(client, 'link', MINT_FLOW_TEXTS.cannotAdd, 'createChiplink', {
    params: { type: 'link', nftId: id },
    body: {},
    authtoken,
  });
  // the spec's flow mints the link by the uid this answers: a new link's uid carries 96 bits, a claim
  // handle as strong as its public id (decision 107)
  const uid = (link as { item?: { uid?: string } }).item?.uid;
  if (!uid) throw new MintFlowError('link', MINT_FLOW_TEXTS.cannotAdd);

  const minted = await mintLink({ chain, uid }, deps);

  at('description');
  const checkLink = `${input.origin.replace(/\/$/, '')}/${chain}/check-parent/${minted.collection}/${minted.tokenId}`;
  await step(client, 'description', 'server error', 'updateNft', {
    params: { chain, id },
    body: { description: checkLink },
    authtoken,
  });
  return { nftId, uid, ...minted, checkLink };
}

/**
 * The buyer's half of the flow for an existing QR link: get the wallet address, get mint data for
 * the link and address, send the transaction. Needs no owner credential (a QR link is a claim).
 * `uid` names the link by a handle of ≥ 80 bits: its public id, or the uid its creation answered
 * (96 bits); an older link's 56-bit uid answers 'cannot mint' (issue #28, decision 107).
 */
export async function mintLink(
  link: { chain: string; uid: string },
  deps: MintFlowDeps,
): Promise<{ tokenId: string; collection: string; hash: string }> {
  const { client } = deps;
  const wallet = isProvider(deps.wallet) ? eip1193Wallet(deps.wallet) : deps.wallet;
  const at = (s: MintFlowStep) => deps.onStep?.(s);

  at('address');
  let address: string | null;
  try {
    address = await wallet.address();
  } catch {
    throw new MintFlowError('address', MINT_FLOW_TEXTS.noAddress);
  }
  if (!address) throw new MintFlowError('address', MINT_FLOW_TEXTS.aborted);

  if (deps.gasless) return claimLinkGasless(link, address, deps);

  at('mintData');
  let mint: { ok?: boolean; data?: string; tokenid?: string; value?: string; nft?: { collection?: string } };
  try {
    mint = (await client.call('mintData', {
      params: { id: link.uid },
      query: { to: address.toLowerCase() },
    })) as typeof mint;
  } catch {
    throw new MintFlowError('mintData', MINT_FLOW_TEXTS.cannotMint);
  }
  if (!mint.ok || !mint.data || !mint.tokenid || !mint.nft?.collection)
    throw new MintFlowError('mintData', MINT_FLOW_TEXTS.cannotMint);
  const collection = mint.nft.collection;

  at('send');
  let hash: string | null;
  try {
    hash = await wallet.send({ to: collection, data: mint.data, value: mint.value });
  } catch {
    hash = null;
  }
  if (!hash) throw new MintFlowError('send', MINT_FLOW_TEXTS.noHash);
  return { tokenId: mint.tokenid, collection, hash };
}

type GaslessReply = { ok?: boolean; tokenid?: string; tx?: string | null; nft?: { collection?: string } };

/**
 * The gasless half of mintLink: asks `claim-gasless` for the link and `address`, then asks again (the
 * same claim answers the same record) until the relayer's transaction has a hash.
 */
async function claimLinkGasless(
  link: { uid: string },
  address: string,
  deps: MintFlowDeps,
): Promise<{ tokenId: string; collection: string; hash: string }> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const ask = async (): Promise<GaslessReply> => {
    try {
      return (await deps.client.call('gaslessClaim', {
        params: { id: link.uid },
        body: { to: address.toLowerCase() },
      })) as GaslessReply;
    } catch {
      throw new MintFlowError('mintData', MINT_FLOW_TEXTS.cannotMint);
    }
  };
  deps.onStep?.('mintData');
  let claim = await ask();
  if (!claim.ok || !claim.tokenid || !claim.nft?.collection)
    throw new MintFlowError('mintData', MINT_FLOW_TEXTS.cannotMint);
  deps.onStep?.('send');
  for (let attempt = 0; !claim.tx && attempt < GASLESS_HASH_ATTEMPTS; attempt++) {
    await sleep(GASLESS_HASH_INTERVAL_MS);
    claim = await ask();
  }
  if (!claim.ok || !claim.tx || !claim.tokenid || !claim.nft?.collection)
    throw new MintFlowError('send', MINT_FLOW_TEXTS.noHash);
  return { tokenId: claim.tokenid, collection: claim.nft.collection, hash: claim.tx };
}

/** What a mint ticket says (readable by anyone; only the server's `complete` trusts it, after its check). */
export interface MintTicketClaims {
  chain: string;
  nftId: number;
  /** The QR link's id. */
  link: string;
  /** The shop page's origin the ticket was issued for. */
  origin: string;
  expiresAt: Date;
}

/** Reads a ticket's claims (`mt1.{payload}.{mac}`) without checking them; null when malformed. */
export function readMintTicket(ticket: string): MintTicketClaims | null {
  const payload = ticket.split('.')[1];
  if (!ticket.startsWith('mt1.') || !payload) return null;
  try {
    const b64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0))),
    ) as Record<string, unknown>;
    const { c, n, l, o, e } = json;
    if (typeof c !== 'string' || typeof n !== 'number' || typeof l !== 'string' || typeof o !== 'string')
      return null;
    return { chain: c, nftId: n, link: l, origin: o, expiresAt: new Date(Number(e) * 1000) };
  } catch {
    return null;
  }
}

export interface TicketMintResult {
  nftId: number;
  tokenId: string;
  collection: string;
  hash: string;
  checkLink: string;
  /** The shop origin the server verified for this ticket: post the result there only. */
  origin: string;
}

/**
 * The buyer's side of the embed button: the ticket's link minted with the buyer's wallet (address,
 * mint data, send), then `POST /json/mint-flow/complete` writes the check link as the description.
 */
export async function runTicketMint(ticket: string, deps: MintFlowDeps): Promise<TicketMintResult> {
  const claims = readMintTicket(ticket);
  if (!claims) throw new MintFlowError('mintData', MINT_FLOW_TEXTS.cannotMint);
  const minted = await mintLink({ chain: claims.chain, uid: claims.link }, deps);
  deps.onStep?.('description');
  const done = await step(deps.client, 'description', 'server error', 'mintTicketComplete', {
    body: { ticket, hash: minted.hash },
  });
  const reply = done as {
    nftId: number;
    tokenId: string;
    collection: string;
    description: string;
    origin: string;
  };
  return {
    nftId: reply.nftId,
    tokenId: reply.tokenId,
    collection: reply.collection,
    hash: minted.hash,
    checkLink: reply.description,
    origin: reply.origin,
  };
}
