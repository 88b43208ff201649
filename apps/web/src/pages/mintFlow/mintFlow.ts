import { routeUrl } from '@metatag/api-types';
import { isApiError, type Api } from '../../lib/api.js';
import { createTypedApi } from '../../lib/typedApi.js';
import { MEDIA_MAX_BYTES } from '../../lib/validation.js';
import { FILE_TOO_BIG } from '../../lib/texts.js';
import { mediaTypeOf } from '../../lib/media.js';

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

export interface MintFlowInput {
  chain: string;
  /** The owner's shop access token (`GET /woo_commmerce_access_token`). */
  authtoken: string;
  title: string;
  limit: number;
  /** '' = the chain's default collection. */
  collection: string;
  image?: File | null;
  /** The product's public origin: the check link's `{origin}`. */
  origin: string;
}

export interface MintFlowWallet {
  /** The wallet's address, or null when the user gave none (then: 'aborted'); throws when unreadable. */
  address(): Promise<string | null>;
  /** Sends the transaction; resolves with its hash, or null (failures resolve to no hash). */
  send(tx: { to: string; data: string; value?: string }): Promise<string | null>;
}

export interface MintFlowResult {
  nftId: number;
  uid: string;
  tokenId: string;
  collection: string;
  hash: string;
  checkLink: string;
}

export class MintFlowError extends Error {
  constructor(
    readonly step: MintFlowStep,
    message: string,
  ) {
    super(message);
    this.name = 'MintFlowError';
  }
}

/**
 * The mint flow of spec sections 1 and 4, with the shop access token as its credential: create the
 * record, set limit + title + collection, upload the image, create a QR link, get the wallet
 * address, get mint data for the link and address, send the transaction, and once the hash is
 * there set the description to `{origin}/{chain}/check-parent/{collection}/{tokenid}`. Each failure
 * throws a MintFlowError with the spec's message; `onStep` reports progress.
 */
export async function runMintFlow(
  input: MintFlowInput,
  deps: { api: Api; wallet: MintFlowWallet; upload: UploadFn; onStep?: (step: MintFlowStep) => void },
): Promise<MintFlowResult> {
  const { wallet } = deps;
  const api = createTypedApi(deps.api);
  const { chain, authtoken } = input;
  const at = (step: MintFlowStep) => deps.onStep?.(step);
  const fail = (step: MintFlowStep, message: string): never => {
    throw new MintFlowError(step, message);
  };

  at('create');
  const created = await api.call('createNft', { params: { chain }, authtoken, body: {} });
  const nftId = isApiError(created) ? undefined : created.item?.id;
  if (!nftId)
    return fail(
      'create',
      isApiError(created) ? created.errorMessage || MINT_FLOW_TEXTS.cannotAdd : MINT_FLOW_TEXTS.cannotAdd,
    );

  at('fields');
  const fields = await api.call('updateNft', {
    params: { chain, id: nftId },
    authtoken,
    body: { limit: input.limit, title: input.title, collection: input.collection },
  });
  if (isApiError(fields)) return fail('fields', fields.errorMessage || fields.error);

  if (input.image) {
    at('image');
    if (input.image.size > MEDIA_MAX_BYTES) return fail('image', FILE_TOO_BIG);
    const uploaded = await deps.upload(
      routeUrl('updateNft', { params: { chain, id: nftId }, authtoken }),
      input.image,
    );
    if (!uploaded.ok) return fail('image', uploaded.message);
  }

  at('link');
  const link = await api.call('createChiplink', { params: { type: 'link', nftId }, authtoken });
  const uid = isApiError(link) || !('item' in link) ? undefined : link.item.uid;
  if (!uid)
    return fail('link', isApiError(link) ? link.errorMessage || link.error : MINT_FLOW_TEXTS.cannotAdd);

  at('address');
  let address: string | null;
  try {
    address = await wallet.address();
  } catch {
    return fail('address', MINT_FLOW_TEXTS.noAddress);
  }
  if (!address) return fail('address', MINT_FLOW_TEXTS.aborted);

  at('mintData');
  const mint = await api.call('mintData', { params: { id: uid }, query: { to: address.toLowerCase() } });
  if (isApiError(mint) || !mint.ok || !mint.data || !mint.tokenid || !mint.nft?.collection)
    return fail('mintData', MINT_FLOW_TEXTS.cannotMint);
  const collection = mint.nft.collection;

  at('send');
  let hash: string | null;
  try {
    hash = await wallet.send({ to: collection, data: mint.data, value: mint.value });
  } catch {
    hash = null;
  }
  if (!hash) return fail('send', MINT_FLOW_TEXTS.noHash);

  at('description');
  const checkLink = `${input.origin}/${input.chain}/check-parent/${collection}/${mint.tokenid}`;
  const described = await api.call('updateNft', {
    params: { chain, id: nftId },
    authtoken,
    body: { description: checkLink },
  });
  if (isApiError(described)) return fail('description', described.errorMessage || described.error);
  return { nftId, uid, tokenId: mint.tokenid, collection, hash, checkLink };
}

export type UploadFn = (url: string, file: File) => Promise<{ ok: true } | { ok: false; message: string }>;

/** The image upload: multipart (never enveloped), `type` before `image` as the server reads them. */
export const uploadWithFetch: UploadFn = async (url, file) => {
  const form = new FormData();
  form.append('type', mediaTypeOf(file));
  form.append('image', file, file.name);
  try {
    const res = await fetch(url, { method: 'PUT', body: form, headers: { accept: 'application/json' } });
    if (res.ok) return { ok: true };
    const body = (await res.json().catch(() => ({}))) as { errorMessage?: string };
    return { ok: false, message: body.errorMessage || 'server error' };
  } catch {
    return { ok: false, message: 'server error' };
  }
};
