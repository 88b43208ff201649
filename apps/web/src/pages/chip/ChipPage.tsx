import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { DEFAULT_COLLECTION_TEMPLATE } from '@metatag/api-types';
import { collectionTemplateTokens, themeStyle } from '@metatag/ui';
import { ApiRequestError } from '../../lib/api.js';
import { isChainName } from '../../lib/chains.js';
import { loadChunk } from '../../lib/chunkLoad.js';
import { useNetwork } from '../../lib/networks.js';
import { ActionButtons } from './ActionButtons.js';
import { chipActions, ownerPaysGas, soldOut, type ChiplinkType } from './chipActions.js';
import { collectionTemplateQuery, lookupQuery } from './chipApi.js';
import { ChipAuthStatus } from './ChipAuthStatus.js';
import { ChipDescription } from './ChipDescription.js';
import { ChipDetails } from './ChipDetails.js';
import { ChipLifecycle } from './ChipLifecycle.js';
import { ChipHeader } from './ChipHeader.js';
import { ChipMedia } from './ChipMedia.js';
import { PendingRelayPanel } from './PendingRelayPanel.js';
import { LINK_NOT_VALID, NO_NAME, POWERED_BY, TAG_NOT_CONNECTED } from './chipTexts.js';
import { hasRememberedPasskey, hasRememberedWallet } from './rememberedWallet.js';
import { ToastProvider } from './Toasts.js';
import { TwoTapPrompt } from './TwoTapPrompt.js';
import { ResaleNotice } from './ResaleNotice.js';
import { ClaimPhaseNotice } from './ClaimPhaseNotice.js';
import { authShownEarly, proofOf } from './chipCheck.js';
import { useChipAuthentication } from './useChipAuthentication.js';
import { useTokenState } from './useTokenState.js';
import { visitUrl } from './visitUrl.js';
import { EmailClaimForm } from './EmailClaimForm.js';
import './chip.css';

const LazyChipWallet = lazy(() =>
  loadChunk(() => import('./ChipWallet.js')).then((module) => ({ default: module.ChipWallet })),
);
/** Passkey accounts (issue #29): viem's account abstraction and the Safe account, a chunk of their own. */
const LazyPasskeyPanel = lazy(() =>
  loadChunk(() => import('./PasskeyPanel.js')).then((module) => ({ default: module.PasskeyPanel })),
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
  const proof = proofOf(useLocation().search);
  const lookup = useQuery(lookupQuery(type, id));
  const nft = lookup.data?.nft;
  const collection = lookup.data?.smartContract ?? '';
  const template = useQuery({
    ...collectionTemplateQuery(nft?.chain ?? '', collection),
    enabled: !!nft && collection !== '',
  });
  const authentication = useChipAuthentication(type, id, proof);
  // the early script may already show this tap as authenticated (chipCheck.ts showEarly): the first
  // render keeps what hydration finds, the check's own answer takes over when it is in
  const [authenticatedEarly] = useState(
    () => type === 'chip' && proof !== null && 'tap' in proof && authShownEarly(id, proof.tap),
  );
  const authState = authenticatedEarly && authentication.state === 'checking' ? 'ok' : authentication.state;
  const chain = nft && isChainName(nft.chain) ? nft.chain : null;
  const network = useNetwork(chain ?? 'mainnet');
  const { token, refreshAfterTransaction } = useTokenState(type, id, lookup.data?.token);
  /** The hash of this visit's own mint or claim: the TX hash row shows it before the index does. */
  const [ownTx, setOwnTx] = useState<string | null>(null);

  const [wallet, setWallet] = useState<string | null>(null);
  // false on the first render, as on the server: the first render hydrates the server's markup
  const [walletWanted, setWalletWanted] = useState(false);
  // a click on the server's markup before React has hydrated it is lost: the buttons stay disabled
  // until then (the browser waits on a disabled button; a lost click left the visitor waiting)
  const [hydrated, setHydrated] = useState(false);
  // 'Use a passkey' (#29): its chunk loads when asked for, or at once when this browser has a passkey
  const [passkeyWanted, setPasskeyWanted] = useState(false);
  useEffect(() => {
    setHydrated(true);
    if (hasRememberedWallet()) setWalletWanted(true);
    if (hasRememberedPasskey()) setPasskeyWanted(true);
  }, []);
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
  // what 'Open in the wallet's browser' links carry: never the tap's (consumed) SUN parameters
  const pageUrl = () =>
    authentication.continuation
      ? visitUrl(window.location, authentication.continuation)
      : type === 'chip'
        ? `${window.location.origin}${window.location.pathname}`
        : window.location.href;

  const proven = type === 'link' || authentication.state === 'ok';
  // a free template whose owner pays the gas, for a visitor without a wallet
  const passkeyOffered = !!chain && ownerPaysGas(nft) && !wallet;
  const canClaim = !!token && !token.owner && proven && !soldOut(nft);
  // Claim Ownership into a passkey account (#29 item 2): a chip's unlocked token another address owns,
  // after a fresh tap; a resale template's claim waits for the owner's veto instead (#32 item 2)
  const canTakeOver = type === 'chip' && proven && !!token?.owner && !token.locked && !nft.resale;

  const staticActions = chipActions({
    type,
    auth: authentication.state,
    wallet: null,
    owner: token === null ? undefined : token?.owner,
    locked: token?.locked ?? false,
    price: nft.price,
    payoutAddress: nft.payoutAddress,
    multiMint: false,
    // #30: a sold-out template says so before the wallet chunk loads or a wallet is connected
    soldOut: soldOut(nft),
    // (multiMint is false here: a multi-mint template's burned token still offers a new mint)
    burned:
      !!reply?.lifecycle?.redemption?.burned &&
      !(type === 'chip' ? nft.isMultiMintEnabledchip : nft.isMultiMintEnabledlink),
  });

  return (
    <ToastProvider>
      {/* the theme colours the whole window (a dark collection is dark edge to edge), the column
          inside keeps the spec's width */}
      <div
        className="chip-backdrop"
        data-theme={colours.theme}
        data-testid="chip-backdrop"
        style={themeStyle(collectionTemplateTokens(colours))}
      >
        <main className="chip-page" data-testid={`${type}-page`}>
          <ChipHeader template={colours} wallet={wallet} onWallet={requestConnect} />
          <article className="chip-card">
            <ChipMedia nft={nft} />
            <h1 className="chip-card__title" data-testid="chip-title">
              {nft.title || NO_NAME}
            </h1>
            {type === 'chip' && (
              <ChipAuthStatus
                state={authState}
                tamper={authentication.tamper}
                fileData={nft.showFileData ? authentication.fileData : null}
              />
            )}
            {type === 'chip' && nft.twoTap && authentication.state === 'ok' && (
              <TwoTapPrompt chipId={id} rule={nft.twoTap} tap={proof && 'tap' in proof ? proof.tap : null} />
            )}
            {type === 'chip' && nft.resale && <ResaleNotice id={id} />}
            {nft.claimPhases?.length ? <ClaimPhaseNotice phases={nft.claimPhases} /> : null}
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
                  pageUrl={pageUrl}
                  onAccount={setWallet}
                  onTransaction={setOwnTx}
                  onChanged={refreshAfterTransaction}
                  pending={authentication.pending}
                />
              </Suspense>
            ) : (
              <>
                {authentication.pending && chain && (
                  <PendingRelayPanel
                    pending={authentication.pending}
                    tag={id}
                    scanToken={authentication.jwt}
                  />
                )}
                <ActionButtons
                  actions={staticActions}
                  handlers={{ connect: chain ? requestConnect : undefined }}
                  busy={!hydrated}
                />
              </>
            )}
            {passkeyOffered && !passkeyWanted && (canClaim || canTakeOver) && (
              <div className="chip-actions">
                <button
                  type="button"
                  className="chip-button chip-button--secondary"
                  data-testid="passkey-open"
                  disabled={!hydrated}
                  onClick={() => setPasskeyWanted(true)}
                >
                  Use a passkey
                </button>
              </div>
            )}
            {passkeyOffered && passkeyWanted && (
              <Suspense fallback={null}>
                <LazyPasskeyPanel
                  type={type}
                  lookup={reply}
                  chain={chain}
                  token={token}
                  jwt={authentication.jwt}
                  canClaim={canClaim}
                  canTakeOver={canTakeOver}
                  onChanged={refreshAfterTransaction}
                  onTransaction={setOwnTx}
                />
              </Suspense>
            )}
            {chain &&
              !token?.owner &&
              !soldOut(nft) &&
              (type === 'link' || authentication.state === 'ok') && (
                // no wallet needed: the claim is held for an email address and claimed from its link (#29);
                // not offered when the template is sold out (its claim could only end in 'cannot mint')
                <EmailClaimForm id={id} jwt={authentication.jwt} />
              )}
            <ChipDetails
              type={type}
              lookup={reply}
              token={token}
              txHash={token?.txHash ?? ownTx}
              wallet={wallet}
              network={network.data}
            />
            <ChipLifecycle lookup={reply} owner={token?.owner} wallet={wallet} />
          </article>
          {colours.logoURL && (
            <footer className="chip-page__powered" data-testid="powered-by">
              {POWERED_BY} <a href="/">MetaTag</a>
            </footer>
          )}
        </main>
      </div>
    </ToastProvider>
  );
}
