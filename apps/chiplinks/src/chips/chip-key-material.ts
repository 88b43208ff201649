import { deriveChipKeys, wellKnownKey, type ChipKeys, type KeyScheme } from '@metatag/chips';
import { AppError } from '@metatag/nest-kit';

/** What provisioning may say about a chip's keys (POST /json/qrlink/chip/{nftId}). */
export interface KeyRequest {
  scheme?: KeyScheme;
  keys?: { metaReadKey: string; fileReadKey: string };
  /** sdm-backend schemes: the fleet's master key (16 or 32 bytes, hex); used once, never stored. */
  masterKey?: string;
}

/** The scheme to record, and the per-chip keys to seal when the scheme stores keys. */
export interface KeyMaterial {
  scheme: KeyScheme;
  keys?: ChipKeys;
}

const invalid = (message: string) => new AppError('invalid_input', message, 400);
const hexKey = (value: string) => Buffer.from(value, 'hex');

/**
 * Turns a provisioning request's key fields into a scheme and (for sealed schemes) the chip's keys.
 * No scheme: imported when keys are given, else AN10922 from CHIP_MASTER_KEY. Factory and published
 * keys are refused unless `allowFactory` (development only): anyone could forge such a chip's taps.
 */
export function resolveKeyMaterial(req: KeyRequest, uid: string, allowFactory: boolean): KeyMaterial {
  const scheme: KeyScheme = req.scheme ?? (req.keys ? 'imported' : 'an10922');
  if (scheme === 'imported') {
    if (!req.keys) throw invalid('Imported keys need keys: {metaReadKey, fileReadKey}');
    if (req.masterKey) throw invalid('A master key goes with an sdm-backend scheme, not with imported keys');
    const keys = { metaReadKey: hexKey(req.keys.metaReadKey), fileReadKey: hexKey(req.keys.fileReadKey) };
    refuseWellKnown(allowFactory, ['metaReadKey', keys.metaReadKey], ['fileReadKey', keys.fileReadKey]);
    return { scheme, keys };
  }
  if (req.keys) throw invalid(`Keys are imported with the imported scheme, not ${scheme}`);
  if (scheme === 'an10922' || scheme === 'legacy') {
    if (req.masterKey)
      throw invalid(`The ${scheme} scheme derives keys from CHIP_MASTER_KEY: no master key is taken`);
    return { scheme };
  }
  if (!req.masterKey) throw invalid(`The ${scheme} scheme needs the fleet's masterKey`);
  const master = hexKey(req.masterKey);
  refuseWellKnown(allowFactory, ['masterKey', master]);
  const keys = deriveChipKeys(master, uid, scheme);
  refuseWellKnown(allowFactory, ['metaReadKey', keys.metaReadKey], ['fileReadKey', keys.fileReadKey]);
  return { scheme, keys };
}

function refuseWellKnown(allowFactory: boolean, ...keys: [string, Buffer][]): void {
  if (allowFactory) return;
  for (const [name, key] of keys) {
    const known = wellKnownKey(key);
    if (known)
      throw invalid(
        `${name} is ${known}: anyone can forge this chip's taps with it. Give the chip keys of its own (ALLOW_FACTORY_CHIP_KEYS accepts such keys in development only)`,
      );
  }
}
