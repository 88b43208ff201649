import { formatDate } from '../../../lib/format.js';
import { NO_DATA } from '../../../lib/texts.js';
import { useScans } from './chiplinksApi.js';
import { FileData, TapFlags } from './TapReadings.js';

const dash = (value: string | number | null) => (value === null || value === '' ? '-' : value);

/**
 * The scans of a chip or link (spec section 3 "Chip scan"): timestamp, city, radius (km), country;
 * and for chips what each tap read beyond "authentic" (issue #26): its seal, a counter jump, its file data.
 */
export function ScansList({ id }: { id: string }) {
  const scans = useScans(id);
  if (scans.isPending) return <div className="page-loading" aria-busy="true" />;
  if (scans.isError) {
    return (
      <p className="mt-error-text" role="alert">
        {scans.error.message}
      </p>
    );
  }
  if (scans.data.length === 0) {
    return (
      <p className="muted" data-testid={`scans-empty-${id}`}>
        {NO_DATA}
      </p>
    );
  }
  return (
    <table className="data-table scans-table" aria-label={`Scans of ${id}`}>
      <thead>
        <tr>
          <th scope="col">timestamp</th>
          <th scope="col">city</th>
          <th scope="col">radius (km)</th>
          <th scope="col">country</th>
          <th scope="col">tap data</th>
        </tr>
      </thead>
      <tbody>
        {scans.data.map((scan, index) => (
          <tr key={`${scan.timestamp}-${index}`}>
            <td className="nowrap">{formatDate(scan.timestamp)}</td>
            <td>{dash(scan.city)}</td>
            <td>{dash(scan.radius)}</td>
            <td>{dash(scan.country)}</td>
            <td data-testid="scan-tap-data">
              <TapFlags tamper={scan.tamper ?? null} counterJumps={scan.counterJump ? 1 : 0} />
              <FileData hex={scan.fileData ?? null} />
              {!scan.tamper && !scan.counterJump && !scan.fileData && '-'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
