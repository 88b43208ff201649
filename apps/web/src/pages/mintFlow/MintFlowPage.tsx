import { useState, type FormEvent } from 'react';
import { useConfig } from 'wagmi';
import { Button, TextInput } from '@metatag/ui';
import { CHAIN_IDS } from '../../lib/chains.js';
import { useChain } from '../../lib/useChain.js';
import { WalletBoundary } from '../../providers/WalletBoundary.js';
import { useCurrentUser } from '../../session/useCurrentUser.js';
import { useShopToken } from '../nfts/nftsApi.js';
import {
  MINT_FLOW_STEPS,
  MintFlowError,
  runMintFlow,
  sdkCaller,
  type MintFlowResult,
  type MintFlowStep,
} from './mintFlow.js';
import { browserWallet } from './browserWallet.js';
import { MintSteps } from './MintSteps.js';
import { TicketMint } from './TicketMint.js';
import './mintFlow.css';

/**
 * The mint flow as a guided page (spec sections 1 and 4): with the shop access token, each step of
 * `runMintFlow` in turn, its state beside it, and the spec's message when one fails.
 */
/** Below the wagmi provider, loaded on demand (WalletBoundary), as the admin area is. */
export function MintFlowPage() {
  // the embed button's popup: `?ticket=` names one QR link to mint (TicketMint.tsx)
  const ticket = new URLSearchParams(window.location.search).get('ticket');
  return <WalletBoundary>{ticket ? <TicketMint ticket={ticket} /> : <MintFlow />}</WalletBoundary>;
}

function MintFlow() {
  const chain = useChain();
  const config = useConfig();
  const { data: me } = useCurrentUser();
  const myToken = useShopToken(Boolean(me));
  const [token, setToken] = useState('');
  const [title, setTitle] = useState('');
  const [limit, setLimit] = useState('10');
  const [collection, setCollection] = useState('');
  const [image, setImage] = useState<File | null>(null);
  /** Issue #29: the owner pays the mint's gas from their relayer balance; the wallet needs no ETH. */
  const [gasless, setGasless] = useState(false);
  const [current, setCurrent] = useState<MintFlowStep | null>(null);
  const [failed, setFailed] = useState<{ step: MintFlowStep; message: string } | null>(null);
  const [result, setResult] = useState<MintFlowResult | null>(null);
  const running = current !== null && !failed && !result;
  const authtoken = token || myToken.data?.value || '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    setFailed(null);
    setResult(null);
    setCurrent('create');
    try {
      const done = await runMintFlow(
        {
          chain,
          authtoken,
          title,
          limit: Number(limit) || 0,
          collection: collection.trim().toLowerCase(),
          image: image ? { file: image, name: image.name } : null,
          origin: window.location.origin,
        },
        {
          client: sdkCaller(),
          wallet: browserWallet(config, CHAIN_IDS[chain]),
          onStep: setCurrent,
          gasless,
        },
      );
      setResult(done);
    } catch (error) {
      const failure =
        error instanceof MintFlowError
          ? { step: error.step, message: error.message }
          : { step: current ?? 'create', message: 'server error' };
      setFailed(failure);
      window.alert(failure.message);
    }
  };

  return (
    <section className="mint-flow" aria-labelledby="mint-flow-title">
      <h1 id="mint-flow-title" className="page-title">
        Mint as NFT
      </h1>
      <form className="mint-flow__form" onSubmit={(e) => void submit(e)}>
        <label className="mint-flow__field">
          <span>Shop access token</span>
          <TextInput value={authtoken} onChange={(e) => setToken(e.target.value.trim())} autoComplete="off" />
        </label>
        <label className="mint-flow__field">
          <span>Title</span>
          <TextInput value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label className="mint-flow__field">
          <span>Limit</span>
          <TextInput
            inputMode="numeric"
            value={limit}
            onChange={(e) => setLimit(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <label className="mint-flow__field">
          <span>Collection (empty: default)</span>
          <TextInput value={collection} onChange={(e) => setCollection(e.target.value)} />
        </label>
        <label className="mint-flow__file">
          Image <input type="file" onChange={(e) => setImage(e.target.files?.[0] ?? null)} />
        </label>
        <label className="mint-flow__file">
          <input
            type="checkbox"
            checked={gasless}
            onChange={(e) => setGasless(e.target.checked)}
            data-testid="mint-flow-gasless"
          />{' '}
          I pay the gas from my relayer balance (gasless: the wallet needs no ETH)
        </label>
        <Button type="submit" disabled={running || !authtoken} data-testid="mint-flow-run">
          {running ? 'Minting…' : 'Mint as NFT'}
        </Button>
      </form>
      <MintSteps
        steps={MINT_FLOW_STEPS}
        current={current}
        failed={failed}
        done={Boolean(result)}
        skipped={(step) => step === 'image' && !image}
        testId="mint-flow-steps"
      />
      {result ? (
        <div className="mint-flow__result" data-testid="mint-flow-result">
          <p>
            Token <b data-testid="mint-flow-token">{result.tokenId}</b> of NFT #{result.nftId}
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
    </section>
  );
}
