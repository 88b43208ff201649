import { useState } from 'react';
import { READ_LESS, READ_MORE } from './chipTexts.js';
import { linkify, splitDescription } from './description.js';

function Linkified({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((piece, index) =>
        piece.kind === 'link' ? (
          <a key={index} href={piece.href} target="_blank" rel="noreferrer noopener">
            {piece.text}
          </a>
        ) : (
          <span key={index}>{piece.text}</span>
        ),
      )}
    </>
  );
}

/** The description: URLs as links; READ MORE / READ LESS at the read-more marker (spec section 2). */
export function ChipDescription({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const { short, more } = splitDescription(text);
  if (!text.trim()) return null;
  return (
    <div className="chip-description" data-testid="chip-description">
      <Linkified text={short} />
      {more !== null && open && <Linkified text={more} />}
      {more !== null && (
        <button type="button" className="chip-description__toggle" onClick={() => setOpen((v) => !v)}>
          {open ? READ_LESS : READ_MORE}
        </button>
      )}
    </div>
  );
}
