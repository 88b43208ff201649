import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITED_DEFAULTS } from '@metatag/api-types';
import { CHAIN_IDS } from '../../lib/chains.js';
import { useChain } from '../../lib/useChain.js';
import { WalletBoundary } from '../../providers/WalletBoundary.js';
import { SampleView } from './SampleView.js';
import { LIMITED_TABS, TAB_TITLES, type LimitedTab, type SampleInput } from './samples.js';
import './limited.css';
import { CreateFatherTab } from './tabs/CreateFatherTab.js';
import { AvailableTab } from './tabs/AvailableTab.js';
import { OwnershipTab } from './tabs/OwnershipTab.js';
import { MintChildsTab } from './tabs/MintChildsTab.js';
import { WhoIsFatherTab } from './tabs/WhoIsFatherTab.js';
import { RedeemTab } from './tabs/RedeemTab.js';
import { AttachTab } from './tabs/AttachTab.js';
import { type Inputs, type TabProps } from './limitedForm.js';

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
