import { randomBytes } from 'node:crypto';
import type { CardChannel } from '../pcsc/port.js';
import { hostAuth } from '../secure-messaging/auth.js';
import { changeKeyApdu } from '../secure-messaging/change-key.js';
import { unwrapResponse, wrapCommand, type CommMode, type SessionState } from '../secure-messaging/wrap.js';

/** A native status the chip answered instead of 91 00 (NT4H2421Gx Table 22). */
export class ChipStatusError extends Error {
  constructor(
    readonly command: string,
    readonly sw: number,
  ) {
    super(
      `${command}: the chip answered ${sw.toString(16).toUpperCase().padStart(4, '0')}${STATUS_NAMES[sw & 0xff] ? ` (${STATUS_NAMES[sw & 0xff]})` : ''}`,
    );
  }
}
const STATUS_NAMES: Record<number, string> = {
  0x1c: 'illegal command',
  0x1e: 'integrity error',
  0x40: 'no such key',
  0x7e: 'length error',
  0x9d: 'permission denied',
  0x9e: 'parameter error',
  0xae: 'authentication error',
  0xbe: 'boundary error',
  0xf0: 'file not found',
};

const apdu = (ins: number, data: Buffer = Buffer.alloc(0)) =>
  Buffer.concat([
    Buffer.of(0x90, ins, 0, 0),
    data.length ? Buffer.of(data.length) : Buffer.alloc(0),
    data,
    Buffer.of(0),
  ]);
const le3 = (n: number) => Buffer.of(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff);

/**
 * The host's side of an NTAG 424 DNA over a PC/SC card channel: ISO selection, the native commands
 * personalisation uses, and the secure messaging session (command counter, MAC, encryption) once
 * authenticated. Counts the APDUs it sends.
 */
export class Ntag424Host {
  session?: SessionState & { keyNo: number; suite: SessionState['suite'] };
  apdus = 0;

  constructor(
    private readonly card: CardChannel,
    private readonly random: (n: number) => Buffer = randomBytes,
  ) {}

  async raw(command: Buffer): Promise<Buffer> {
    this.apdus += 1;
    return Buffer.from(await this.card.transmit(command));
  }

  private static sw(reply: Buffer): number {
    return reply.length >= 2 ? reply.readUInt16BE(reply.length - 2) : 0;
  }

  async selectApplication(): Promise<void> {
    const reply = await this.raw(Buffer.from('00a4040007d276000085010100', 'hex'));
    if (Ntag424Host.sw(reply) !== 0x9000)
      throw new ChipStatusError('ISOSelectFile (NDEF application)', Ntag424Host.sw(reply));
    this.session = undefined;
  }

  /** The UID the reader saw at anticollision (PC/SC GET DATA, FF CA 00 00 00). */
  async readerUid(): Promise<string> {
    const reply = await this.raw(Buffer.from('ffca000000', 'hex'));
    if (Ntag424Host.sw(reply) !== 0x9000) throw new ChipStatusError('GET DATA (UID)', Ntag424Host.sw(reply));
    return reply.subarray(0, -2).toString('hex').toUpperCase();
  }

  /** GetVersion's three parts (NT4H2421Gx section 10.5.2): vendor, type, subtype (08 = TT), … */
  async getVersion(): Promise<{ vendor: number; type: number; subtype: number; tt: boolean }> {
    let reply = await this.raw(apdu(0x60));
    const first = reply;
    for (let part = 0; part < 2 && Ntag424Host.sw(reply) === 0x91af; part++)
      reply = await this.raw(apdu(0xaf));
    if (Ntag424Host.sw(reply) !== 0x9100) throw new ChipStatusError('GetVersion', Ntag424Host.sw(reply));
    return { vendor: first[0], type: first[1], subtype: first[2], tt: first[2] === 0x08 };
  }

  /** AuthenticateEV2First (AES) or AuthenticateLRPFirst with `key` as key `keyNo`; false on 91 AE. */
  async authenticate(keyNo: number, key: Buffer, suite: 'aes' | 'lrp'): Promise<boolean> {
    this.session = undefined;
    const auth = hostAuth(key, keyNo, this.random(16), suite === 'lrp' ? 'lrp' : 'ev2');
    const first = await this.raw(auth.cmd1);
    if (Ntag424Host.sw(first) === 0x91ae) return false;
    if (Ntag424Host.sw(first) !== 0x91af)
      throw new ChipStatusError('Authenticate (part 1)', Ntag424Host.sw(first));
    let second: Buffer;
    try {
      second = await this.raw(auth.part2(first.subarray(0, -2)));
    } catch (error) {
      if (/LRP mode|16 bytes/.test((error as Error).message)) return false;
      throw error;
    }
    if (Ntag424Host.sw(second) === 0x91ae) return false;
    if (Ntag424Host.sw(second) !== 0x9100)
      throw new ChipStatusError('Authenticate (part 2)', Ntag424Host.sw(second));
    const session = auth.finish(second.subarray(0, -2));
    this.session = { suite: session.suite, ti: session.ti, counter: 0, keyNo };
    return true;
  }

  /** One native command in `mode` (plain outside a session), its reply's data checked and decrypted. */
  async command(
    name: string,
    ins: number,
    data: Buffer,
    mode: CommMode,
    headerLen: number,
    expectMac = true,
  ): Promise<Buffer> {
    const s = this.session;
    const plain = apdu(ins, data);
    if (!s) {
      const reply = await this.raw(plain);
      if (Ntag424Host.sw(reply) !== 0x9100) throw new ChipStatusError(name, Ntag424Host.sw(reply));
      return reply.subarray(0, -2);
    }
    const counter = s.counter;
    const reply = await this.raw(wrapCommand(s, plain, mode, headerLen, counter));
    const sw = Ntag424Host.sw(reply);
    if (sw !== 0x9100) {
      this.session = undefined; // an error ends the chip's session
      throw new ChipStatusError(name, sw);
    }
    s.counter = counter + 1;
    if (!expectMac) return Buffer.alloc(0);
    const out = unwrapResponse(s, reply, mode, counter);
    if (!out.ok) {
      this.session = undefined;
      throw new Error(`${name}: the response's MAC does not hold`);
    }
    return out.data;
  }

  async getKeyVersion(keyNo: number): Promise<number> {
    const reply = await this.command(
      'GetKeyVersion',
      0x64,
      Buffer.of(keyNo),
      this.session ? 'mac' : 'plain',
      1,
    );
    return reply[0];
  }

  async getCardUid(): Promise<string> {
    return (await this.command('GetCardUID', 0x51, Buffer.alloc(0), 'full', 0)).toString('hex').toUpperCase();
  }

  async getFileSettings(fileNo: number): Promise<Buffer> {
    return this.command('GetFileSettings', 0xf5, Buffer.of(fileNo), this.session ? 'mac' : 'plain', 1);
  }

  async writeData(fileNo: number, offset: number, data: Buffer, mode: CommMode): Promise<void> {
    for (let at = 0; at < data.length; at += 128) {
      const chunk = data.subarray(at, at + 128);
      const header = Buffer.concat([Buffer.of(fileNo), le3(offset + at), le3(chunk.length)]);
      await this.command('WriteData', 0x8d, Buffer.concat([header, chunk]), mode, 7);
    }
  }

  async readData(fileNo: number, offset: number, length: number, mode: CommMode): Promise<Buffer> {
    return this.command(
      'ReadData',
      0xad,
      Buffer.concat([Buffer.of(fileNo), le3(offset), le3(length)]),
      mode,
      7,
    );
  }

  async changeFileSettings(fileNo: number, settings: Buffer): Promise<void> {
    await this.command('ChangeFileSettings', 0x5f, Buffer.concat([Buffer.of(fileNo), settings]), 'full', 1);
  }

  /** SetConfiguration option 05: PDCap2.1 bit 1 switches the chip to LRP, permanently (AN12321 section 5). */
  async enableLrp(): Promise<void> {
    await this.command(
      'SetConfiguration (LRP)',
      0x5c,
      Buffer.from('0500000000020000000000', 'hex'),
      'full',
      1,
    );
  }

  /** ChangeKey (AN12196 5.16): another key needs its old value; the session's own key ends the session. */
  async changeKey(keyNo: number, newKey: Buffer, version: number, oldKey?: Buffer): Promise<void> {
    const s = this.session;
    if (!s) throw new Error('ChangeKey needs an authenticated session');
    const own = keyNo === s.keyNo;
    const data = changeKeyApdu(keyNo, s.keyNo, newKey, version, oldKey).subarray(5, -1);
    await this.command(`ChangeKey ${keyNo}`, 0xc4, data, 'full', 1, !own);
    if (own) this.session = undefined;
  }

  /** A phone's read of the NDEF file (ISO SelectFile E104, ReadBinary): what a tap carries. */
  async readNdefAsPhone(): Promise<Buffer> {
    await this.selectApplication();
    const select = await this.raw(Buffer.from('00a4000c02e104', 'hex'));
    if (Ntag424Host.sw(select) !== 0x9000)
      throw new ChipStatusError('ISOSelectFile (NDEF file)', Ntag424Host.sw(select));
    const nlen = await this.raw(Buffer.from('00b0000002', 'hex'));
    if (Ntag424Host.sw(nlen) !== 0x9000) throw new ChipStatusError('ISOReadBinary', Ntag424Host.sw(nlen));
    const length = nlen.readUInt16BE(0);
    const body = await this.raw(
      Buffer.from(`00b00002${Math.min(length, 255).toString(16).padStart(2, '0')}`, 'hex'),
    );
    return Buffer.concat([nlen.subarray(0, 2), body.subarray(0, -2)]);
  }
}
