import { useEffect, useState } from 'react';
import { isApiError, type ApiResult } from '../../lib/api.js';
import { scanCall } from '../../lib/scanApi.js';
import type { CheckBatchTapReply } from '@metatag/api-types';
import { CHECKING, NOT_AUTHENTIC, XHR_ERROR } from './chipTexts.js';
import { CONTINUATION_PARAM } from './visitUrl.js';

const started = new Map<string, Promise<ApiResult<CheckBatchTapReply>>>();

/** `POST /json/check-batch-tap {path}` once per URL in this page's life (a tap counts once). */
function checkBatchTapOnce(path: string): Promise<ApiResult<CheckBatchTapReply>> {
  let reply = started.get(path);
  if (!reply) {
    reply = scanCall('checkBatchTap', { body: { path } });
    started.set(path, reply);
  }
  return reply;
}

/**
 * A tap of a batch's one URL (issue #26): `/tag?picc_data=…`, a GS1 Digital Link path
 * `/01/{GTIN}/21/{serial}?…`, or any other path a template names (`/ln?p=…&c=…`: routes/
 * UnknownPathGate). The path and query go to the server exactly as the chip wrote them; it
 * finds the chip from the UID in the PICC data and verifies the tap. Authentic: the chip's own page
 * continues the visit with the tap's continuation credential (nothing of the SUN message travels on).
 * `onNoBatch`: on a path the app has no page for, a reply that no batch has this URL hands the page
 * back to the 404.
 */
export function BatchTapPage({ onNoBatch }: { onNoBatch?: () => void } = {}) {
  const [state, setState] = useState<'checking' | 'failed'>('checking');
  useEffect(() => {
    let cancelled = false;
    const path = `${window.location.pathname}${window.location.search}`;
    // the check answers failures as values; `cancelled` drops a reply after unmount
    void checkBatchTapOnce(path).then((reply) => {
      if (cancelled) return;
      if (isApiError(reply)) {
        setState('failed');
        window.alert(XHR_ERROR);
        return;
      }
      const body = reply;
      if (onNoBatch && !body.batchUrl) {
        onNoBatch();
        return;
      }
      if (!body.ok || !body.chipId || !body.continuation) {
        setState('failed');
        return;
      }
      window.location.replace(
        `/tag/${body.chipId}?${CONTINUATION_PARAM}=${encodeURIComponent(body.continuation)}`,
      );
    });
    return () => {
      cancelled = true;
    };
  }, [onNoBatch]);
  return (
    <main className="chip-page">
      <p className={`chip-auth chip-auth--${state}`} data-testid="chip-auth" role="status">
        {state === 'checking' ? CHECKING : NOT_AUTHENTIC}
      </p>
    </main>
  );
}
