import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { DEFAULT_COLLECTION_TEMPLATE } from '@metatag/api-types';
import { collectionTemplateTokens, themeStyle } from '@metatag/ui';
import { ApiRequestError, isApiError } from '../../lib/api.js';
import { isChainName } from '../../lib/chains.js';
import { loadChunk } from '../../lib/chunkLoad.js';
import { useNetwork } from '../../lib/networks.js';
import { ActionButtons } from './ActionButtons.js';
import { chipActions, type ChiplinkType } from './chipActions.js';
import { collectionTemplateQuery, fetchTokenState, lookupQuery, type ChiplinkTokenState } from './chipApi.js';
import { ChipAuthStatus } from './ChipAuthStatus.js';
import { ChipDescription } from './ChipDescription.js';
import { ChipDetails } from './ChipDetails.js';
import { ChipHeader } from './ChipHeader.js';
import { ChipMedia } from './ChipMedia.js';
import { LINK_NOT_VALID, NO_NAME, POWERED_BY, TAG_NOT_CONNECTED } from './chipTexts.js';
import { hasRememberedWallet } from './rememberedWallet.js';
import { ToastProvider } from './Toasts.js';
import { tapQuery } from './tapQuery.js';
import { useChipAuthentication } from './useChipAuthentication.js';
import './chip.css';

/** Token re-reads after a transaction: up to 10 s for the chain index to show the change. */
const REFRESH_ATTEMPTS = 10;
const REFRESH_INTERVAL_MS = 1000;

const LazyChipWallet = lazy(() =>
  loadChunk(() => import('./ChipWallet.js')).then((module) => ({ default: module.ChipWallet })),
);

/** An unknown or removed id (404), or an error the server explained; else the spec's generic text. */
function ChipError({ type, error }: { type: ChiplinkType; error: unknown }) {
  const notFound = !(error instanceof ApiRequestError) || error.status === 404 || error.status === 400;
  const text = notFound ? (type === 'chip' ? TAG_NOT_CONNECTED : LINK_NOT_VALID) : error.message;
  return (
    <main className="chip-page chip-page--error" data-theme="light">
      <p className="chip-page__error" data-testid="chip-error">
        {text}
      </p>
    </main>
  );
}

/**
 * The public chip page `/tag/{id}` and link page `/link/{id}` (spec sections 2 and 4). Nothing renders
 * until the NFT and its collection's colour template are loaded. Wallet code (wagmi, viem) is a chunk
 * of its own, loaded when the visitor connects, or at once when this browser connected before.
 */
export function ChipPage({ type }: { type: ChiplinkType }) {
  const { id = '' } = useParams();
  const tap = tapQuery(useLocation().search);
  const lookup = useQuery(lookupQuery(type, id));
  const nft = lookup.data?.nft;
  const collection = lookup.data?.smartContract ?? '';
  const template = useQuery({
    ...collectionTemplateQuery(nft?.chain ?? '', collection),
    enabled: !!nft && collection !== '',
  });
  const authentication = useChipAuthentication(type, id, tap);
  const chain = nft && isChainName(nft.chain) ? nft.chain : null;
  const network = useNetwork(chain ?? 'mainnet');

  const [token, setToken] = useState<ChiplinkTokenState | null | undefined>(undefined);
  const tokenRef = useRef(token);
  useEffect(() => {
    tokenRef.current = token;
  }, [token]);
  useEffect(() => {
    if (lookup.data) setToken(lookup.data.token);
  }, [lookup.data]);
  const refreshToken = useCallback(async () => {
    // After a transaction the chain index may be a moment behind: read again until the token changed.
    const before = tokenRef.current;
    for (let attempt = 0; attempt < REFRESH_ATTEMPTS; attempt++) {
      const reply = await fetchTokenState(type, id);
      if (!isApiError(reply)) {
        setToken(reply);
        if (reply.owner !== before?.owner || reply.locked !== before?.locked) return;
      }
      await new Promise((resolve) => setTimeout(resolve, REFRESH_INTERVAL_MS));
    }
  }, [id, type]);

  const [wallet, setWallet] = useState<string | null>(null);
  const [walletWanted, setWalletWanted] = useState(hasRememberedWallet);
  const [connectRequest, setConnectRequest] = useState(0);
  const requestConnect = useCallback(() => {
    setWalletWanted(true);
    setConnectRequest((n) => n + 1);
  }, []);

  if (lookup.isError) return <ChipError type={type} error={lookup.error} />;
  if (!lookup.data || !nft) return null;
  const waitingForTemplate = collection !== '' && template.isPending && template.fetchStatus !== 'idle';
  if (waitingForTemplate) return null;
  const colours = template.data ?? DEFAULT_COLLECTION_TEMPLATE;
  const reply = lookup.data;

  const staticActions = chipActions({
    type,
    auth: authentication.state,
    wallet: null,
    owner: token === null ? undefined : token?.owner,
    locked: token?.locked ?? false,
    price: nft.price,
    payoutAddress: nft.payoutAddress,
    multiMint: false,
  });

  return (
    <ToastProvider>
      <main
        className="chip-page"
        data-theme={colours.theme}
        data-testid={`${type}-page`}
        style={themeStyle(collectionTemplateTokens(colours))}
      >
        <ChipHeader template={colours} wallet={wallet} onWallet={requestConnect} />
        <article className="chip-card">
          <ChipMedia nft={nft} />
          <h1 className="chip-card__title" data-testid="chip-title">
            {nft.title || NO_NAME}
          </h1>
          {type === 'chip' && <ChipAuthStatus state={authentication.state} />}
          <ChipDescription text={nft.description} />
          {chain && walletWanted ? (
            <Suspense fallback={<ActionButtons actions={staticActions} handlers={{}} busy />}>
              <LazyChipWallet
                type={type}
                lookup={reply}
                chain={chain}
                token={token}
                auth={authentication.state}
                jwt={authentication.jwt}
                connectRequest={connectRequest}
                onAccount={setWallet}
                onChanged={refreshToken}
              />
            </Suspense>
          ) : (
            <ActionButtons
              actions={staticActions}
              handlers={{ connect: chain ? requestConnect : undefined }}
            />
          )}
          <ChipDetails type={type} lookup={reply} token={token} wallet={wallet} network={network.data} />
        </article>
        {colours.logoURL && (
          <footer className="chip-page__powered" data-testid="powered-by">
            {POWERED_BY} <a href="/">MetaTag</a>
          </footer>
        )}
      </main>
    </ToastProvider>
  );
}
