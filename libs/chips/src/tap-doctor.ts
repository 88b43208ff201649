import { piccOf, verifySun, type ChipKeys, type PiccData, type SunMessage } from './sun.js';
import { MAC_INPUT_FROM, parseFormTap, type BatchUrlForm, type FormMode } from './url-form.js';

/** Which part of a tap failed, for people diagnosing chips (never for the public page: it says 'Not Authentic'). */
export type TapFault =
  | { ok: true; picc: PiccData; fileData: Buffer | null; tamper: string | null }
  | { ok: false; fault: 'not-in-form'; error: string }
  | { ok: false; fault: 'picc'; error: string }
  | {
      ok: false;
      fault: 'mac-offset';
      error: string;
      picc: PiccData;
      macInputFrom: BatchUrlForm['macInputFrom'];
    }
  | { ok: false; fault: 'mac'; error: string; picc: PiccData }
  | { ok: false; fault: 'unknown-uid'; error: string; picc: PiccData };

/**
 * Reads a tap URL with a form and keys and names what fails (issue #26 item 7, like ETRNL's distinct
 * errors): the URL is not in the form (mode or layout); the PICC data does not decrypt to a valid tag
 * byte (wrong meta-read key or layout); the MAC fails but holds at another SDMMACInputOffset or
 * without the file data (named); the MAC fails (wrong file-read key). `keysFor` gives the chip's keys
 * from its UID (undefined: the UID is not one of the batch's chips).
 */
export function diagnoseTap(
  form: BatchUrlForm,
  url: string,
  mode: FormMode,
  metaKey: Buffer,
  keysFor: (uid: string) => ChipKeys | undefined,
): TapFault {
  const tap = parseFormTap(form, url, mode);
  if (!tap)
    return {
      ok: false,
      fault: 'not-in-form',
      error: `the URL is not in the batch's form (${mode.toUpperCase()}, ${form.template})`,
    };
  const picc = piccOf(tap.message, { metaReadKey: metaKey });
  if (!picc)
    return {
      ok: false,
      fault: 'picc',
      error:
        'the PICC data does not decrypt to a valid tag byte (C7h): wrong meta-read key, or another mode or layout',
    };
  const keys = keysFor(picc.uid);
  if (!keys)
    return { ok: false, fault: 'unknown-uid', error: `UID ${picc.uid} is not a chip of this batch`, picc };
  const verdict = verifySun(tap.message, keys, picc.uid);
  if (verdict.ok) return { ok: true, picc, fileData: verdict.fileData, tamper: tap.tamper };
  for (const from of MAC_INPUT_FROM) {
    if (from === form.macInputFrom) continue;
    const other = parseFormTap({ ...form, macInputFrom: from }, url, mode);
    if (other && verifySun(other.message, keys, picc.uid).ok)
      return {
        ok: false,
        fault: 'mac-offset',
        error: `the MAC holds with SDMMACInputOffset at ${from === 'MAC' ? 'the MAC (over nothing)' : from === 'URL' ? 'the URL text' : `{${from}}`}, not at ${form.macInputFrom}: the chip's offset differs from the form's`,
        picc,
        macInputFrom: from,
      };
  }
  const noFile: SunMessage = { ...tap.message, encFileData: undefined, macInput: Buffer.alloc(0) };
  if (tap.message.encFileData && verifySun(noFile, keys, picc.uid).ok)
    return {
      ok: false,
      fault: 'mac-offset',
      error:
        'the MAC holds over nothing (without the file data): set SDMMACInputOffset to the MAC offset, or the form to MAC',
      picc,
      macInputFrom: 'MAC',
    };
  return {
    ok: false,
    fault: 'mac',
    error: 'the MAC does not hold: wrong file-read key (the PICC data decrypts)',
    picc,
  };
}
