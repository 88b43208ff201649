/**
 * Keys anyone can look up: a chip (or a fleet master key) holding one of them authenticates taps that
 * anyone can forge. Sources: the NTAG 424 DNA factory default (all zero, also sdm-backend's demo
 * master key and every SUN example of AN12196), AN12196's ChangeKey examples (Tables 25-27), AN10922's
 * example master key, RFC 4493's example key, sdm-backend's test keys, and the trivial patterns.
 */
const WELL_KNOWN = new Map<string, string>([
  ['00000000000000000000000000000000', 'the all-zero factory default key'],
  ['ffffffffffffffffffffffffffffffff', 'an all-FF key'],
  ['000102030405060708090a0b0c0d0e0f', 'a counting-bytes example key'],
  ['00112233445566778899aabbccddeeff', 'the NXP AN10922 example master key'],
  ['5004bf991f408672b1ef00f08f9e8647', 'an NXP AN12196 example key'],
  ['f3847d627727ed3bc9c4cc050489b966', 'an NXP AN12196 example key'],
  ['2b7e151628aed2a6abf7158809cf4f3c', 'the RFC 4493 example key'],
  ['c9eb67df090aff47c3b19a2516680b9d', 'an sdm-backend test key'],
  ['b95f4c27e3d0bc333792ea968545217f', 'an sdm-backend test key'],
  ['42aff114f2cb3b6141be6dc95dfc5416', 'an sdm-backend test key'],
  ['b62a9baf092439bd43c62aee96b970c5', 'an sdm-backend test key'],
  ['47bbb68afa73f31310beefce5dda692dbad671a03fead5a9bbdbcf3cd6d4c521', 'an sdm-backend test master key'],
]);

/** What a published or factory key is, or undefined for a key nobody publishes. */
export function wellKnownKey(key: Buffer | string): string | undefined {
  const hex = (typeof key === 'string' ? key : key.toString('hex')).toLowerCase();
  if (/^(.)\1*$/.test(hex)) return WELL_KNOWN.get(hex) ?? 'a key of one repeated digit';
  return WELL_KNOWN.get(hex);
}
