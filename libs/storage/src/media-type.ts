/** How many leading bytes `detectMediaType` needs to see. */
export const MEDIA_SNIFF_BYTES = 4096;

/** Spec section 2: 3D glb files are labelled 3d/glb. */
export const GLB_MIME_TYPE = '3d/glb';

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');

/** ISO base media brands that are still images, not video (HEIC, AVIF): not offered as video. */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);

const SVG =
  /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/i;

/**
 * The media type of a file from its first bytes (magic numbers), never from what the client claims:
 * png/jpeg/gif/webp/svg → image/*, mp4/webm/mov → video/*, glb → '3d/glb'. Undefined for anything else.
 */
export function detectMediaType(head: Buffer): string | undefined {
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (/^GIF8[79]a$/.test(ascii(head, 0, 6))) return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(head, 0, 4) === 'glTF') return GLB_MIME_TYPE;
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'qt  ') return 'video/quicktime';
    if (IMAGE_BRANDS.has(brand)) return undefined;
    return 'video/mp4';
  }
  // QuickTime files from before the ftyp atom start with another top-level atom
  if (head.length >= 8 && ['moov', 'mdat', 'wide'].includes(ascii(head, 4, 8))) return 'video/quicktime';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    // EBML: WebM declares its DocType early; other Matroska files are not offered
    return ascii(head, 0, Math.min(head.length, 64)).includes('webm') ? 'video/webm' : undefined;
  }
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  if (SVG.test(text)) return 'image/svg+xml';
  return undefined;
}
