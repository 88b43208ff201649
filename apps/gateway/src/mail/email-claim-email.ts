import { createElement as h } from 'react';
import { render, toPlainText } from '@react-email/render';
import type { RenderedEmail } from './nft-email.js';

/** The one-time link of an email claim (issue #29 item 3). */
export interface EmailClaimMailData {
  title: string;
  /** `{PUBLIC_URL}/email-claim#{token}`: the token in the fragment never reaches a server's logs. */
  url: string;
  expiresAt: Date;
}

const font = 'Helvetica, Arial, sans-serif';

function EmailClaimMail(data: EmailClaimMailData) {
  const p = (text: string, color = '#1d1d1f') => h('p', { style: { fontSize: '15px', color } }, text);
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, data.title)),
    h(
      'body',
      { style: { margin: 0, padding: '24px', background: '#f4f5f7', fontFamily: font, color: '#1d1d1f' } },
      h(
        'div',
        {
          style: {
            maxWidth: '560px',
            margin: '0 auto',
            background: '#ffffff',
            padding: '24px',
            borderRadius: '8px',
          },
        },
        h('h1', { style: { fontSize: '22px', margin: '0 0 8px' } }, data.title),
        p('You asked to claim this NFT by email. It is held for you until the time below.'),
        h(
          'a',
          {
            href: data.url,
            style: {
              display: 'inline-block',
              padding: '12px 22px',
              background: '#1f6feb',
              color: '#ffffff',
              borderRadius: '6px',
              textDecoration: 'none',
              fontWeight: 'bold',
            },
          },
          'Claim your NFT',
        ),
        p(`This link works once, until ${data.expiresAt.toUTCString()}.`, '#555'),
        p(`If the button does not work, open: ${data.url}`, '#777'),
        p(
          'If you did not ask for this, ignore this email: the NFT is released when the link expires.',
          '#777',
        ),
      ),
    ),
  );
}

export async function renderEmailClaimMail(data: EmailClaimMailData): Promise<RenderedEmail> {
  const html = await render(h(EmailClaimMail, data));
  return { subject: `Claim your NFT: ${data.title}`, html, text: toPlainText(html) };
}
