import { useEffect, useState } from 'react';
import { useAccount, useConfig } from 'wagmi';
import { Button } from '@metatag/ui';
import { MINT_TICKET_INVALID } from '@metatag/api-types';
import { isApiError } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';
import { CHAIN_IDS } from '../../lib/chains.js';
import { useChain } from '../../lib/useChain.js';
import { WalletModal } from '../chip/WalletModal.js';
import '../chip/chip.css';
import './mintTicket.css';
import { MintSteps } from './MintSteps.js';
import { browserWallet } from './browserWallet.js';
import { ownerPaysGas } from '../chip/chipActions.js';
import {
  MINT_FLOW_STEPS,
  MintFlowError,
  addressWallet,
  readMintTicket,
  runTicketMint,
  sdkCaller,
  type MintFlowStep,
  type TicketMintResult,
} from './mintFlow.js';

/** The message the shop page's embed script receives (docs/decisions.md "Mint flow SDK and embed"). */
export const MINT_RESULT_MESSAGE = 'metatag:mint-as-nft';

const BUYER_STEPS = MINT_FLOW_STEPS.filter((s) =>
  (['address', 'mintData', 'send', 'description'] as MintFlowStep[]).includes(s.step),
);

interface LinkNft {
  title: string;
  image: string;
  mimeType: string;
  price: string;
  payoutAddress: string;
  gasPaidBy?: string;
}

/** The passkey chunk (#29): loaded only when the buyer asks for it. */
const loadPasskeys = () => import('../../passkey/passkeyAccount.js');

/**
 * The embed button's popup (`/{chain}/mint-flow?ticket=…`): the buyer mints the ticket's QR link with
 * their own wallet on our origin, the server writes the check link, and the result is posted to the
 * opener — only to the shop origin the server verified for this ticket.
 */
export function TicketMint({ ticket }: { ticket: string }) {
  const chain = useChain();
  const config = useConfig();
  const account = useAccount();
  const claims = readMintTicket(ticket);
  const valid = claims !== null && claims.chain === chain && claims.expiresAt.getTime() > Date.now();
  const [nft, setNft] = useState<LinkNft | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [current, setCurrent] = useState<MintFlowStep | null>(null);
  const [failed, setFailed] = useState<{ step: MintFlowStep; message: string } | null>(null);
  const [result, setResult] = useState<TicketMintResult | null>(null);
  const running = current !== null && !failed && !result;

  useEffect(() => {
    if (!valid) return;
    // typedApi answers failures as values (isApiError): the ticket shows without the NFT's details
    void typedApi
      .call('nftByChiplink', { params: { id: claims.link }, query: { type: 'link' } })
      .then((reply) => {
        if (!isApiError(reply)) setNft(reply.nft);
      });
    // the ticket does not change while the page is open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valid]);

  /**
   * With a passkey (issue #29): a template whose owner pays the gas may be claimed into the buyer's
   * passkey account (created here, or found on this device), nothing sent from a wallet, 0 ETH.
   */
  const gasless = nft !== null && ownerPaysGas(nft);
  const [passkeyAccount, setPasskeyAccount] = useState<string | null>(null);
  const withPasskey = async (create: boolean) => {
    if (running) return;
    setFailed(null);
    setCurrent('address');
    try {
      const passkeys = await loadPasskeys();
      const stored = create ? await passkeys.createPasskey(chain) : await passkeys.findPasskey(chain);
      setPasskeyAccount(stored.account);
      await mint(stored.account);
    } catch (error) {
      setCurrent(null);
      setFailed({ step: 'address', message: error instanceof Error ? error.message : 'server error' });
    }
  };

  const mint = async (passkeyAddress?: string) => {
    if (running && !passkeyAddress) return;
    setFailed(null);
    setCurrent('address');
    try {
      const done = await runTicketMint(ticket, {
        client: sdkCaller(),
        wallet: passkeyAddress ? addressWallet(passkeyAddress) : browserWallet(config, CHAIN_IDS[chain]),
        gasless: Boolean(passkeyAddress),
        onStep: setCurrent,
      });
      setResult(done);
      // the origin comes from the server's check of the ticket, never from the page's URL
      window.opener?.postMessage(
        {
          type: MINT_RESULT_MESSAGE,
          ok: true,
          nftId: done.nftId,
          tokenId: done.tokenId,
          collection: done.collection,
          hash: done.hash,
          checkLink: done.checkLink,
        },
        done.origin,
      );
    } catch (error) {
      setFailed({
        step: error instanceof MintFlowError ? error.step : (current ?? 'address'),
        message: error instanceof Error ? error.message : 'server error',
      });
    }
  };

  if (!valid)
    return (
      <section className="mint-ticket" aria-labelledby="mint-ticket-title">
        <h1 id="mint-ticket-title" className="page-title">
          Mint as NFT
        </h1>
        <p className="mt-error-text" role="alert" data-testid="mint-ticket-invalid">
          {MINT_TICKET_INVALID}
        </p>
      </section>
    );

  return (
    <section className="mint-ticket" aria-labelledby="mint-ticket-title">
      <h1 id="mint-ticket-title" className="page-title">
        Mint as NFT
      </h1>
      <div className="mint-ticket__nft">
        {nft?.image && nft.mimeType.startsWith('image/') ? (
          <img className="mint-ticket__image" src={nft.image} alt="" />
        ) : null}
        <p className="mint-ticket__title" data-testid="mint-ticket-nft">
          {nft?.title || 'Your NFT'}
        </p>
      </div>
      <p className="muted">
        Your wallet receives the token; the shop is told when it is minted.{' '}
        {passkeyAccount ? (
          <span data-testid="mint-ticket-passkey" title={passkeyAccount}>
            Passkey account {passkeyAccount.slice(0, 6)}…{passkeyAccount.slice(-4)}
          </span>
        ) : account.address ? (
          <span data-testid="mint-ticket-wallet" title={account.address}>
            Wallet {account.address.slice(0, 6)}…{account.address.slice(-4)}
          </span>
        ) : null}
      </p>
      <div className="mint-ticket__actions">
        {account.status !== 'connected' && !result ? (
          <Button type="button" variant="secondary" onClick={() => setChoosing(true)}>
            Connect Wallet
          </Button>
        ) : null}
        {result ? (
          <Button type="button" onClick={() => window.close()}>
            Close
          </Button>
        ) : (
          <Button type="button" disabled={running} onClick={() => void mint()} data-testid="mint-ticket-run">
            {running ? 'Minting…' : 'Mint as NFT'}
          </Button>
        )}
      </div>
      {gasless && !result && account.status !== 'connected' ? (
        <div className="mint-ticket__passkey" data-testid="mint-ticket-passkey-offer">
          <p className="muted">
            No wallet? Claim it into a passkey account: the shop pays the fee, you need no ETH.
          </p>
          <div className="mint-ticket__actions">
            <Button type="button" disabled={running} onClick={() => void withPasskey(true)}>
              Create a passkey
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={running}
              onClick={() => void withPasskey(false)}
            >
              I already have a passkey
            </Button>
          </div>
        </div>
      ) : null}
      <MintSteps
        steps={BUYER_STEPS}
        current={current}
        failed={failed}
        done={Boolean(result)}
        testId="mint-ticket-steps"
      />
      {result ? (
        <div className="mint-flow__result" data-testid="mint-flow-result">
          <p>
            Token <b data-testid="mint-flow-token">{result.tokenId}</b> is yours.
          </p>
          <p>
            TX hash: <code data-testid="mint-flow-hash">{result.hash}</code>
          </p>
          <p>
            Check link:{' '}
            <a href={result.checkLink} data-testid="mint-flow-check">
              {result.checkLink}
            </a>
          </p>
        </div>
      ) : null}
      {choosing ? (
        <WalletModal
          chain={chain}
          pageUrl={window.location.href}
          onClose={() => setChoosing(false)}
          onError={(message) => setFailed({ step: 'address', message })}
        />
      ) : null}
    </section>
  );
}
