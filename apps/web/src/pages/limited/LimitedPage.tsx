import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { encodeFunctionData, parseEventLogs, type Address, type Hex } from 'viem';
import { useAccount, useConfig } from 'wagmi';
import { readContract } from 'wagmi/actions';
import {
  FILE_TOO_BIG,
  LIMITED_DEFAULTS,
  MAX_CHILD_LIMIT,
  MEDIA_MAX_BYTES,
  type AttachChildBody,
  type CreateLimitedReply,
  ANY_CASE_ADDRESS_PATTERN,
} from '@metatag/api-types';
import { collectionAbi } from '@metatag/contracts';
import { Button } from '@metatag/ui';
import { isApiError } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';
import { describeChainError } from '../../lib/chainErrors.js';
import { CHAIN_IDS, type ChainName } from '../../lib/chains.js';
import { mediaTypeOf } from '../../lib/media.js';
import { useChain } from '../../lib/useChain.js';
import { WalletBoundary } from '../../providers/WalletBoundary.js';
import { MUST_LOGIN } from '../../session/RequireUser.js';
import { useCurrentUser } from '../../session/useCurrentUser.js';
import { TxStatus } from '../../wallet/TxStatus.js';
import { TransactionAbortedError, useWalletTransaction } from '../../wallet/useWalletTransaction.js';
import { useMyCollections } from '../collections/collectionsApi.js';
import { attachChild } from './attachRoute.js';
import { SampleView } from './SampleView.js';
import { LIMITED_TABS, TAB_TITLES, type LimitedTab, type SampleInput } from './samples.js';
import './limited.css';

const UINT = /^\d{1,78}$/;
const INVALID_VALUE = 'Invalid value';
const INVALID_ADDRESS = 'Invalid address';
export const REDEEM_WARNING =
  'Warning: after redeeming, the token becomes untransferable: it can no longer be sold or sent to another wallet.';

/**
 * `/{chain}/limited` (spec sections 1, 2, 3, 5; issue #18): the limited-edition developer tool, seven
 * tabs inside the normal layout. Anyone may use the read-only tabs (available items, ownership, who is
 * father): they read the public chain. Creating a father and attaching a child to a chip need a
 * signed-in collection owner (the API's rules); minting children and redeeming are sent by the
 * connected wallet, which the contract checks (the father's or the token's owner).
 */
export function LimitedPage() {
  return (
    <WalletBoundary>
      <LimitedTool />
    </WalletBoundary>
  );
}

type Inputs = Omit<SampleInput, 'chain' | 'chainId' | 'origin'>;

const INITIAL: Inputs = {
  collection: '',
  title: '',
  limit: String(LIMITED_DEFAULTS.limit),
  fatherUid: LIMITED_DEFAULTS.fatherUid,
  amount: String(LIMITED_DEFAULTS.amount),
  tokenUid: '0',
  childUid: '',
  nfcUid: '',
};

function isTab(value: string | null): value is LimitedTab {
  return !!value && (LIMITED_TABS as readonly string[]).includes(value);
}

function LimitedTool() {
  const chain = useChain();
  const [params, setParams] = useSearchParams();
  const tab: LimitedTab = isTab(params.get('tab')) ? (params.get('tab') as LimitedTab) : 'create';
  const [inputs, setInputs] = useState<Inputs>(INITIAL);
  const set = (patch: Partial<Inputs>) => setInputs((current) => ({ ...current, ...patch }));
  const sampleInput: SampleInput = {
    ...inputs,
    chain,
    chainId: CHAIN_IDS[chain],
    origin: window.location.origin,
  };
  const props: TabProps = { chain, inputs, set };
  const panels: Record<LimitedTab, ReactNode> = {
    create: <CreateFatherTab {...props} />,
    available: <AvailableTab {...props} />,
    ownership: <OwnershipTab {...props} />,
    mint: <MintChildsTab {...props} />,
    father: <WhoIsFatherTab {...props} />,
    redeem: <RedeemTab {...props} />,
    attach: <AttachTab {...props} />,
  };
  return (
    <section className="limited" aria-labelledby="limited-title">
      <h1 id="limited-title">Limited editions</h1>
      <p className="limited__intro">
        A father NFT with a limit of child tokens, and the code to do the same from your app.
      </p>
      <div className="limited__tabs" role="tablist" aria-label="Limited-edition tools">
        {LIMITED_TABS.map((id, index) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`limited-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`limited-panel-${id}`}
            className="limited__tab"
            onClick={() => setParams({ tab: id }, { replace: true })}
          >
            {index + 1}. {TAB_TITLES[id]}
          </button>
        ))}
      </div>
      <div
        className="limited__panel"
        role="tabpanel"
        id={`limited-panel-${tab}`}
        aria-labelledby={`limited-tab-${tab}`}
      >
        <h2>{TAB_TITLES[tab]}</h2>
        {panels[tab]}
        <SampleView tab={tab} input={sampleInput} />
      </div>
    </section>
  );
}

interface TabProps {
  chain: ChainName;
  inputs: Inputs;
  set: (patch: Partial<Inputs>) => void;
}

function Field({
  label,
  value,
  onChange,
  kind,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  kind: 'address' | 'number' | 'string';
  testId?: string;
}) {
  return (
    <label className="limited__field">
      <span>
        {label} <small className="limited__kind">({kind})</small>
      </span>
      <input
        className="limited__input"
        value={value}
        inputMode={kind === 'number' ? 'numeric' : 'text'}
        spellCheck={false}
        autoComplete="off"
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

function ContractField({ inputs, set }: Pick<TabProps, 'inputs' | 'set'>) {
  return (
    <Field
      label="Smart contract"
      kind="address"
      value={inputs.collection}
      onChange={(collection) => set({ collection })}
    />
  );
}

/** What a tab answered: a result line, or an error in words. */
interface Outcome {
  ok: boolean;
  text: string;
}

function OutcomeView({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return outcome.ok ? (
    <p className="limited__result" data-testid="limited-result" role="status">
      {outcome.text}
    </p>
  ) : (
    <p className="limited__error" data-testid="limited-error" role="alert">
      {outcome.text}
    </p>
  );
}

const describe = (error: unknown) => describeChainError(error, { details: true });

/** Checks an address and uint inputs; the first problem in words, or null. */
function invalid(collection: string, ...uints: string[]): string | null {
  if (!ANY_CASE_ADDRESS_PATTERN.test(collection.trim())) return INVALID_ADDRESS;
  if (uints.some((v) => !UINT.test(v.trim()))) return INVALID_VALUE;
  return null;
}

/** Contract reads on the page's chain (through the app's RPC transport). */
function useReader(chain: ChainName) {
  const config = useConfig();
  return <T,>(collection: string, functionName: string, args: readonly unknown[]) =>
    readContract(config, {
      address: collection.trim() as Address,
      abi: collectionAbi,
      functionName: functionName as 'ownerOf',
      args: args as [bigint],
      chainId: CHAIN_IDS[chain],
    }) as Promise<T>;
}

function useRun() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (task: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: await task() });
    } catch (error) {
      setOutcome({
        ok: false,
        text:
          error instanceof UserError || error instanceof TransactionAbortedError
            ? error.message
            : describe(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return { outcome, setOutcome, busy, run };
}

class UserError extends Error {}

// ---- 1. Create father NFT -------------------------------------------------------------------------

function CreateFatherTab({ chain, inputs, set }: TabProps) {
  const { data: me, isPending } = useCurrentUser();
  const { address } = useAccount();
  const collections = useMyCollections(chain, undefined, Boolean(me));
  const [file, setFile] = useState<File | null>(null);
  const [reply, setReply] = useState<CreateLimitedReply | null>(null);
  const { outcome, busy, run } = useRun();
  if (isPending) return null;
  if (!me)
    return (
      <p className="limited__gate" data-testid="must-login">
        {MUST_LOGIN}
      </p>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setReply(null);
      if (!ANY_CASE_ADDRESS_PATTERN.test(inputs.collection.trim())) throw new UserError(INVALID_ADDRESS);
      const limit = Number(inputs.limit.trim());
      if (!/^\d+$/.test(inputs.limit.trim()) || limit < 1 || limit > MAX_CHILD_LIMIT)
        throw new UserError(INVALID_VALUE);
      if (inputs.title.trim() === '') throw new UserError(INVALID_VALUE);
      if (file && file.size > MEDIA_MAX_BYTES) throw new UserError(FILE_TOO_BIG);
      const form = new FormData();
      if (file) {
        // the type first: the server reads the fields in order, before the file's bytes
        form.append('type', mediaTypeOf(file));
        form.append('image', file, file.name);
      }
      const result = await typedApi.call('createLimited', {
        params: { chain },
        query: {
          title: inputs.title.trim(),
          limit,
          collection: inputs.collection.trim().toLowerCase(),
          ...(address ? { to: address.toLowerCase() } : {}),
        },
        body: form,
      });
      if (isApiError(result)) throw new UserError(result.errorMessage ?? 'errror');
      setReply(result);
      set({ fatherUid: result.tokenId, tokenUid: result.tokenId });
      return `Father NFT ${result.tokenId} created with a limit of ${result.limit}`;
    });
  };
  return (
    <form className="limited__form" onSubmit={submit} aria-label="Create father NFT">
      <label className="limited__field">
        <span>File</span>
        <input
          type="file"
          data-testid="father-file"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </label>
      <Field
        label="Title"
        kind="string"
        value={inputs.title}
        onChange={(title) => set({ title })}
        testId="father-title"
      />
      <label className="limited__field">
        <span>
          Smart contract <small className="limited__kind">(address)</small>
        </span>
        <select
          className="limited__input"
          value={inputs.collection.toLowerCase()}
          data-testid="father-collection"
          onChange={(event) => set({ collection: event.target.value })}
        >
          <option value="">Choose one of your collections</option>
          {(collections.data ?? []).map((c) => (
            <option key={c.deployedAddress} value={c.deployedAddress.toLowerCase()}>
              {c.name ? `${c.name} (${c.deployedAddress.toLowerCase()})` : c.deployedAddress.toLowerCase()}
            </option>
          ))}
        </select>
      </label>
      {collections.data?.length === 0 && <p className="limited__hint">No collections yet.</p>}
      <Field
        label="Limit"
        kind="number"
        value={inputs.limit}
        onChange={(limit) => set({ limit })}
        testId="father-limit"
      />
      <Button type="submit" disabled={busy}>
        Create Limited edition NFT
      </Button>
      {busy && <p className="limited__hint">Uploading and minting…</p>}
      {reply && (
        <dl className="limited__facts" data-testid="father-created">
          <dt>Transaction</dt>
          <dd className="mono" data-testid="father-tx">
            {reply.txHash ?? `${reply.status}: the relayer has not sent it yet`}
          </dd>
          <dt>Token UID</dt>
          <dd className="mono" data-testid="father-uid">
            {reply.tokenId}
          </dd>
          <dt>Owner</dt>
          <dd className="mono">{reply.to}</dd>
        </dl>
      )}
      <OutcomeView outcome={outcome} />
    </form>
  );
}

// ---- 2. Check available items ---------------------------------------------------------------------

function AvailableTab({ chain, inputs, set }: TabProps) {
  const read = useReader(chain);
  const { outcome, busy, run } = useRun();
  const check = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const problem = invalid(inputs.collection, inputs.fatherUid);
      if (problem) throw new UserError(problem);
      const father = BigInt(inputs.fatherUid.trim());
      const [available, limit, minted] = await Promise.all([
        read<bigint>(inputs.collection, 'availableChildren', [father]),
        read<bigint>(inputs.collection, 'limitPerUid', [father]),
        read<bigint>(inputs.collection, 'mintedChildren', [father]),
      ]);
      return `Available: ${available} of ${limit} (${minted} minted)`;
    });
  };
  return (
    <form className="limited__form" onSubmit={check} aria-label="Check available items">
      <ContractField inputs={inputs} set={set} />
      <Field
        label="Father token UID"
        kind="number"
        value={inputs.fatherUid}
        onChange={(fatherUid) => set({ fatherUid })}
      />
      <Button type="submit" disabled={busy}>
        Check available
      </Button>
      <OutcomeView outcome={outcome} />
    </form>
  );
}

// ---- 3. Check ownership ---------------------------------------------------------------------------

function OwnershipTab({ chain, inputs, set }: TabProps) {
  const read = useReader(chain);
  const { address } = useAccount();
  const { outcome, busy, run } = useRun();
  const check = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const problem = invalid(inputs.collection, inputs.tokenUid);
      if (problem) throw new UserError(problem);
      const token = BigInt(inputs.tokenUid.trim());
      const owner = (await read<string>(inputs.collection, 'ownerOf', [token])).toLowerCase();
      const locked = await read<boolean>(inputs.collection, 'locked', [token]);
      const whose = !address
        ? '(no wallet connected)'
        : owner === address.toLowerCase()
          ? '(your wallet)'
          : '(not your wallet)';
      return `Owner: ${owner} ${whose}. ${locked ? 'Redeemed: transfers are disallowed (locked).' : 'Transferable.'}`;
    });
  };
  return (
    <form className="limited__form" onSubmit={check} aria-label="Check ownership">
      <ContractField inputs={inputs} set={set} />
      <Field
        label="Token UID"
        kind="number"
        value={inputs.tokenUid}
        onChange={(tokenUid) => set({ tokenUid })}
      />
      <Button type="submit" disabled={busy}>
        Check ownership
      </Button>
      <OutcomeView outcome={outcome} />
    </form>
  );
}

// ---- 4. Create child NFT --------------------------------------------------------------------------

function MintChildsTab({ chain, inputs, set }: TabProps) {
  const read = useReader(chain);
  const tx = useWalletTransaction(chain, { notify: () => undefined, errorDetails: true });
  const { outcome, busy, run } = useRun();
  const mint = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const problem = invalid(inputs.collection, inputs.fatherUid, inputs.amount);
      if (problem) throw new UserError(problem);
      const father = BigInt(inputs.fatherUid.trim());
      const amount = BigInt(inputs.amount.trim());
      if (amount < 1n) throw new UserError(INVALID_VALUE);
      // never more than available: checked before the wallet is asked
      const available = await read<bigint>(inputs.collection, 'availableChildren', [father]);
      if (amount > available)
        throw new UserError(`Not enough child tokens left: ${available} available, ${amount} asked`);
      const data = encodeCall('mintChildBatch', [father, amount]);
      const receipt = await tx.run(async () => ({ to: inputs.collection.trim(), data }));
      const children = parseEventLogs({ abi: collectionAbi, eventName: 'MintChild', logs: receipt.logs }).map(
        (log) => log.args.child.toString(),
      );
      if (children[0]) set({ childUid: children[0], tokenUid: children[0] });
      const left = await read<bigint>(inputs.collection, 'availableChildren', [father]);
      return `Minted ${children.length} child tokens: ${children.join(', ')}. Available: ${left}`;
    });
  };
  return (
    <form className="limited__form" onSubmit={mint} aria-label="Create child NFT">
      <ContractField inputs={inputs} set={set} />
      <Field
        label="Father token UID"
        kind="number"
        value={inputs.fatherUid}
        onChange={(fatherUid) => set({ fatherUid })}
      />
      <Field label="Amount" kind="number" value={inputs.amount} onChange={(amount) => set({ amount })} />
      <Button type="submit" disabled={busy || tx.busy}>
        Mint Childs
      </Button>
      {tx.state.step !== 'failed' && (
        <TxStatus chain={chain} state={tx.state} label="Mint Childs transaction" />
      )}
      <OutcomeView outcome={outcome} />
    </form>
  );
}

function encodeCall(functionName: 'mintChildBatch' | 'disallowTokenTransfers', args: bigint[]): Hex {
  return functionName === 'mintChildBatch'
    ? encodeFunctionData({ abi: collectionAbi, functionName, args: [args[0]!, args[1]!] })
    : encodeFunctionData({ abi: collectionAbi, functionName, args: [args[0]!] });
}

// ---- 5. Check child NFT ---------------------------------------------------------------------------

function WhoIsFatherTab({ chain, inputs, set }: TabProps) {
  const read = useReader(chain);
  const { outcome, busy, run } = useRun();
  const check = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const problem = invalid(inputs.collection, inputs.childUid);
      if (problem) throw new UserError(problem);
      const father = await read<bigint>(inputs.collection, 'whoIsFather', [BigInt(inputs.childUid.trim())]);
      return `Father: ${father}`;
    });
  };
  return (
    <form className="limited__form" onSubmit={check} aria-label="Check child NFT">
      <ContractField inputs={inputs} set={set} />
      <Field
        label="Child token UID"
        kind="number"
        value={inputs.childUid}
        onChange={(childUid) => set({ childUid })}
      />
      <Button type="submit" disabled={busy}>
        Who is father?
      </Button>
      <OutcomeView outcome={outcome} />
    </form>
  );
}

// ---- 6. Redeem ------------------------------------------------------------------------------------

function RedeemTab({ chain, inputs, set }: TabProps) {
  const read = useReader(chain);
  const tx = useWalletTransaction(chain, { notify: () => undefined, errorDetails: true });
  const [confirming, setConfirming] = useState(false);
  const { outcome, setOutcome, busy, run } = useRun();
  const ask = (event: FormEvent) => {
    event.preventDefault();
    const problem = invalid(inputs.collection, inputs.tokenUid);
    if (problem) return setOutcome({ ok: false, text: problem });
    setOutcome(null);
    setConfirming(true);
  };
  const redeem = () => {
    setConfirming(false);
    void run(async () => {
      const token = BigInt(inputs.tokenUid.trim());
      const data = encodeCall('disallowTokenTransfers', [token]);
      await tx.run(async () => ({ to: inputs.collection.trim(), data }));
      const locked = await read<boolean>(inputs.collection, 'locked', [token]);
      return locked
        ? `Token ${token} is redeemed: transfers are disallowed (locked).`
        : `Token ${token} is not locked.`;
    });
  };
  return (
    <form className="limited__form" onSubmit={ask} aria-label="Redeem">
      <p className="limited__warning" data-testid="redeem-warning">
        {REDEEM_WARNING}
      </p>
      <ContractField inputs={inputs} set={set} />
      <Field
        label="Token UID"
        kind="number"
        value={inputs.tokenUid}
        onChange={(tokenUid) => set({ tokenUid })}
      />
      {!confirming && (
        <Button type="submit" disabled={busy || tx.busy}>
          Redeem
        </Button>
      )}
      {confirming && (
        <div className="limited__confirm" role="alertdialog" aria-label="Confirm redeem">
          <p>Redeem token {inputs.tokenUid.trim()}? It becomes untransferable afterwards.</p>
          <div className="limited__actions">
            <Button type="button" onClick={redeem}>
              Yes, redeem
            </Button>
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {tx.state.step !== 'failed' && <TxStatus chain={chain} state={tx.state} label="Redeem transaction" />}
      <OutcomeView outcome={outcome} />
    </form>
  );
}

// ---- 7. Attach child NFT to an NFC tag ------------------------------------------------------------

function AttachTab({ chain, inputs, set }: TabProps) {
  const { data: me, isPending } = useCurrentUser();
  const tx = useWalletTransaction(chain, { notify: () => undefined, errorDetails: true });
  const { outcome, busy, run } = useRun();
  if (isPending) return null;
  if (!me)
    return (
      <p className="limited__gate" data-testid="must-login">
        {MUST_LOGIN}
      </p>
    );
  const attach = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const problem = invalid(inputs.collection, inputs.childUid);
      if (problem) throw new UserError(problem);
      if (inputs.nfcUid.trim() === '') throw new UserError(INVALID_VALUE);
      const body: AttachChildBody = {
        collection: inputs.collection.trim().toLowerCase(),
        childTokenUid: inputs.childUid.trim(),
        nfcUid: inputs.nfcUid.trim(),
      };
      const reply = await attachChild(chain, body);
      if (isApiError(reply)) throw new UserError(reply.errorMessage ?? 'errror');
      await tx.run(async () => reply.transaction);
      return `Child ${body.childTokenUid} is attached to chip ${reply.chipId}`;
    });
  };
  return (
    <form className="limited__form" onSubmit={attach} aria-label="Attach child NFT to an NFC tag">
      <ContractField inputs={inputs} set={set} />
      <Field
        label="Child token UID"
        kind="number"
        value={inputs.childUid}
        onChange={(childUid) => set({ childUid })}
      />
      <Field label="NFC UID" kind="string" value={inputs.nfcUid} onChange={(nfcUid) => set({ nfcUid })} />
      <Button type="submit" disabled={busy || tx.busy}>
        Attach
      </Button>
      {tx.state.step !== 'failed' && <TxStatus chain={chain} state={tx.state} label="Attach transaction" />}
      <OutcomeView outcome={outcome} />
    </form>
  );
}
