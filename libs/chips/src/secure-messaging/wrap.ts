import { timingSafeEqual } from 'node:crypto';
import { pad, truncateMac, unpad } from './bytes.js';
import type { Suite } from './suite.js';

/** CommMode of a command (NT4H2421Gx section 8.2.3.1): what protects its data and its response. */
export type CommMode = 'plain' | 'mac' | 'full';

/** Where a session stands: transaction identifier and the command counter of the next command. */
export interface SessionState {
  suite: Suite;
  ti: Buffer;
  counter: number;
}

const counterBytes = (counter: number) => {
  const out = Buffer.alloc(2);
  out.writeUInt16LE(counter & 0xffff);
  return out;
};

/** MACt over Cmd ‖ CmdCtr ‖ TI ‖ CmdHeader ‖ CmdData (AN12196 section 4.4.2). */
export function commandMac(s: SessionState, ins: number, counter: number, data: Buffer): Buffer {
  return truncateMac(s.suite.mac(Buffer.concat([Buffer.of(ins), counterBytes(counter), s.ti, data])));
}

/** MACt over RC ‖ CmdCtr+1 ‖ TI ‖ RespData (AN12196 section 4.4.2): the response's. */
export function responseMac(s: SessionState, rc: number, counter: number, data: Buffer): Buffer {
  return truncateMac(s.suite.mac(Buffer.concat([Buffer.of(rc), counterBytes(counter + 1), s.ti, data])));
}

/** A short ISO 7816-4 APDU's parts: the native command wrapped as 90 INS 00 00 Lc data [Le]. */
export function parseApdu(apdu: Buffer): { cla: number; ins: number; p1: number; p2: number; data: Buffer } {
  if (apdu.length < 4) throw new Error('an APDU has at least 4 bytes');
  const lc = apdu.length > 5 ? apdu[4] : 0;
  if (apdu.length > 5 && apdu.length !== 5 + lc && apdu.length !== 6 + lc)
    throw new Error(`APDU length ${apdu.length} does not match Lc ${lc}`);
  return { cla: apdu[0], ins: apdu[1], p1: apdu[2], p2: apdu[3], data: apdu.subarray(5, 5 + lc) };
}

const nativeApdu = (ins: number, data: Buffer) =>
  Buffer.concat([
    Buffer.of(0x90, ins, 0, 0),
    data.length ? Buffer.of(data.length) : Buffer.alloc(0),
    data,
    Buffer.of(0),
  ]);

/**
 * The secured form of a plain native command at `counter` (AN12196 sections 5.3, 5.4): the first
 * `headerLen` data bytes stay in clear; in FULL the rest is padded and encrypted; then the MACt.
 */
export function wrapCommand(
  s: SessionState,
  apdu: Buffer,
  mode: CommMode,
  headerLen: number,
  counter: number,
): Buffer {
  const { ins, data } = parseApdu(apdu);
  if (mode === 'plain') return Buffer.from(apdu);
  if (headerLen > data.length) throw new Error('--header-len is longer than the command data');
  const header = data.subarray(0, headerLen);
  let body = data.subarray(headerLen);
  if (mode === 'full' && body.length > 0) body = s.suite.encryptCommand(s.ti, counter, pad(body));
  const secured = Buffer.concat([header, body]);
  return nativeApdu(ins, Buffer.concat([secured, commandMac(s, ins, counter, secured)]));
}

export interface Unwrapped {
  ok: boolean;
  sw: number;
  data: Buffer;
}

/** Checks (and in FULL decrypts) a response to the command sent at `counter`. */
export function unwrapResponse(
  s: SessionState,
  response: Buffer,
  mode: CommMode,
  counter: number,
): Unwrapped {
  if (response.length < 2) return { ok: false, sw: 0, data: Buffer.alloc(0) };
  const sw = response.readUInt16BE(response.length - 2);
  const body = response.subarray(0, response.length - 2);
  const success = sw === 0x9100 || sw === 0x9000;
  if (!success) return { ok: false, sw, data: Buffer.alloc(0) };
  if (mode === 'plain') return { ok: true, sw, data: body };
  if (body.length < 8) return { ok: false, sw, data: Buffer.alloc(0) };
  const data = body.subarray(0, body.length - 8);
  const expected = responseMac(s, sw & 0xff, counter, data);
  if (!timingSafeEqual(expected, body.subarray(body.length - 8)))
    return { ok: false, sw, data: Buffer.alloc(0) };
  if (mode === 'mac' || data.length === 0) return { ok: true, sw, data };
  if (data.length % 16 !== 0) return { ok: false, sw, data: Buffer.alloc(0) };
  const plain = unpad(s.suite.decryptResponse(s.ti, counter, data));
  return plain ? { ok: true, sw, data: plain } : { ok: false, sw, data: Buffer.alloc(0) };
}

/** The card's side: checks a secured command's MACt and in FULL decrypts its data past the header. */
export function openCommand(
  s: SessionState,
  ins: number,
  data: Buffer,
  mode: CommMode,
  headerLen: number,
): Buffer | undefined {
  if (mode === 'plain') return data;
  if (data.length < 8 + headerLen) return undefined;
  const secured = data.subarray(0, data.length - 8);
  const mac = commandMac(s, ins, s.counter, secured);
  if (!timingSafeEqual(mac, data.subarray(data.length - 8))) return undefined;
  const header = secured.subarray(0, headerLen);
  const body = secured.subarray(headerLen);
  if (mode === 'mac' || body.length === 0) return secured;
  if (body.length % 16 !== 0) return undefined;
  const plain = unpad(s.suite.decryptCommand(s.ti, s.counter, body));
  return plain ? Buffer.concat([header, plain]) : undefined;
}

/** The card's side: a success response in `mode` for the command at `counter` (data ‖ MACt ‖ 91 00). */
export function sealResponse(s: SessionState, data: Buffer, mode: CommMode, counter: number): Buffer {
  if (mode === 'plain') return Buffer.concat([data, Buffer.of(0x91, 0x00)]);
  const body = mode === 'full' && data.length > 0 ? s.suite.encryptResponse(s.ti, counter, pad(data)) : data;
  return Buffer.concat([body, responseMac(s, 0x00, counter, body), Buffer.of(0x91, 0x00)]);
}
