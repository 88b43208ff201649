import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useConfig } from 'wagmi';
import { encodeFunctionData } from 'viem';
import { LIFECYCLE_ABI } from '../../lib/abiFragments.js';
import { Button, TextInput } from '@metatag/ui';
import type { ChainName } from '../../lib/chains.js';
import { useNetwork } from '../../lib/networks.js';
import { GAS_LIMIT_NOTICE } from '../../lib/texts.js';
import { isValidCollectionName, isValidCollectionSymbol } from '../../lib/validation.js';
import { errorDetail } from '../../session/loginOutcome.js';
import { TxStatus } from '../../wallet/TxStatus.js';
import { WalletChainNotice } from '../../wallet/WalletChainNotice.js';
import {
  TransactionAbortedError,
  ADMIN_TX,
  useWalletTransaction,
} from '../../wallet/useWalletTransaction.js';
import { ApiRequestError } from '../../lib/api.js';
import { useCurrentUser } from '../../session/useCurrentUser.js';
import {
  attachCollection,
  OWNER_PROOF_REQUIRED,
  collectionMintersKey,
  myCollectionsKey,
  prepareCollectionDeployment,
  type Collection,
  type AttachReply,
} from './collectionsApi.js';
import { setMinterHandover } from './minterHandovers.js';
import { signAttachMessage } from './ownerProofs.js';

type AttachState =
  | { step: 'idle' }
  | { step: 'attaching' }
  | { step: 'signing' }
  | { step: 'attached'; item: Collection; setBase?: AttachReply['setBase'] }
  | { step: 'failed'; error: string };

/**
 * Deploy a collection (spec sections 2 and 4): the server prepares the transaction, the wallet sends
 * it (5,000,000 gas), the hash is shown at once, and after the receipt the new contract is attached
 * to the user, who then sees it in the list. The library address is the chain's locator from the
 * network table. The deploying wallet starts as the collection's minter, so the same wallet then
 * sends setMinter(the relayer) from the attach reply: without it the relayer's mints would fail.
 */
export function DeployCollectionForm({ chain }: { chain: ChainName }) {
  const queryClient = useQueryClient();
  const config = useConfig();
  const { data: user } = useCurrentUser();
  const { data: network } = useNetwork(chain);
  const deploy = useWalletTransaction(chain, ADMIN_TX);
  const setBase = useWalletTransaction(chain, ADMIN_TX);
  const setMinter = useWalletTransaction(chain, ADMIN_TX);
  const recovery = useWalletTransaction(chain, ADMIN_TX);
  const [allowRecovery, setAllowRecovery] = useState(false);
  const [name, setName] = useState('');
  const [symbol, setSymbol] = useState('');
  const [touched, setTouched] = useState(false);
  const [attach, setAttach] = useState<AttachState>({ step: 'idle' });
  const valid = isValidCollectionName(name) && isValidCollectionSymbol(symbol);
  const busy = deploy.busy || attach.step === 'attaching' || attach.step === 'signing' || setMinter.busy;

  /**
   * Attaches a deployed collection. When its owner (the deploying wallet) is not a wallet of the
   * account, that wallet, still connected, signs the EIP-712 attach message and the attach is sent
   * again with it.
   */
  const attachDeployed = async (input: Parameters<typeof attachCollection>[1]) => {
    try {
      return await attachCollection(chain, input);
    } catch (error) {
      if (!(error instanceof ApiRequestError) || error.error !== OWNER_PROOF_REQUIRED || !user) throw error;
      setAttach({ step: 'signing' });
      const ownerSignature = await signAttachMessage(config, chain, user.id, input.deployedAddress);
      setAttach({ step: 'attaching' });
      return attachCollection(chain, input, ownerSignature);
    }
  };

  /** Hands minting to the relayer; if the wallet refuses, the collections list offers it again. */
  const sendSetMinter = async (tx: NonNullable<AttachReply['setMinter']>, collection: string) => {
    try {
      await setMinter.run(async () => tx);
    } catch {
      // Alerted and shown by the hook.
    } finally {
      // The list's minter is read again before it may warn about it.
      await queryClient.invalidateQueries({ queryKey: collectionMintersKey(chain) });
      setMinterHandover(chain, collection, false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || busy) return;
    const input = { name: name.trim(), symbol: symbol.trim() };
    setAttach({ step: 'idle' });
    setBase.reset();
    setMinter.reset();
    recovery.reset();
    let deployedAddress: string;
    let txHash: string;
    try {
      const receipt = await deploy.run(
        () =>
          prepareCollectionDeployment({
            chain,
            ...input,
            libraryAddress: network?.library_address_locator ?? '',
          }),
        { createsContract: true },
      );
      if (!receipt.contractAddress) throw new Error('The transaction created no contract');
      deployedAddress = receipt.contractAddress.toLowerCase();
      txHash = receipt.transactionHash;
    } catch (error) {
      if (!(error instanceof TransactionAbortedError)) window.alert(errorDetail(error) ?? 'error');
      return;
    }
    // Brand recovery (#32) can be switched on only before the collection's first token: now.
    if (allowRecovery) {
      try {
        await recovery.run(async () => ({
          to: deployedAddress,
          data: encodeFunctionData({ abi: LIFECYCLE_ABI, functionName: 'setRecoveryAllowed', args: [true] }),
        }));
      } catch {
        // Alerted and shown by the hook; the collection stays without recovery.
      }
    }
    setAttach({ step: 'attaching' });
    let minterTx: AttachReply['setMinter'] = null;
    try {
      const reply = await attachDeployed({ deployedAddress, ...input, txHash });
      setAttach({ step: 'attached', item: reply.item, setBase: reply.setBase });
      minterTx = reply.setMinter;
      // Before the list shows the new collection (sendSetMinter ends the handover).
      if (minterTx) setMinterHandover(chain, deployedAddress, true);
      setName('');
      setSymbol('');
      // the next collection's recovery is chosen afresh: a box left ticked would switch it on unseen
      setAllowRecovery(false);
      setTouched(false);
    } catch (error) {
      const message = errorDetail(error) ?? 'server error';
      setAttach({ step: 'failed', error: message });
      window.alert(message);
    } finally {
      await queryClient.invalidateQueries({ queryKey: myCollectionsKey(chain) });
    }
    if (minterTx) await sendSetMinter(minterTx, deployedAddress);
  };

  const sendSetBase = async () => {
    if (attach.step !== 'attached' || !attach.setBase) return;
    const tx = attach.setBase;
    try {
      await setBase.run(async () => tx);
    } catch {
      // Alerted and shown by the hook.
    }
  };

  return (
    <section id="deploy-collection" className="deploy-collection" aria-labelledby="deploy-collection-title">
      <h2 id="deploy-collection-title" className="section-title">
        Deploy a collection
      </h2>
      <WalletChainNotice chain={chain} />
      <p className="gas-notice" data-testid="gas-notice">
        {GAS_LIMIT_NOTICE}
      </p>
      <form className="deploy-collection__form" onSubmit={(event) => void submit(event)}>
        <label className="field">
          <span className="field__label">Name</span>
          <TextInput
            name="name"
            value={name}
            maxLength={200}
            invalid={touched && !isValidCollectionName(name)}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">Symbol</span>
          <TextInput
            name="symbol"
            value={symbol}
            maxLength={64}
            invalid={touched && !isValidCollectionSymbol(symbol)}
            onChange={(event) => setSymbol(event.target.value)}
          />
        </label>
        <label className="deploy-collection__recovery">
          <input
            type="checkbox"
            checked={allowRecovery}
            onChange={(event) => setAllowRecovery(event.target.checked)}
            data-testid="deploy-allow-recovery"
          />
          <span>
            Allow brand recovery: the collection owner may take a token back (a return, a theft report, a lost
            wallet). Buyers see this on every token page. It can only be chosen now; later it can only be
            switched off, for good.
          </span>
        </label>
        <Button type="submit" disabled={busy || !valid} aria-busy={busy || undefined}>
          Deploy collection
        </Button>
      </form>
      <TxStatus chain={chain} state={deploy.state} label="Collection deployment" />
      {recovery.state.step !== 'idle' && (
        <p className="muted" data-testid="deploy-recovery-step">
          Switching brand recovery on for this collection (setRecoveryAllowed, one more transaction, before
          its first token):
        </p>
      )}
      <TxStatus chain={chain} state={recovery.state} label="Brand recovery switched on" />
      {attach.step === 'signing' && (
        <p className="muted" aria-busy="true">
          The deploying wallet is not linked to your account: sign the attach message in it…
        </p>
      )}
      {attach.step === 'attaching' && (
        <p className="muted" aria-busy="true">
          Attaching the collection to your account…
        </p>
      )}
      {attach.step === 'failed' && (
        <p className="mt-error-text" role="alert">
          {attach.error}
        </p>
      )}
      {attach.step === 'attached' && (
        <div className="deploy-collection__done" role="status">
          <p className="notice">
            Collection {attach.item.name} ({attach.item.symbol}) deployed at{' '}
            <span className="mono">{attach.item.deployedAddress}</span>.
          </p>
          {setMinter.state.step !== 'idle' && (
            <p className="muted">
              Letting MetaTag’s relayer mint in this collection (setMinter, one more transaction):
            </p>
          )}
          <TxStatus chain={chain} state={setMinter.state} label="Relayer as minter" />
          {attach.setBase && setBase.state.step !== 'done' && (
            <p className="deploy-collection__base">
              <span className="muted">
                Point the collection’s token metadata at MetaTag (one more transaction, needed for
                marketplaces to show its tokens):
              </span>
              <Button
                variant="secondary"
                onClick={() => void sendSetBase()}
                disabled={setBase.busy || setMinter.busy}
              >
                Set metadata address
              </Button>
            </p>
          )}
          <TxStatus chain={chain} state={setBase.state} label="Metadata address" />
        </div>
      )}
    </section>
  );
}
