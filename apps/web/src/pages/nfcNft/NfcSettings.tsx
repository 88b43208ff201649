import { Button, InlineEdit } from '@metatag/ui';
import { nfcNftFieldRules, type NfcNftField, type NfcNftRecord } from '@metatag/api-types';
import { EmptyState } from '../../components/EmptyState.js';
import { RecordHistory } from './RecordHistory.js';
import { useAttachNew, useNfcNfts, useRemoveRecord, useUpdateRecordField } from './nfcNftApi.js';

const FIELDS: { key: NfcNftField; label: string }[] = [
  { key: 'nfcId', label: 'nfcId (chip id)' },
  { key: 'chain', label: 'chain' },
  { key: 'smartContract', label: 'smartContract' },
  { key: 'relayer', label: 'relayer' },
  { key: 'nftId', label: 'nftId' },
  { key: 'url', label: 'url' },
  { key: 'redirectUrl', label: 'redirectUrl' },
];

const valid = (field: NfcNftField) => (draft: string) => nfcNftFieldRules[field].safeParse(draft).success;

/** Tab 'NFC Settings': the attached items, each field editable inline, with Remove and 'Attach new'. */
export function NfcSettings() {
  const records = useNfcNfts();
  const attach = useAttachNew();
  const remove = useRemoveRecord();
  const update = useUpdateRecordField();
  const error = attach.error ?? remove.error ?? update.error;
  return (
    <div className="nfc-settings">
      <div className="nfc-settings__toolbar">
        <Button onClick={() => attach.mutate()} disabled={attach.isPending}>
          Attach new
        </Button>
      </div>
      {error && (
        <p className="mt-error-text" role="alert">
          {error.message}
        </p>
      )}
      {records.isError && <p className="mt-error-text">{records.error.message}</p>}
      {records.data?.length === 0 && (
        <EmptyState title="No data yet" testId="nfc-records-empty">
          Attach new: a record for a chip the NFC-NFT tag relayer acts for.
        </EmptyState>
      )}
      <ul className="nfc-records" aria-label="Attached items">
        {records.data?.map((record) => (
          <li key={record.id} className="nfc-record" data-testid={`nfc-record-${record.id}`}>
            <div className="nfc-record__head">
              <strong>#{record.id}</strong>
              {record.pendingTransactionData !== '' && (
                <span className="nfc-record__pending">
                  Pending: {record.pendingTransactionData.slice(0, 10)}… ({record.pendingTransactionValue}{' '}
                  wei)
                </span>
              )}
              <Button
                variant="secondary"
                onClick={() => remove.mutate(record.id)}
                disabled={remove.isPending}
              >
                Remove
              </Button>
            </div>
            <dl className="nfc-record__fields">
              {FIELDS.map(({ key, label }) => (
                <div key={key} className="nfc-record__field">
                  <dt>{label}</dt>
                  <dd>
                    <InlineEdit
                      value={record[key as keyof NfcNftRecord] as string}
                      label={`${label} of item ${record.id}`}
                      validate={valid(key)}
                      placeholder="—"
                      onSave={async (draft) => {
                        if (draft.trim() === record[key as keyof NfcNftRecord]) return;
                        await update.mutateAsync({ id: record.id, field: key, value: draft.trim() });
                      }}
                    />
                  </dd>
                </div>
              ))}
            </dl>
            <RecordHistory id={record.id} />
          </li>
        ))}
      </ul>
    </div>
  );
}
