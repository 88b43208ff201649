/**
 * The read-more marker of a description (spec section 2: READ MORE / READ LESS toggles appear when the
 * description contains it). The spec does not name it; we use `[read-more]` (any case), typed by the
 * admin where the short text ends. Documented in apps/web/README.md.
 */
export const READ_MORE_MARKER = /\[read-more\]/i;

/** A description as one line of text (search results): the marker is for the chip page, never shown. */
export function withoutReadMore(text: string): string {
  return text.replace(new RegExp(READ_MORE_MARKER.source, 'gi'), ' ').replace(/\s+/g, ' ').trim();
}

export interface DescriptionParts {
  /** Shown at first. */
  short: string;
  /** The rest, shown after READ MORE; null when there is no marker. */
  more: string | null;
}

export function splitDescription(text: string): DescriptionParts {
  const match = READ_MORE_MARKER.exec(text);
  if (!match) return { short: text, more: null };
  return { short: text.slice(0, match.index), more: text.slice(match.index + match[0].length) };
}

export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string };

/** URLs in a description become links (spec section 2); only http(s) URLs, never other schemes. */
const URL = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?)\]]+$/;

export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL)) {
    const start = match.index;
    let href = match[0];
    const trailing = TRAILING.exec(href)?.[0] ?? '';
    if (trailing) href = href.slice(0, -trailing.length);
    if (start > last) pieces.push({ kind: 'text', text: text.slice(last, start) });
    pieces.push({ kind: 'link', href, text: href });
    last = start + href.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}
