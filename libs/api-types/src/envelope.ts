/**
 * The request envelope of spec section 7: away from localhost the web app sends `/e/{sealed URL}` with
 * the body `{ d: sealed JSON }` and the marker header, and opens answers that carry the marker.
 *
 * Format of a sealed string: base64url(iv(12 bytes) ‖ AES-256-GCM ciphertext ‖ tag(16 bytes)). The key
 * is per deployment (the gateway derives it from its session secret) and reaches the page in a meta tag:
 * every visitor holds it, so the envelope keeps URLs and bodies opaque to what sits between the page
 * and the gateway (proxies, filters, extensions), it is not a secret from the visitor. This module is
 * the browser side (WebCrypto, asynchronous); the gateway opens and seals the same format with
 * node:crypto.
 */
export const ENVELOPE_HEADER = 'x-metatag-envelope';
export const ENVELOPE_PREFIX = '/e/';
/** `<meta name="metatag-envelope" content="{base64url key}">` in the served index.html. */
export const ENVELOPE_META = 'metatag-envelope';
/**
 * `<meta name="metatag-public-origins" content="{origin} {origin}…">` in the served index.html: the
 * configured PUBLIC_URL origins, canonical first. The page builds every address it hands out (a shop's
 * webhook URL, a tap URL) from the first, and recognises its own URLs by all of them; never from
 * `window.location`, which is whatever host the page was opened through.
 */
export const PUBLIC_ORIGINS_META = 'metatag-public-origins';
export const ENVELOPE_IV_BYTES = 12;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A WebCrypto key (named without the DOM lib, which server packages do not load). */
export type EnvelopeKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

export function importEnvelopeKey(base64UrlKey: string): Promise<EnvelopeKey> {
  return crypto.subtle.importKey('raw', fromBase64Url(base64UrlKey), 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ]);
}

export async function sealText(key: EnvelopeKey, text: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(ENVELOPE_IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(text)),
  );
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64Url(out);
}

/** Rejects when the text was not sealed with this key or was altered. */
export async function openText(key: EnvelopeKey, sealed: string): Promise<string> {
  const bytes = fromBase64Url(sealed);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, ENVELOPE_IV_BYTES) },
    key,
    bytes.subarray(ENVELOPE_IV_BYTES),
  );
  return new TextDecoder().decode(plain);
}
