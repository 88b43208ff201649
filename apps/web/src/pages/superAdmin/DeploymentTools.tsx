import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, TextInput } from '@metatag/ui';
import type { ChainName } from '../../lib/chains.js';
import { useNetwork } from '../../lib/networks.js';
import { INVALID_ADDRESS, GAS_LIMIT_NOTICE } from '../../lib/texts.js';
import { useChain } from '../../lib/useChain.js';
import {
  isAddress,
  isValidCollectionName,
  isValidCollectionSymbol,
  sanitizeAddressInput,
} from '../../lib/validation.js';
import { errorDetail } from '../../session/loginOutcome.js';
import { TxStatus } from '../../wallet/TxStatus.js';
import { WalletChainNotice } from '../../wallet/WalletChainNotice.js';
import { useWalletTransaction, type TxData } from '../../wallet/useWalletTransaction.js';
import {
  prepareCollection,
  prepareLocator,
  prepareNftCode,
  prepareSetLibraryAddress,
  prepareTagRelayer,
  readContractFields,
  type ContractFields,
} from './deployerApi.js';

function Tool({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="deploy-tool" aria-labelledby={id}>
      <h3 id={id} className="deploy-tool__title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** An address input with the spec's sanitiser and red border; 'Invalid address' once it is wrong. */
function AddressField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const invalid = value !== '' && !isAddress(value);
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <TextInput
        value={value}
        invalid={invalid}
        placeholder="0x…"
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onChange(sanitizeAddressInput(event.target.value))}
      />
      {invalid && <span className="mt-error-text">{INVALID_ADDRESS}</span>}
    </label>
  );
}

/**
 * One wallet transaction from server-prepared data: the tools share the chain check, the alerts and
 * the hash display; `onContract` receives a created contract's address.
 */
function useToolTransaction(chain: ChainName, onContract?: (address: string) => void) {
  const tx = useWalletTransaction(chain);
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
      <p className="muted">The shared NFT code (implementation) every collection of a locator runs.</p>
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

function DeployCollectionTool({ chain, locator }: { chain: ChainName; locator: string }) {
  const [name, setName] = useState('');
  const [symbol, setSymbol] = useState('');
  const [library, setLibrary] = useState(locator);
  const [lastSuggested, setLastSuggested] = useState(locator);
  if (locator !== lastSuggested) {
    setLastSuggested(locator);
    setLibrary(locator);
  }
  const tx = useToolTransaction(chain);
  const valid = isValidCollectionName(name) && isValidCollectionSymbol(symbol) && isAddress(library);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const input = { name: name.trim(), symbol: symbol.trim(), libraryAddress: library };
    void tx.send(() => prepareCollection(chain, input), true);
  };
  return (
    <Tool title="Deploy a collection">
      <p className="muted">
        A collection on any locator; it is not attached to a user (admins deploy theirs on the Collections
        page).
      </p>
      <form className="deploy-tool__form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">Collection name</span>
          <TextInput value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">Collection symbol</span>
          <TextInput value={symbol} maxLength={64} onChange={(event) => setSymbol(event.target.value)} />
        </label>
        <AddressField label="Library locator address" value={library} onChange={setLibrary} />
        <Button type="submit" disabled={tx.busy || !valid}>
          Deploy collection
        </Button>
      </form>
      <TxStatus chain={chain} state={tx.state} label="Collection deployment (tools)" />
    </Tool>
  );
}

function UpdateLocatorTool({
  chain,
  locator,
  nftCode,
}: {
  chain: ChainName;
  locator: string;
  nftCode: string;
}) {
  const [locatorAddress, setLocatorAddress] = useState(locator);
  const [codeAddress, setCodeAddress] = useState(nftCode);
  const [suggested, setSuggested] = useState({ locator, nftCode });
  if (suggested.locator !== locator || suggested.nftCode !== nftCode) {
    setSuggested({ locator, nftCode });
    if (suggested.locator !== locator) setLocatorAddress(locator);
    if (suggested.nftCode !== nftCode) setCodeAddress(nftCode);
  }
  const tx = useToolTransaction(chain);
  const valid = isAddress(locatorAddress) && isAddress(codeAddress);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    void tx.send(() => prepareSetLibraryAddress(chain, locatorAddress, codeAddress), false);
  };
  return (
    <Tool title="Update locator address">
      <p className="muted">
        Points a locator at other NFT code: every collection on it runs the new code. Sent by the locator’s
        owner.
      </p>
      <form className="deploy-tool__form" onSubmit={submit}>
        <AddressField label="Locator address" value={locatorAddress} onChange={setLocatorAddress} />
        <AddressField label="New NFT code address" value={codeAddress} onChange={setCodeAddress} />
        <Button type="submit" disabled={tx.busy || !valid}>
          Update locator
        </Button>
      </form>
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
 * The super admin's deployment tools (spec sections 2 and 6): deploy NFT code, a library locator
 * and collections, update a locator's NFT code, deploy a tag relayer, read contract fields. Transactions are prepared by
 * the server and sent by the connected wallet on the page's chain; addresses just deployed are
 * proposed to the next tool.
 */
export function DeploymentTools() {
  const chain = useChain();
  const { data: network } = useNetwork(chain);
  const [nftCode, setNftCode] = useState('');
  const [locator, setLocator] = useState('');
  const currentLocator = locator || network?.library_address_locator || '';
  return (
    <section className="deployment-tools" aria-labelledby="deployment-tools-title">
      <h2 id="deployment-tools-title" className="section-title">
        Deployment tools
      </h2>
      <WalletChainNotice chain={chain} />
      <p className="gas-notice" data-testid="gas-notice">
        {GAS_LIMIT_NOTICE}
      </p>
      <p className="muted">
        Library locator of {chain}:{' '}
        <span className="mono" data-testid="network-locator">
          {network?.library_address_locator || 'none configured'}
        </span>
      </p>
      <p className="muted">
        Tag relayer of {chain}:{' '}
        <span className="mono" data-testid="network-relayer">
          {network?.relayer || 'none configured'}
        </span>
      </p>
      <DeployNftCodeTool chain={chain} onDeployed={setNftCode} />
      <DeployLocatorTool chain={chain} nftCode={nftCode} onDeployed={setLocator} />
      <DeployCollectionTool chain={chain} locator={currentLocator} />
      <UpdateLocatorTool chain={chain} locator={currentLocator} nftCode={nftCode} />
      <DeployTagRelayerTool chain={chain} />
      <ReadContractTool chain={chain} />
    </section>
  );
}
