import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MintTicketCodec, type MintTicket } from './mint-ticket.js';

const ticket: MintTicket = { u: 3, c: 'ganache', n: 7, l: 'AbC123', o: 'https://shop.example', e: 1_000 };

test('a mint ticket verifies until it expires, under the same secret only', () => {
  const codec = new MintTicketCodec('s'.repeat(64));
  const text = codec.sign(ticket);
  assert.deepEqual(codec.verify(text, 999), ticket);
  assert.equal(codec.verify(text, 1_000), undefined);
  assert.equal(new MintTicketCodec('t'.repeat(64)).verify(text, 0), undefined);
});

test('an altered, truncated or foreign ticket is refused', () => {
  const codec = new MintTicketCodec('s'.repeat(64));
  const [prefix, , mac] = codec.sign(ticket).split('.');
  const other = Buffer.from(JSON.stringify({ ...ticket, o: 'https://evil.example' })).toString('base64url');
  for (const text of [`${prefix}.${other}.${mac}`, `${prefix}.${other}`, '', 'mt1..', 'mt2.e30.x', 'a.b.c.d'])
    assert.equal(codec.verify(text, 0), undefined, text);
});
