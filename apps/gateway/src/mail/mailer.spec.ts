import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer } from './mailer.js';
import { renderNftEmail } from './nft-email.js';

const data = {
  title: 'Golden <Ticket>',
  imageUrl: 'https://metatag.example/nft-media/7?x=1',
  collection: 'Gold',
  chain: 'polygon',
  claimUrls: ['https://metatag.example/link/AbC123xyz0', 'https://metatag.example/link/ZzZ987'],
  reason: 'Order #1234',
};

test('the NFT email: image, title, collection, a claim button per link; HTML escapes; a text part', async () => {
  const mail = await renderNftEmail(data);
  assert.equal(mail.subject, 'Your NFT: Golden <Ticket>');
  assert.match(mail.html, /<img [^>]*src="https:\/\/metatag.example\/nft-media\/7\?x=1"/);
  assert.ok(mail.html.includes('Golden &lt;Ticket&gt;'), 'the title is escaped');
  assert.ok(!mail.html.includes('<Ticket>'));
  assert.match(mail.html, /Collection: Gold · polygon/);
  assert.match(mail.html, /href="https:\/\/metatag.example\/link\/AbC123xyz0"[^>]*>Claim NFT 1</);
  assert.match(mail.html, /Claim NFT 2</);
  assert.match(mail.text, /Golden <Ticket>/i); // html-to-text capitalises headings
  assert.match(mail.text, /https:\/\/metatag.example\/link\/ZzZ987/);
});

test('without SMTP_URL each message is kept as an .eml file, listed newest first', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mail-'));
  try {
    const mailer = createMailer({ MAIL_FROM: 'MetaTag <no-reply@metatag.local>', MAIL_DIR: dir });
    assert.equal(mailer.kind, 'files');
    await mailer.send({ to: 'bea@example.org', ...(await renderNftEmail(data)) });
    const [kept] = await mailer.list(10);
    assert.ok(kept, 'one message kept');
    const eml = (await mailer.read(kept.name))!;
    assert.match(eml, /^To: bea@example.org$/m);
    assert.match(eml, /multipart\/alternative/);
    assert.match(eml, /text\/plain/);
    assert.match(eml, /text\/html/);
    assert.equal(await mailer.read('../secrets.json'), undefined, 'only kept message names are read');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
