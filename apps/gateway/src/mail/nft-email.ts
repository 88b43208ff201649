import { createElement as h, type ReactNode } from 'react';
import { render, toPlainText } from '@react-email/render';

/** What the buyer's email shows: the NFT and one claim button per link. */
export interface NftEmailData {
  title: string;
  /** Absolute URL of the NFT's image (the public `/nft-media/{id}`); '' when the template has none. */
  imageUrl: string;
  /** The collection's name, or its address when it has none. */
  collection: string;
  chain: string;
  /** Absolute `/link/{id}` URLs, one per unit bought. */
  claimUrls: string[];
  /** e.g. "Order #1234": why the buyer gets this email. */
  reason: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const font = 'Helvetica, Arial, sans-serif';

function row(...cells: ReactNode[]) {
  return h('tr', null, h('td', { style: { padding: '8px 24px' } }, ...cells));
}

function button(href: string, label: string, key: number) {
  return h(
    'a',
    {
      key,
      href,
      style: {
        display: 'inline-block',
        margin: '6px 0',
        padding: '12px 22px',
        background: '#1f6feb',
        color: '#ffffff',
        borderRadius: '6px',
        textDecoration: 'none',
        fontWeight: 'bold',
        fontFamily: font,
      },
    },
    label,
  );
}

/** The email as a React element tree: React escapes every value, so titles cannot inject markup. */
function NftEmail(data: NftEmailData) {
  const many = data.claimUrls.length > 1;
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, data.title)),
    h(
      'body',
      { style: { margin: 0, background: '#f4f5f7', fontFamily: font, color: '#1d1d1f' } },
      h(
        'table',
        {
          role: 'presentation',
          width: '100%',
          cellPadding: 0,
          cellSpacing: 0,
          style: { maxWidth: '560px', margin: '24px auto', background: '#ffffff', borderRadius: '8px' },
        },
        h(
          'tbody',
          null,
          row(h('p', { style: { margin: '16px 0 0', fontSize: '14px', color: '#555' } }, data.reason)),
          data.imageUrl
            ? row(
                h('img', {
                  src: data.imageUrl,
                  alt: data.title,
                  width: 512,
                  style: { display: 'block', width: '100%', maxWidth: '512px', borderRadius: '6px' },
                }),
              )
            : null,
          row(h('h1', { style: { margin: '8px 0 4px', fontSize: '22px' } }, data.title)),
          row(
            h(
              'p',
              { style: { margin: 0, fontSize: '14px', color: '#555' } },
              `Collection: ${data.collection} · ${data.chain}`,
            ),
          ),
          row(
            h(
              'p',
              { style: { fontSize: '15px' } },
              many
                ? `Your purchase comes with ${data.claimUrls.length} NFTs. Claim each one with its button:`
                : 'Your purchase comes with this NFT. Claim it to your wallet:',
            ),
          ),
          row(
            ...data.claimUrls.map((url, i) =>
              h('div', { key: i }, button(url, many ? `Claim NFT ${i + 1}` : 'Claim your NFT', i)),
            ),
          ),
          row(
            h(
              'p',
              { style: { fontSize: '12px', color: '#777', wordBreak: 'break-all' } },
              'If the button does not work, open: ',
              ...data.claimUrls.map((url, i) => h('span', { key: i }, i > 0 ? ' · ' : '', url)),
            ),
          ),
        ),
      ),
    ),
  );
}

/** HTML and plain-text parts of the buyer's NFT email, rendered by react-email. */
export async function renderNftEmail(data: NftEmailData): Promise<RenderedEmail> {
  const html = await render(h(NftEmail, data));
  return { subject: `Your NFT: ${data.title}`, html, text: toPlainText(html) };
}
