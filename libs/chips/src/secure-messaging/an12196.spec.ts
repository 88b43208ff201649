import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  changeKeyApdu,
  crc32nk,
  AesSuite,
  fromHex,
  hex,
  hostAuth,
  LrpSuite,
  unwrapResponse,
  wrapCommand,
  type SessionState,
} from './index.js';

// Known answers from NXP's worked examples: AN12196 Rev. 2.0 ("NTAG 424 DNA and NTAG 424 DNA TagTamper
// features and hints") sections 5.3, 5.4, 6.6, 6.10, 6.12, 7.3 and AN12321 Rev. 1.0 ("LRP for MIFARE
// DESFire EV3 / NTAG 424 DNA") section 4 Table 2. Every value below is the note's, byte for byte.
const zero = Buffer.alloc(16);

test('AN12196 6.6: AuthenticateEV2First with key 0 (RndA 13C5DB8A…)', () => {
  const auth = hostAuth(zero, 0, fromHex('13C5DB8A5930439FC3DEF9A4C675360F'), 'ev2');
  assert.equal(hex(auth.cmd1), '9071000002000000');
  assert.equal(
    hex(auth.part2(fromHex('A04C124213C186F22399D33AC2A30215'))),
    '90AF00002035C3E05A752E0144BAC0DE51C1F22C56B34408A23D8AEA266CAB947EA8E0118D00',
  );
  assert.equal(hex(auth.keys()!.enc), '1309C877509E5A215007FF0ED19CA564');
  assert.equal(hex(auth.keys()!.mac), '4C6626F5E72EA694202139295C7A7FC7');
  const session = auth.finish(fromHex('3FA64DB5446D1F34CD6EA311167F5E4985B89690C04A05F17FA7AB2F08120663'));
  assert.equal(hex(session.ti), '9D00C4DF');
  assert.equal(hex(session.rndB), 'B9E2FC789B64BF237CCCAA20EC7E6E48');
  assert.equal(session.counter, 0);
});

test('AN12196 6.10: AuthenticateEV2First (RndA B98F4C50…) gives TI 7614281A and its session keys', () => {
  const auth = hostAuth(zero, 0, fromHex('B98F4C50CF1C2E084FD150E33992B048'), 'ev2');
  assert.equal(
    hex(auth.part2(fromHex('B875CEB0E66A6C5CD00898DC371F92D1'))),
    '90AF000020FF0306E47DFBC50087C4D8A78E88E62DE1E8BE457AA477C707E2F0874916A8B100',
  );
  const session = auth.finish(fromHex('0CC9A8094A8EEA683ECAAC5C7BF20584206D0608D477110FC6B3D5D3F65C3A6A'));
  assert.equal(hex(session.ti), '7614281A');
  assert.equal(hex(auth.keys()!.enc), '7A93D6571E4B180FCA6AC90C9A7488D4');
  assert.equal(hex(auth.keys()!.mac), 'FC4AF159B62E549B5812394CAB1918CC');
});

test("a wrong key is refused at the chip's second reply", () => {
  const auth = hostAuth(Buffer.alloc(16, 1), 0, fromHex('13C5DB8A5930439FC3DEF9A4C675360F'), 'ev2');
  auth.part2(fromHex('A04C124213C186F22399D33AC2A30215'));
  assert.throws(
    () => auth.finish(fromHex('3FA64DB5446D1F34CD6EA311167F5E4985B89690C04A05F17FA7AB2F08120663')),
    /did not prove/,
  );
});

const aes = (enc: string, mac: string, ti: string): SessionState => ({
  suite: new AesSuite(fromHex(enc), fromHex(mac)),
  ti: fromHex(ti),
  counter: 0,
});

test('AN12196 5.3: GetFileSettings in CommMode.MAC, command and response', () => {
  const s = aes('00000000000000000000000000000000', '8248134A386E86EB7FAF54A52E536CB6', '7A21085E');
  assert.equal(hex(wrapCommand(s, fromHex('90F50000010200'), 'mac', 1, 0)), '90F5000009026597A457C8CD442C00');
  const reply = unwrapResponse(
    s,
    fromHex('0040EEEE000100D1FE001F00004400004400002000006A00002A474282E7A479869100'),
    'mac',
    0,
  );
  assert.deepEqual(
    { ok: reply.ok, sw: reply.sw.toString(16), data: hex(reply.data) },
    { ok: true, sw: '9100', data: '0040EEEE000100D1FE001F00004400004400002000006A0000' },
  );
  const tampered = unwrapResponse(
    s,
    fromHex(
      '0040EEEE000100D1FE001F00004400004400002000006A00002A474282E7A479869000'
        .replace(/9000$/, '9100')
        .replace('2A47', '2A48'),
    ),
    'mac',
    0,
  );
  assert.equal(tampered.ok, false);
});

test('AN12196 5.4: WriteData of an NDEF file in CommMode.FULL, command and response', () => {
  const s = aes('1309C877509E5A215007FF0ED19CA564', '4C6626F5E72EA694202139295C7A7FC7', '9D00C4DF');
  const plain =
    '908D000087020000008000000051D1014D550463686F6F73652E75726C2E636F6D2F6E7461673432343F653D3030303030303030303030303030303030303030' +
    '30303030303030303030303026633D30303030303030303030303030303030000000000000000000000000000000000000000000000000000000000000000000' +
    '00000000000000000000000000';
  assert.equal(
    hex(wrapCommand(s, fromHex(plain), 'full', 7, 0)),
    '908D00009F02000000800000421C73A27D827658AF481FDFF20A5025B559D0E3AA21E58D347F343CFFC768BFE596C706BC00F2176781D4B0242642A0FF5A42C4' +
      '61AAF894D9A1284B8C76BCFA658ACD40555D362E08DB15CF421B51283F9064BCBE20E96CAE545B407C9D651A3315B27373772E5DA2367D2064AE054AF996C6F1' +
      'F669170FA88CE8C4E3A4A7BBBEF0FD971FF532C3A802AF745660F2B4D1D9A8499661EBF300',
  );
  assert.deepEqual(unwrapResponse(s, fromHex('FC222E5F7A5424529100'), 'full', 0), {
    ok: true,
    sw: 0x9100,
    data: Buffer.alloc(0),
  });
});

test('AN12196 6.12: WriteData in CommMode.FULL after the 6.10 authentication', () => {
  const s = aes('7A93D6571E4B180FCA6AC90C9A7488D4', 'FC4AF159B62E549B5812394CAB1918CC', '7614281A');
  assert.equal(
    hex(wrapCommand(s, fromHex('908D000011030000000A00000102030405060708090A00'), 'full', 7, 0)),
    '908D00001F030000000A00006B5E6804909962FC4E3FF5522CF0F8436C0C53315B9C73AA00',
  );
  assert.equal(unwrapResponse(s, fromHex('C26D236E4A7C046D9100'), 'full', 0).ok, true);
});

test('AN12196 7.3: GetCardUID, response data in CommMode.FULL', () => {
  const s = aes('2B4D963C014DC36F24F69A50A394F875', '379D32130CE61705DD5FD8C36B95D764', 'DF055522');
  assert.equal(hex(wrapCommand(s, fromHex('9051000000'), 'full', 0, 0)), '90510000088E2C155ADDA99BE300');
  const reply = unwrapResponse(s, fromHex('70756055688505B52A5E26E59E329CD6595F672298EA41B79100'), 'full', 0);
  assert.deepEqual({ ok: reply.ok, data: hex(reply.data) }, { ok: true, data: '04958CAA5C5E80' });
});

test('AN12321 Table 2: AuthenticateLRPFirst (RndA 74D7DF6A…) gives the session keys and TI 58EE9424', () => {
  const auth = hostAuth(zero, 0, fromHex('74D7DF6A2CEC0B72B412DE0D2B1117E6'), 'lrp');
  assert.equal(hex(auth.cmd1), '9071000008000602000000000000');
  assert.equal(
    hex(auth.part2(fromHex('0156109A31977C855319CD4618C9D2AED2'))),
    '90AF00002074D7DF6A2CEC0B72B412DE0D2B1117E6189B59DCEDC31A3D3F38EF8D4810B3B400',
  );
  const lrp = new LrpSuite(auth.keys()!.mac).lrp;
  assert.equal(hex(lrp.updatedKeys[0]), 'F56CADE598CC2A3FE47E438CFEB885DB'); // SesAuthMACUpdateKey
  assert.equal(hex(lrp.updatedKeys[1]), 'E9043D65AB21C0C422781099AB25EFDD'); // SesAuthENCUpdateKey
  const session = auth.finish(fromHex('F4FC209D9D60623588B299FA5D6B2D710125F8547D9FB8D572C90D2C2A14E235'));
  assert.equal(hex(session.ti), '58EE9424');
});

const tables25and26 = () =>
  aes('4CF3CB41A22583A61E89B158D252FC53', '5529860B2FC5FB6154B7F28361D30BF9', '7614281A');

test('AN12196 5.16.1 Table 25: ChangeKey of key 2 (old key zero) at CmdCtr 2, CRC32NK 789DFADC', () => {
  const newKey = fromHex('F3847D627727ED3BC9C4CC050489B966');
  assert.equal(hex(crc32nk(newKey)), '789DFADC');
  const s = tables25and26();
  const secured = wrapCommand(s, changeKeyApdu(2, 0, newKey, 1, zero), 'full', 1, 2);
  assert.equal(
    hex(secured),
    '90C4000029022CF362B7BF4311FF3BE1DAA295E8C68DE09050560D19B9E16C2393AE9CD1FAC75D0CE20BCD1D06E600',
  );
  assert.equal(unwrapResponse(s, fromHex('203BB55D1089D5879100'), 'mac', 2).ok, true);
});

test('AN12196 5.16.2 Table 26: ChangeKey of key 0 while authenticated with it, at CmdCtr 3', () => {
  const secured = wrapCommand(
    tables25and26(),
    changeKeyApdu(0, 0, fromHex('5004BF991F408672B1EF00F08F9E8647'), 1),
    'full',
    1,
    3,
  );
  assert.equal(
    hex(secured),
    '90C400002900C0EB4DEEFEDDF0B513A03A95A75491818580503190D4D05053FF75668A01D6FDA6610234BDED643200',
  );
});

test('AN12196 5.9 Table 18: ChangeFileSettings enabling SUN, CommMode.FULL at CmdCtr 1', () => {
  const s = aes('1309C877509E5A215007FF0ED19CA564', '4C6626F5E72EA694202139295C7A7FC7', '9D00C4DF');
  const plain = fromHex('905F000010024000E0C1F12120000043000043000000');
  assert.equal(
    hex(wrapCommand(s, plain, 'full', 1, 1)),
    '905F0000190261B6D97903566E84C3AE5274467E89EAD799B7C1A0EF7A0400',
  );
  assert.equal(unwrapResponse(s, fromHex('57BFF87B1241E93D9100'), 'full', 1).ok, true);
});
