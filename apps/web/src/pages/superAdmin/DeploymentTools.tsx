import { useState, type FormEvent } from 'react';
import { useAccount } from 'wagmi';
import { Button } from '@metatag/ui';
import { HexValue } from '../../components/HexValue.js';
import type { ChainName } from '../../lib/chains.js';
import { useNetwork } from '../../lib/networks.js';
import { GAS_LIMIT_NOTICE } from '../../lib/texts.js';
import { useChain } from '../../lib/useChain.js';
import { isAddress } from '../../lib/validation.js';
import { errorDetail } from '../../session/loginOutcome.js';
import { TxStatus } from '../../wallet/TxStatus.js';
import { WalletChainNotice } from '../../wallet/WalletChainNotice.js';
import { ADMIN_TX, useWalletTransaction, type TxData } from '../../wallet/useWalletTransaction.js';
import { ConfirmPanel } from './ConfirmPanel.js';
import { AddressField, Tool } from './ToolParts.js';
import { DefaultCollectionTool } from './DefaultCollectionTool.js';
import {
  prepareCollection,
  prepareLocator,
  prepareNftCode,
  prepareSetLibraryAddress,
  prepareTagRelayer,
  readContractFields,
  type ContractFields,
} from './deployerApi.js';
import { CollectionNameFields, useCollectionNameFields } from './CollectionNameFields.js';
import { SUPER_ADMIN_GROUPS } from './SuperAdminTabs.js';
import './deploymentTools.css';

/**
 * One wallet transaction from server-prepared data: the tools share the chain check, the alerts and
 * the hash display; `onContract` receives a created contract's address.
 */
function useToolTransaction(chain: ChainName, onContract?: (address: string) => void) {
  const tx = useWalletTransaction(chain, ADMIN_TX);
  const send = async (prepare: () => Promise<TxData>, createsContract: boolean) => {
    try {
      const receipt = await tx.run(prepare, { createsContract });
      if (receipt.contractAddress) onContract?.(receipt.contractAddress.toLowerCase());
    } catch {
      // Alerted and shown by the hook.
    }
  };
  return { ...tx, send };
}

function DeployNftCodeTool({
  chain,
  onDeployed,
}: {
  chain: ChainName;
  onDeployed: (address: string) => void;
}) {
  const tx = useToolTransaction(chain, onDeployed);
  return (
    <Tool title="Deploy NFT code">
      <p className="muted">
        The shared NFT code (implementation) the collections of a locator run. Deploying it changes no
        collection: a locator update points a locator at it.
      </p>
      <Button onClick={() => void tx.send(() => prepareNftCode(chain), true)} disabled={tx.busy}>
        Deploy NFT code
      </Button>
      <TxStatus chain={chain} state={tx.state} label="NFT code deployment" />
    </Tool>
  );
}

function DeployLocatorTool({
  chain,
  nftCode,
  onDeployed,
}: {
  chain: ChainName;
  nftCode: string;
  onDeployed: (address: string) => void;
}) {
  const [address, setAddress] = useState(nftCode);
  const [lastSuggested, setLastSuggested] = useState(nftCode);
  // A newly deployed NFT code is proposed (the user's own edit wins until the next deployment).
  if (nftCode !== lastSuggested) {
    setLastSuggested(nftCode);
    setAddress(nftCode);
  }
  const tx = useToolTransaction(chain, onDeployed);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isAddress(address)) return;
    // tx.send shows the transaction's outcome (or failure) in the form
    void tx.send(() => prepareLocator(chain, address), true);
  };
  return (
    <Tool title="Deploy library locator">
      <form className="deploy-tool__form" onSubmit={submit}>
        <AddressField label="NFT code address" value={address} onChange={setAddress} />
        <Button type="submit" disabled={tx.busy || !isAddress(address)}>
          Deploy library locator
        </Button>
      </form>
      <TxStatus chain={chain} state={tx.state} label="Locator deployment" />
    </Tool>
  );
}

function DeployTagRelayerTool({ chain }: { chain: ChainName }) {
  const tx = useToolTransaction(chain);
  return (
    <Tool title="Deploy tag relayer">
      <p className="muted">
        Runs NFC-NFT pending transactions after a tag scan, authorized by MetaTag’s relayer key (its
        authorizer). Your wallet becomes its owner. Configure its address as the chain’s tag relayer
        (TAG_RELAYER_{chain.toUpperCase()}).
      </p>
      <Button onClick={() => void tx.send(() => prepareTagRelayer(chain), true)} disabled={tx.busy}>
        Deploy tag relayer
      </Button>
      <TxStatus chain={chain} state={tx.state} label="Tag relayer deployment" />
    </Tool>
  );
}

/**
 * A collection on the chain's own locator: the server accepts no other (MetaTag checks, indexes and
 * attaches the collections of that locator only, and a proxy on another locator could run any code),
 * so the page names it before the click instead of asking for one.
 */
function DeployCollectionTool({ chain, locator }: { chain: ChainName; locator: string }) {
  const names = useCollectionNameFields();
  const tx = useToolTransaction(chain);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!names.valid || !locator) return;
    const input = { ...names.values, libraryAddress: locator };
    // tx.send shows the transaction's outcome (or failure) in the form
    void tx.send(() => prepareCollection(chain, input), true);
  };
  return (
    <Tool title="Deploy a collection">
      <p className="muted">
        {locator ? (
          <>
            Deployed on the {chain} library locator <HexValue value={locator} chain={chain} />, the only
            locator MetaTag accepts on {chain}. The collection is not attached to anyone (admins deploy and
            attach theirs on the Collections page).
          </>
        ) : (
          <>No library locator is configured for {chain}: collections cannot be deployed here.</>
        )}
      </p>
      <form className="deploy-tool__form" onSubmit={submit}>
        <CollectionNameFields fields={names} />
        <Button type="submit" disabled={tx.busy || !names.valid || !locator}>
          Deploy collection
        </Button>
      </form>
      <TxStatus chain={chain} state={tx.state} label="Collection deployment (tools)" />
    </Tool>
  );
}

interface LocatorChange {
  locator: ContractFields;
  code: string;
  isNetworkLocator: boolean;
}

/**
 * Points a locator at other NFT code: every collection on it runs that code at once. Nothing is
 * proposed (a pre-filled live locator is one click from repointing every collection); the locator's
 * current code, its owner and what changes are read from the chain and confirmed before the wallet
 * is asked.
 */
function UpdateLocatorTool({ chain, networkLocator }: { chain: ChainName; networkLocator: string }) {
  const { address: wallet } = useAccount();
  const [locatorAddress, setLocatorAddress] = useState('');
  const [codeAddress, setCodeAddress] = useState('');
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<LocatorChange | null>(null);
  const tx = useToolTransaction(chain);
  const valid = isAddress(locatorAddress) && isAddress(codeAddress);

  const review = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setProblem(null);
    setChecking(true);
    try {
      const [locator, code] = await Promise.all([
        readContractFields(chain, locatorAddress),
        readContractFields(chain, codeAddress),
      ]);
      if (locator.kind !== 'locator') setProblem(`${locatorAddress} is not a library locator.`);
      else if (code.kind !== 'nftCode')
        setProblem(`${codeAddress} is not MetaTag NFT code: every collection on the locator would break.`);
      else if (locator.implementation === codeAddress)
        setProblem(`The locator already runs ${codeAddress}: nothing would change.`);
      else setPending({ locator, code: codeAddress, isNetworkLocator: locatorAddress === networkLocator });
    } catch (reason) {
      setProblem(errorDetail(reason) ?? 'server error');
    } finally {
      setChecking(false);
    }
  };

  const confirm = () => {
    if (!pending) return;
    setPending(null);
    // tx.send shows the transaction's outcome (or failure) in the form
    void tx.send(() => prepareSetLibraryAddress(chain, pending.locator.address, pending.code), false);
  };

  const owner = pending?.locator.owner ?? '';
  const notOwner = Boolean(wallet && owner && wallet.toLowerCase() !== owner);
  return (
    <Tool title="Update locator address">
      <p className="muted">
        Points a locator at other NFT code: every collection on it runs the new code at once. Sent by the
        locator’s owner; you confirm what changes first.
      </p>
      <form className="deploy-tool__form" onSubmit={(event) => void review(event)}>
        <AddressField label="Locator address" value={locatorAddress} onChange={setLocatorAddress} />
        <AddressField label="New NFT code address" value={codeAddress} onChange={setCodeAddress} />
        <Button type="submit" disabled={tx.busy || checking || !valid || pending !== null}>
          Update locator
        </Button>
      </form>
      {problem && (
        <p className="mt-error-text" role="alert">
          {problem}
        </p>
      )}
      {pending && (
        <ConfirmPanel
          title="Update the locator?"
          confirmLabel="Confirm the locator update"
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          <p>
            Locator <span className="mono">{pending.locator.address}</span>
            {pending.isNetworkLocator
              ? ` is the ${chain} network locator: every MetaTag collection on ${chain} runs its code.`
              : ` is not the ${chain} network locator; every collection deployed on it runs its code.`}
          </p>
          <p data-testid="locator-change">
            It runs NFT code <span className="mono">{pending.locator.implementation}</span> now; after this
            transaction every collection on it runs <span className="mono">{pending.code}</span>.
          </p>
          <p className={notOwner ? 'mt-error-text' : 'muted'}>
            Its owner is <span className="mono">{owner || 'unknown'}</span>
            {notOwner ? ': your wallet is not the owner, so the transaction will be refused.' : '.'}
          </p>
        </ConfirmPanel>
      )}
      <TxStatus chain={chain} state={tx.state} label="Locator update" />
    </Tool>
  );
}

const FIELD_ORDER: (keyof ContractFields)[] = [
  'kind',
  'name',
  'symbol',
  'base',
  'owner',
  'minter',
  'libraryVersion',
  'totalSupply',
  'proxyAdmin',
  'libraryAddressLocator',
  'implementation',
  'authorizer',
];

function ReadContractTool({ chain }: { chain: ChainName }) {
  const [address, setAddress] = useState('');
  const [fields, setFields] = useState<ContractFields | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isAddress(address)) return;
    setPending(true);
    setError(null);
    setFields(null);
    try {
      setFields(await readContractFields(chain, address));
    } catch (reason) {
      // Spec section 8: contract read errors are alerted.
      const message = errorDetail(reason) ?? 'server error';
      setError(message);
      window.alert(message);
    } finally {
      setPending(false);
    }
  };
  return (
    <Tool title="Read contract fields">
      <form className="deploy-tool__form" onSubmit={(event) => void submit(event)}>
        <AddressField label="Contract address" value={address} onChange={setAddress} />
        <Button type="submit" disabled={pending || !isAddress(address)}>
          Read
        </Button>
      </form>
      {error && (
        <p className="mt-error-text" role="alert">
          {error}
        </p>
      )}
      {fields && (
        <dl className="contract-fields" aria-label="Contract fields">
          {FIELD_ORDER.filter((key) => key === 'kind' || fields[key] !== null).map((key) => (
            <div key={key} className="contract-fields__row">
              <dt>{key}</dt>
              <dd className="mono" data-field={key}>
                {fields[key]}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Tool>
  );
}

/**
 * The super admin's deployment tools (spec sections 2 and 6): the chain's default collection, deploy
 * NFT code, a library locator and collections, update a locator's NFT code (after a confirmation that
 * names what changes), deploy a tag relayer, read contract fields. Transactions are prepared by the
 * server and sent by the connected wallet on the page's chain; NFT code just deployed is proposed to the
 * locator tool.
 */
export function DeploymentTools() {
  const chain = useChain();
  const { data: network } = useNetwork(chain);
  const [nftCode, setNftCode] = useState('');
  const networkLocator = network?.library_address_locator || '';
  return (
    <section className="deployment-tools" aria-labelledby="deployment-tools-title">
      <h2 id="deployment-tools-title" className="section-title">
        Deployment tools
      </h2>
      <WalletChainNotice chain={chain} />
      <p className="gas-notice" data-testid="gas-notice">
        {GAS_LIMIT_NOTICE}
      </p>
      <section id={SUPER_ADMIN_GROUPS.chain} className="super-admin__group">
        <h3 className="super-admin__group-title">Chain {chain}</h3>
        <p className="muted">
          Library locator of {chain}:{' '}
          {networkLocator ? (
            <HexValue value={networkLocator} chain={chain} testId="network-locator" />
          ) : (
            <span data-testid="network-locator">none configured</span>
          )}
        </p>
        <p className="muted">
          Tag relayer of {chain}:{' '}
          {network?.relayer ? (
            <HexValue value={network.relayer} chain={chain} testId="network-relayer" />
          ) : (
            <span data-testid="network-relayer">none configured</span>
          )}
        </p>
        <div className="deployment-tools__grid">
          <DefaultCollectionTool chain={chain} network={network ?? null} />
        </div>
      </section>
      <section id={SUPER_ADMIN_GROUPS.contracts} className="super-admin__group">
        <h3 className="super-admin__group-title">Contracts</h3>
        <div className="deployment-tools__grid">
          <DeployCollectionTool chain={chain} locator={networkLocator} />
          <DeployNftCodeTool chain={chain} onDeployed={setNftCode} />
          <DeployLocatorTool chain={chain} nftCode={nftCode} onDeployed={() => undefined} />
          <UpdateLocatorTool chain={chain} networkLocator={networkLocator} />
          <DeployTagRelayerTool chain={chain} />
          <ReadContractTool chain={chain} />
        </div>
      </section>
    </section>
  );
}
