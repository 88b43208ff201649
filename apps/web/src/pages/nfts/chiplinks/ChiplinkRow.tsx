import { useState } from 'react';
import { Button } from '@metatag/ui';
import { formatDate, shortAddress } from '../../../lib/format.js';
import { CANNOT_LINK } from '../../../lib/texts.js';
import { publicPath, qrPath } from './chiplinkRules.js';
import type { Chiplink } from './chiplinksApi.js';
import { ScansList } from './ScansList.js';
import { TapReadings } from './TapReadings.js';

/**
 * One chip or link of the admin tables: its public URL, QR code downloads (links), a Scans toggle
 * and Remove (spec section 8: a failure alerts 'Cannot link').
 */
export function ChiplinkRow({
  item,
  columns,
  onRemove,
}: {
  item: Chiplink;
  columns: number;
  onRemove: (id: string) => Promise<unknown>;
}) {
  const [showScans, setShowScans] = useState(false);
  const [removing, setRemoving] = useState(false);
  const noun = item.type === 'chip' ? 'chip' : 'link';
  const url = publicPath(item.type, item.id);
  const scansId = `scans-row-${item.id}`;

  const remove = async () => {
    if (!window.confirm(`Remove ${noun} ${item.id}?`)) return;
    setRemoving(true);
    try {
      await onRemove(item.id);
    } catch {
      setRemoving(false);
      window.alert(CANNOT_LINK);
    }
  };

  return (
    <>
      <tr data-testid={`chiplink-row-${item.id}`}>
        <td className="mono chiplinks__code" data-label="id">
          <a href={url} target="_blank" rel="noreferrer" title={`Open ${url}`}>
            {item.id}
          </a>
        </td>
        <td className="mono chiplinks__code" data-label="uid">
          {item.uid}
        </td>
        <td className="num" data-label="scans">
          {item.scans}
        </td>
        <td className="num" data-label="mints">
          {item.mints}
        </td>
        <td className="nowrap" data-label="created">
          {formatDate(item.created)}
        </td>
        <td className="mono chiplinks__code" data-label="tokenToMint" title={item.tokenToMint}>
          {shortAddress(item.tokenToMint)}
        </td>
        <td data-label="locked">{item.locked ? 'yes' : 'no'}</td>
        {item.type === 'chip' && (
          <td data-label="tap data">
            <TapReadings
              id={item.id}
              tamper={item.tamper ?? null}
              counterJumps={item.counterJumps ?? 0}
              fileData={item.fileData ?? null}
            />
          </td>
        )}
        {item.type === 'link' && (
          <td className="nowrap" data-label="QR code">
            <a
              href={qrPath(item.id, 'svg')}
              download={`qr-${item.id}.svg`}
              aria-label={`QR code SVG of ${item.id}`}
            >
              SVG
            </a>{' '}
            <a
              href={qrPath(item.id, 'png')}
              download={`qr-${item.id}.png`}
              aria-label={`QR code PNG of ${item.id}`}
            >
              PNG
            </a>
          </td>
        )}
        <td className="chiplinks__actions">
          <div className="chiplinks__buttons">
            <Button
              variant="secondary"
              aria-expanded={showScans}
              aria-controls={showScans ? scansId : undefined}
              aria-label={`Scans of ${noun} ${item.id}`}
              onClick={() => setShowScans((value) => !value)}
            >
              Scans
            </Button>
            <Button
              variant="ghost"
              aria-label={`Remove ${noun} ${item.id}`}
              disabled={removing}
              onClick={() => void remove()}
            >
              Remove
            </Button>
          </div>
        </td>
      </tr>
      {showScans && (
        <tr id={scansId} className="chiplinks__scans-row">
          <td colSpan={columns}>
            <div className="chiplinks__scans">
              <ScansList id={item.id} />
            </div>
          </td>
        </tr>
      )}
    </>
  );
}
