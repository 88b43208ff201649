import { useState, type FormEvent } from 'react';
import { useAccount } from 'wagmi';
import {
  FILE_TOO_BIG,
  MAX_CHILD_LIMIT,
  MEDIA_MAX_BYTES,
  type CreateLimitedReply,
  ANY_CASE_ADDRESS_PATTERN,
} from '@metatag/api-types';
import { Button } from '@metatag/ui';
import { HexValue } from '../../../components/HexValue.js';
import { isApiError } from '../../../lib/api.js';
import { typedApi } from '../../../lib/typedApi.js';
import { mediaTypeOf } from '../../../lib/media.js';
import { MUST_LOGIN } from '../../../session/RequireUser.js';
import { useCurrentUser } from '../../../session/useCurrentUser.js';
import { useMyCollections } from '../../collections/collectionsApi.js';
import {
  type TabProps,
  Field,
  OutcomeView,
  useRun,
  UserError,
  INVALID_VALUE,
  INVALID_ADDRESS,
} from '../limitedForm.js';

// ---- 1. Create father NFT -------------------------------------------------------------------------

export function CreateFatherTab({ chain, inputs, set }: TabProps) {
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
          <dd data-testid="father-tx">
            {reply.txHash ? (
              <HexValue value={reply.txHash} kind="tx" chain={chain} />
            ) : (
              `${reply.status}: the relayer has not sent it yet`
            )}
          </dd>
          <dt>Token UID</dt>
          <dd className="mono" data-testid="father-uid">
            {reply.tokenId}
          </dd>
          <dt>Owner</dt>
          <dd data-testid="father-owner">
            <HexValue value={reply.to} chain={chain} />
          </dd>
        </dl>
      )}
      <OutcomeView outcome={outcome} />
    </form>
  );
}
