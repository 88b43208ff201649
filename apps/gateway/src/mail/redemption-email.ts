import { createElement as h } from 'react';
import { render, toPlainText } from '@react-email/render';
import type { RedemptionRecord } from '@metatag/api-types';
import type { RenderedEmail } from './nft-email.js';

/** The shop's notice of a redemption (issue #32 item 5): what to hand over, to whom, and the proof. */
export interface RedemptionMailData {
  title: string;
  record: RedemptionRecord;
}

const font = 'Helvetica, Arial, sans-serif';
const KIND = { good: 'a physical good', discount: 'a discount code', token: 'another token' } as const;

function RedemptionMail({ title, record }: RedemptionMailData) {
  const p = (text: string, color = '#1d1d1f') => h('p', { style: { fontSize: '15px', color } }, text);
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, `Redeemed: ${title}`)),
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
        h('h1', { style: { fontSize: '22px', margin: '0 0 8px' } }, `Redeemed: ${title}`),
        p(`Token #${record.tokenId} was redeemed for ${KIND[record.kind]}: ${record.description}`),
        p(`Holder: ${record.holder}`),
        p(
          record.burned
            ? 'The token was burned: it cannot be redeemed again.'
            : 'The token is locked forever: it cannot be redeemed again.',
        ),
        p(`Redeemed on ${new Date(record.redeemedAt).toUTCString()}`, '#555'),
        p(`Chain ${record.chain}, collection ${record.collection}, transaction ${record.txHash}`, '#777'),
      ),
    ),
  );
}

export async function renderRedemptionMail(data: RedemptionMailData): Promise<RenderedEmail> {
  const html = await render(h(RedemptionMail, data));
  return { subject: `Redeemed: ${data.title} #${data.record.tokenId}`, html, text: toPlainText(html) };
}
