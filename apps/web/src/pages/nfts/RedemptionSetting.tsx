import { useState } from 'react';
import { redemptionSchema, type Redemption } from '@metatag/api-types';
import type { ChainName } from '../../lib/chains.js';
import { errorDetail } from '../../session/loginOutcome.js';
import { useUpdateNftField, type NftTemplate } from './nftsApi.js';

const EMPTY: Redemption = { kind: 'good', description: '', mode: 'burn', notifyEmail: '', webhookUrl: '' };

/**
 * Burn to redeem (issue #32 item 5): what a token of the template can be spent for, whether redeeming
 * burns it or locks it forever, and where the shop hears of each redemption (email, signed webhook).
 * Checked with the API's own schema before it is sent.
 */
export function RedemptionSetting({ chain, item }: { chain: ChainName; item: NftTemplate }) {
  const update = useUpdateNftField(chain);
  const saved = item.redemption ?? null;
  const [draft, setDraft] = useState<{ value: Redemption; of: NftTemplate } | null>(null);
  const value = draft?.of === item ? draft.value : (saved ?? EMPTY);
  const set = (patch: Partial<Redemption>) => setDraft({ value: { ...value, ...patch }, of: item });
  const valid = redemptionSchema.safeParse(value).success;
  const send = (next: Redemption | null) =>
    update.mutate(
      { id: item.id, field: 'redemption', value: next },
      {
        onSuccess: () => setDraft(null),
        onError: (error) => window.alert(errorDetail(error) ?? 'server error'),
      },
    );
  return (
    <form
      className="redemption-setting"
      data-testid="redemption-setting"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) send(value);
      }}
    >
      <label>
        Redeem for
        <select value={value.kind} onChange={(e) => set({ kind: e.target.value as Redemption['kind'] })}>
          <option value="good">a physical good</option>
          <option value="discount">a discount code</option>
          <option value="token">another token</option>
        </select>
      </label>
      <label>
        What the holder gets
        <input
          aria-label="Redemption description"
          value={value.description}
          maxLength={500}
          onChange={(e) => set({ description: e.target.value })}
        />
      </label>
      <label>
        Redeeming
        <select value={value.mode} onChange={(e) => set({ mode: e.target.value as Redemption['mode'] })}>
          <option value="burn">burns the token</option>
          <option value="lock">locks the token forever</option>
        </select>
      </label>
      <label>
        Shop email
        <input
          aria-label="Redemption shop email"
          type="email"
          value={value.notifyEmail}
          onChange={(e) => set({ notifyEmail: e.target.value })}
        />
      </label>
      <label>
        Webhook (https)
        <input
          aria-label="Redemption webhook URL"
          value={value.webhookUrl}
          placeholder="https://shop.example/hooks/metatag"
          onChange={(e) => set({ webhookUrl: e.target.value })}
        />
      </label>
      <div className="redemption-setting__actions">
        <button type="submit" disabled={!valid || update.isPending} data-testid="redemption-save">
          {saved ? 'Save redemption' : 'Offer a redemption'}
        </button>
        {saved ? (
          <button type="button" disabled={update.isPending} onClick={() => send(null)}>
            No redemption
          </button>
        ) : null}
      </div>
    </form>
  );
}
