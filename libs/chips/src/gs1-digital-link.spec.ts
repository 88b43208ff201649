import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gtinCheckDigitOk, parseGs1DigitalLink } from './index.js';

// Examples from the GS1 Digital Link Standard: URI Syntax (release 1.4, sections 4 and 8) and the
// GS1 General Specifications' check digit example.
test('GS1 published Digital Link examples parse', () => {
  assert.deepEqual(parseGs1DigitalLink('/01/09506000134352'), { gtin: '09506000134352', stem: '' });
  assert.deepEqual(parseGs1DigitalLink('/01/09506000134352/10/AB-123'), {
    gtin: '09506000134352',
    lot: 'AB-123',
    stem: '',
  });
  assert.deepEqual(parseGs1DigitalLink('/01/09506000134352/10/ABC123/21/12345'), {
    gtin: '09506000134352',
    lot: 'ABC123',
    serial: '12345',
    stem: '',
  });
  assert.deepEqual(parseGs1DigitalLink('/some/stem/01/09506000134352/21/12345'), {
    gtin: '09506000134352',
    serial: '12345',
    stem: '/some/stem',
  });
  // GTIN-13 (9506000134352) becomes GTIN-14; a percent-encoded serial is decoded
  assert.deepEqual(parseGs1DigitalLink('/01/9506000134352/21/A%2FB'), {
    gtin: '09506000134352',
    serial: 'A/B',
    stem: '',
  });
});

test('invalid Digital Links are refused', () => {
  assert.equal(parseGs1DigitalLink('/01/09506000134353/21/1'), undefined, 'bad check digit');
  assert.equal(parseGs1DigitalLink('/01/09506000134352/21/1/10/A'), undefined, 'qualifiers out of order');
  assert.equal(parseGs1DigitalLink('/01/09506000134352/99/1'), undefined, 'unknown qualifier');
  assert.equal(parseGs1DigitalLink(`/01/09506000134352/21/${'1'.repeat(21)}`), undefined, 'serial over 20');
  assert.equal(parseGs1DigitalLink('/01/09506000134352/21/a b'), undefined, 'outside CSET 82');
  assert.equal(parseGs1DigitalLink('/tag/abc'), undefined);
});

test('GTIN check digits (GS1 General Specifications 7.9.1)', () => {
  assert.equal(gtinCheckDigitOk('09506000134352'), true);
  assert.equal(gtinCheckDigitOk('4006381333931'), true);
  assert.equal(gtinCheckDigitOk('96385074'), true);
  assert.equal(gtinCheckDigitOk('4006381333932'), false);
});
