import { SEAL_TEXT, fileDataText, sealBroken, sealOf } from '../../../lib/tapReadings.js';
import './tapReadings.css';

/** The decrypted file data of a tap: text when printable, hex otherwise (issue #26). */
export function FileData({ hex }: { hex: string | null }) {
  const data = fileDataText(hex);
  if (!data) return null;
  return (
    <span
      className={`file-data file-data--${data.kind}`}
      data-testid="file-data"
      title={`file data (${data.kind})`}
    >
      {data.value}
    </span>
  );
}

/** A broken (or intact) seal and a counter jump, as badges the owner sees at a glance. */
export function TapFlags({ tamper, counterJumps }: { tamper: string | null; counterJumps: number }) {
  const seal = sealOf(tamper);
  return (
    <>
      {seal && (
        <span
          className={`tap-flag tap-flag--${sealBroken(tamper) ? 'warn' : 'ok'}`}
          data-testid="seal-flag"
          data-seal={seal}
          title={`TagTamper status ${tamper}`}
        >
          {SEAL_TEXT[seal]}
        </span>
      )}
      {counterJumps > 0 && (
        <span className="tap-flag tap-flag--warn" data-testid="counter-jump-flag">
          {counterJumps === 1 ? 'Counter jump' : `${counterJumps} counter jumps`}
        </span>
      )}
    </>
  );
}

/** A chip's row in the admin table: what its latest taps read beyond "authentic". */
export function TapReadings({
  id,
  tamper,
  counterJumps,
  fileData,
}: {
  id: string;
  tamper: string | null;
  counterJumps: number;
  fileData: string | null;
}) {
  if (!tamper && !counterJumps && !fileData) return <span className="muted">-</span>;
  return (
    <div className="tap-readings" data-testid={`tap-readings-${id}`}>
      <TapFlags tamper={tamper} counterJumps={counterJumps} />
      <FileData hex={fileData} />
    </div>
  );
}
