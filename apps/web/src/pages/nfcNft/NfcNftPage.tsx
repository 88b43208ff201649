import { useState } from 'react';
import { RequireUser } from '../../session/RequireUser.js';
import { CreatePendingForm } from './CreatePendingForm.js';
import { NfcSettings } from './NfcSettings.js';
import './nfcNft.css';

const TABS = ['NFC Settings', 'Create pending transaction'] as const;
type Tab = (typeof TABS)[number];

/** `/admin/nfc-nft` (spec section 2): the NFC-NFT linker with its two tabs. */
export function NfcNftPage() {
  const [tab, setTab] = useState<Tab>('NFC Settings');
  return (
    <RequireUser>
      <section className="nfc-nft" aria-labelledby="nfc-nft-title">
        <h1 id="nfc-nft-title" className="page-title">
          NFC-NFT linker
        </h1>
        <div className="nfc-nft__tabs" role="tablist" aria-label="NFC-NFT linker">
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              className={`nfc-nft__tab${tab === name ? ' nfc-nft__tab--active' : ''}`}
              onClick={() => setTab(name)}
            >
              {name}
            </button>
          ))}
        </div>
        <div role="tabpanel" aria-label={tab}>
          {tab === 'NFC Settings' ? <NfcSettings /> : <CreatePendingForm />}
        </div>
      </section>
    </RequireUser>
  );
}
