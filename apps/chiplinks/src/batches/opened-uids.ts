import { piccOf, type ChipKeys, type SunMessage } from '@metatag/chips';

/**
 * The UID each of a batch's meta keys (one per key version) decrypts the PICC data to; a plain message's
 * UID once (it opens without a key). A wrong key passes the tag-byte check one time in 256, so a caller
 * takes the first UID that is a chip of the batch, not the first UID (decision 130).
 */
export function* openedUids(
  message: SunMessage,
  metas: Pick<ChipKeys, 'metaReadKey'>[],
): Generator<{ uid: string; metaReadKey: Buffer }> {
  for (const meta of metas) {
    const picc = piccOf(message, meta);
    if (picc) yield { uid: picc.uid, metaReadKey: meta.metaReadKey };
    if (message.mode === 'plain') return;
  }
}
