import { useEffect, useState } from 'react';
import type { BatchTemplateReply, ChipBatchReply } from '@metatag/api-types';
import { isApiError } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';
import { SDM_SETTINGS } from './sdmLabels.js';

/**
 * What a personalisation tool needs for the batch (issue #26 item 4), without the bureau package: the
 * exact NDEF URL template and the SDM settings computed from it (the server's `batchTemplateView`, as
 * `npm run chip -- template --batch B` prints them). Shown folded: a brand reads it once per batch.
 */
export function BatchTemplate({ batch }: { batch: ChipBatchReply }) {
  const [view, setView] = useState<BatchTemplateReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  // a saved change of URL form or TagTamper changes the settings: fetch again on those
  const key = `${batch.id}|${JSON.stringify(batch.urlForm)}|${batch.tagTamper}|${batch.mode}`;
  useEffect(() => {
    let live = true;
    // typedApi answers failures as values (isApiError); `live` drops a reply that comes after unmount
    void typedApi.call('batchTemplate', { params: { id: batch.id } }).then((reply) => {
      if (!live) return;
      if (isApiError(reply)) setError(reply.errorMessage ?? reply.error);
      else setView(reply);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names every input of the view
  }, [key]);

  const s = view?.settings as Record<string, unknown> | null | undefined;
  return (
    <details className="batches__disclosure" data-testid="batch-template">
      <summary>URL template and SDM settings</summary>
      {error && <p role="alert">{error}</p>}
      {view && (
        <>
          <p>
            NDEF URL template: <code className="batches__url">{view.template}</code>
          </p>
          {view.perChip && (
            <p className="muted">
              Per-chip URLs: <code>{'{chip id}'}</code> is each chip&apos;s own id (14 characters, from the
              export), so the offsets below are every chip&apos;s.
            </p>
          )}
          {view.template.includes('{SERIAL}') && (
            <p className="muted">
              <code>{'{SERIAL}'}</code> is each chip&apos;s GS1 serial, written as text: the offsets below are
              for an 8-character serial (SERIAL01); each character more moves every offset after it by one.
            </p>
          )}
          {view.problem && <p role="alert">No SDM settings: {view.problem}</p>}
          {s && (
            <div className="batches__table-wrap">
              <table className="batches__table batches__sdm" aria-label="SDM settings of the batch">
                <tbody>
                  <tr>
                    <th scope="row">MAC input from</th>
                    <td>{view.macInputFrom}</td>
                  </tr>
                  <tr>
                    <th scope="row">TT status mirror</th>
                    <td>{s.ttStatusOffset === null ? 'no' : 'yes'}</td>
                  </tr>
                  {SDM_SETTINGS.filter(([k]) => s[k] !== null && s[k] !== undefined).map(([k, label]) => (
                    <tr key={k}>
                      <th scope="row">{label}</th>
                      <td>
                        <code className="batches__url">{String(s[k])}</code>
                      </td>
                    </tr>
                  ))}
                  <tr>
                    <th scope="row">Keys (SDMMetaRead, SDMFileRead, SDMCtrRet)</th>
                    <td>
                      <code>
                        {view.settings!.keys.metaRead}, {view.settings!.keys.fileRead},{' '}
                        {view.settings!.keys.ctrRet}
                      </code>
                    </td>
                  </tr>
                  <tr>
                    <th scope="row">NDEF file (hex)</th>
                    <td>
                      <code className="batches__url">{view.settings!.ndef}</code>
                    </td>
                  </tr>
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </details>
  );
}
