import { randomBytes } from 'node:crypto';
import { parseFileSettings } from '../personalisation/sdm-settings.js';
import { urlOfNdef } from '../personalisation/ndef.js';
import { cardAuth, INS } from '../secure-messaging/auth.js';
import { crc32nk } from '../secure-messaging/bytes.js';
import { openCommand, sealResponse, type CommMode, type SessionState } from '../secure-messaging/wrap.js';
import { accessRights, factoryFiles, fileSettingsReply, sdmFits, type ChipFile } from './files.js';
import { mirror, type TamperStatus } from './mirror.js';

const NDEF_APP = Buffer.from('d2760000850101', 'hex');
const OK = Buffer.of(0x91, 0x00);
const MORE = Buffer.of(0x91, 0xaf);
const ISO_OK = Buffer.of(0x90, 0x00);
/** Native status codes (NT4H2421Gx section 10.2, Table 22). */
const E = {
  illegalCommand: 0x1c,
  integrity: 0x1e,
  noSuchKey: 0x40,
  length: 0x7e,
  permission: 0x9d,
  parameter: 0x9e,
  authentication: 0xae,
  boundary: 0xbe,
  fileNotFound: 0xf0,
} as const;
const status = (code: number) => Buffer.of(0x91, code);

export interface SoftwareChipOptions {
  uid?: string;
  /** an NTAG 424 DNA TT (GetVersion HW subtype 08, TagTamper status mirroring) */
  tt?: boolean;
  tamper?: TamperStatus;
  random?: (n: number) => Buffer;
}

/**
 * What an NTAG 424 DNA keeps without power (its EEPROM): UID, keys and their versions, files and their
 * settings, the LRP switch, the read counter and the TagTamper loop. Hex strings, so a software reader can
 * keep a chip between runs (tools/chip-cli/software-reader.ts, sealed there: it holds keys). A session,
 * a pending command and the selected file are not kept: a chip loses them when it leaves the field.
 */
export interface SoftwareChipState {
  uid: string;
  tt: boolean;
  tamper: TamperStatus;
  keys: string[];
  keyVersions: number[];
  files: { no: number; data: string; settings: string }[];
  lrp: boolean;
  readCounter: number;
}

type Pending =
  | { kind: 'ev2' | 'nonFirst' | 'lrp'; keyNo: number; step: ReturnType<typeof cardAuth> }
  | { kind: 'version'; part: number };

/**
 * An NTAG 424 DNA in software (NT4H2421Gx): the NDEF application's files with their access rights,
 * five AES keys with versions, AuthenticateEV2First/NonFirst and AuthenticateLRPFirst, secure messaging
 * (CmdCtr, TI, CommMode.MAC/FULL) from libs/chips, LRP switched on by SetConfiguration, and SUN
 * mirroring on reads of the NDEF file. It answers APDUs exactly as `transmit` of a PC/SC card does.
 */
export class SoftwareNtag424 {
  readonly uid: string;
  readonly tt: boolean;
  tamper: TamperStatus;
  readonly keys: Buffer[] = Array.from({ length: 5 }, () => Buffer.alloc(16));
  readonly keyVersions = [0, 0, 0, 0, 0];
  readonly files: ChipFile[] = factoryFiles();
  lrp = false;
  readCounter = 0;
  /** every APDU this chip answered (benchmarks count them) */
  apdus = 0;
  private session?: SessionState & { keyNo: number };
  private pending?: Pending;
  private selectedFile?: ChipFile;
  private appSelected = false;
  private mirrored?: Buffer;
  private readonly random: (n: number) => Buffer;

  constructor(options: SoftwareChipOptions = {}) {
    this.random = options.random ?? randomBytes;
    this.uid = (options.uid ?? `04${this.random(6).toString('hex')}`).toUpperCase();
    if (!/^[0-9A-F]{14}$/.test(this.uid)) throw new Error('UID is 7 bytes');
    this.tt = options.tt ?? false;
    this.tamper = options.tamper ?? 'CC';
  }

  /** The chip's non-volatile state (see `SoftwareChipState`). */
  snapshot(): SoftwareChipState {
    return {
      uid: this.uid,
      tt: this.tt,
      tamper: this.tamper,
      keys: this.keys.map((k) => k.toString('hex')),
      keyVersions: [...this.keyVersions],
      files: this.files.map((f) => ({
        no: f.no,
        data: f.data.toString('hex'),
        settings: f.settings.toString('hex'),
      })),
      lrp: this.lrp,
      readCounter: this.readCounter,
    };
  }

  /** A chip from its `snapshot()`, as it was when it left the field. */
  static restore(state: SoftwareChipState, random?: (n: number) => Buffer): SoftwareNtag424 {
    const chip = new SoftwareNtag424({ uid: state.uid, tt: state.tt, tamper: state.tamper, random });
    state.keys.forEach((k, i) => (chip.keys[i] = Buffer.from(k, 'hex')));
    state.keyVersions.forEach((v, i) => (chip.keyVersions[i] = v));
    for (const saved of state.files) {
      const f = chip.file(saved.no);
      const settings = Buffer.from(saved.settings, 'hex');
      const parsed = parseFileSettings(settings);
      if (!f || !parsed) throw new Error(`software chip state: file ${saved.no} does not restore`);
      f.data = Buffer.from(saved.data, 'hex');
      f.settings = settings;
      f.parsed = parsed;
    }
    chip.lrp = state.lrp;
    chip.readCounter = state.readCounter;
    return chip;
  }

  async transmit(apdu: Uint8Array): Promise<Uint8Array> {
    this.apdus += 1;
    return this.answer(Buffer.from(apdu));
  }

  /** A phone's tap: select the application and the NDEF file, read it; the URL it carries. */
  tapUrl(): string | undefined {
    const iso = (hex: string) => this.answer(Buffer.from(hex, 'hex'));
    iso('00a4040007d276000085010100');
    iso('00a4000c02e104');
    const nlen = iso('00b0000002');
    const length = nlen.readUInt16BE(0);
    const body = iso(`00b00002${length.toString(16).padStart(2, '0')}`);
    return urlOfNdef(Buffer.concat([nlen.subarray(0, 2), body.subarray(0, length)]));
  }

  private file(no: number): ChipFile | undefined {
    return this.files.find((f) => f.no === no);
  }

  private answer(apdu: Buffer): Buffer {
    if (apdu.length < 4) return Buffer.of(0x67, 0x00);
    const [cla, ins] = apdu;
    if (cla === 0xff && ins === 0xca) return Buffer.concat([Buffer.from(this.uid, 'hex'), ISO_OK]); // reader's GET DATA (UID)
    if (cla === 0x00) return this.iso(apdu);
    if (cla !== 0x90) return Buffer.of(0x6e, 0x00);
    const data = apdu.length > 5 ? apdu.subarray(5, 5 + apdu[4]) : Buffer.alloc(0);
    const pending = this.pending;
    this.pending = undefined;
    if (ins === INS.more && pending) return this.more(pending, data);
    if (!this.appSelected) return status(E.illegalCommand);
    try {
      return this.native(ins, data);
    } finally {
      this.mirrored = undefined;
    }
  }

  private iso(apdu: Buffer): Buffer {
    const [, ins, p1, p2] = apdu;
    const data = apdu.length > 5 ? apdu.subarray(5, 5 + apdu[4]) : Buffer.alloc(0);
    if (ins === 0xa4) {
      this.session = undefined; // selecting ends the authenticated state
      this.mirrored = undefined;
      if (p1 === 0x04) {
        this.appSelected = data.equals(NDEF_APP);
        this.selectedFile = undefined;
        return this.appSelected ? ISO_OK : Buffer.of(0x6a, 0x82);
      }
      const id = data.length === 2 ? data.readUInt16BE(0) : -1;
      this.selectedFile = this.files.find((f) => f.isoId === id);
      return this.appSelected && this.selectedFile ? ISO_OK : Buffer.of(0x6a, 0x82);
    }
    const f = this.selectedFile;
    if (!f) return Buffer.of(0x69, 0x86);
    const offset = (p1 << 8) | p2;
    const rights = accessRights(f);
    if (ins === 0xb0) {
      if (rights.read !== 0xe && rights.rw !== 0xe) return Buffer.of(0x69, 0x82);
      const le = apdu.length === 5 ? apdu[4] || 256 : 256;
      const content = (this.mirrored ??= this.readView(f));
      if (offset > content.length) return Buffer.of(0x6b, 0x00);
      return Buffer.concat([content.subarray(offset, Math.min(content.length, offset + le)), ISO_OK]);
    }
    if (ins === 0xd6) {
      if (rights.write !== 0xe && rights.rw !== 0xe) return Buffer.of(0x69, 0x82);
      if (offset + data.length > f.data.length) return Buffer.of(0x6b, 0x00);
      data.copy(f.data, offset);
      return ISO_OK;
    }
    return Buffer.of(0x6d, 0x00);
  }

  /** The file's bytes as a read sees them: with SUN mirrored (and the counter counted) when SDM is on. */
  private readView(f: ChipFile): Buffer {
    if (!f.parsed.sdm) return Buffer.from(f.data);
    if (this.readCounter >= 0xffffff) return Buffer.from(f.data);
    this.readCounter += 1;
    return mirror(f, {
      uid: this.uid,
      readCounter: this.readCounter,
      lrp: this.lrp,
      keys: this.keys,
      tamper: this.tamper,
    });
  }

  private more(pending: Pending, data: Buffer): Buffer {
    if (pending.kind === 'version') {
      const tail =
        pending.part === 2
          ? Buffer.from(`0404${this.tt ? '08' : '02'}11011105`, 'hex')
          : Buffer.concat([
              Buffer.from(this.uid, 'hex'),
              Buffer.from('cf39414c5116', 'hex'),
              Buffer.of(0x21),
            ]);
      if (pending.part === 2) this.pending = { kind: 'version', part: 3 };
      return Buffer.concat([tail, pending.part === 2 ? MORE : OK]);
    }
    const done = pending.step.reply2(data, this.session);
    if (!done) {
      this.session = undefined;
      return status(E.authentication);
    }
    this.session = { ...done.session, keyNo: pending.keyNo };
    return Buffer.concat([done.reply, OK]);
  }

  /** Runs a secured command: opens it in `mode`, runs `body` on its plain data, seals the reply. */
  private secured(
    ins: number,
    data: Buffer,
    mode: CommMode,
    headerLen: number,
    body: (plain: Buffer) => Buffer | number,
  ): Buffer {
    const s = this.session;
    if (!s) {
      if (mode !== 'plain') return status(E.permission);
      const out = body(data);
      return typeof out === 'number' ? status(out) : Buffer.concat([out, OK]);
    }
    const plain = openCommand(s, ins, data, mode, headerLen);
    if (!plain) {
      this.session = undefined;
      return status(E.integrity);
    }
    const counter = s.counter;
    const out = body(plain);
    if (typeof out === 'number') {
      this.session = undefined;
      return status(out);
    }
    if (this.session !== s) return Buffer.concat([out, OK]); // the session's own key changed: no MAC
    s.counter = counter + 1;
    return sealResponse(s, out, mode, counter);
  }

  private grants(right: number): 'free' | 'key' | false {
    if (right === 0xe) return 'free';
    return this.session && this.session.keyNo === right ? 'key' : false;
  }

  private native(ins: number, data: Buffer): Buffer {
    const s = this.session;
    switch (ins) {
      case 0x60:
        this.pending = { kind: 'version', part: 2 };
        return Buffer.concat([Buffer.from(`0404${this.tt ? '08' : '02'}30001105`, 'hex'), MORE]);
      case INS.first:
      case INS.nonFirst: {
        const keyNo = data[0];
        if (keyNo === undefined || keyNo > 4) return status(E.noSuchKey);
        const wantsLrp = ins === INS.first && data[1] >= 1 && (data[2] & 0x02) === 0x02;
        if (ins === INS.nonFirst && !s) return status(E.permission);
        if (this.lrp !== wantsLrp && ins === INS.first) return status(E.authentication);
        const kind = ins === INS.nonFirst ? 'nonFirst' : wantsLrp ? 'lrp' : 'ev2';
        const step = cardAuth(this.keys[keyNo], this.random(16), kind, s?.ti ?? this.random(4));
        this.session = kind === 'nonFirst' ? s : undefined;
        this.pending = { kind, keyNo, step };
        return Buffer.concat([step.reply1, MORE]);
      }
      case 0x51: // GetCardUID
        if (!s) return status(E.permission);
        return this.secured(ins, data, 'full', 0, () => Buffer.from(this.uid, 'hex'));
      case 0x64: // GetKeyVersion
        return this.secured(ins, data, s ? 'mac' : 'plain', 1, (plain) =>
          plain[0] > 4 ? E.noSuchKey : Buffer.of(this.keyVersions[plain[0]]),
        );
      case 0xf5: {
        // GetFileSettings
        return this.secured(ins, data, s ? 'mac' : 'plain', 1, (plain) => {
          const f = this.file(plain[0]);
          return f ? fileSettingsReply(f) : E.fileNotFound;
        });
      }
      case 0x5f: {
        // ChangeFileSettings
        const f = this.file(data[0]);
        if (!f) return status(E.fileNotFound);
        if (this.grants(accessRights(f).change) !== 'key') return status(E.permission);
        return this.secured(ins, data, 'full', 1, (plain) => {
          const parsed = parseFileSettings(plain.subarray(1));
          if (!parsed || !sdmFits(f, parsed, this.lrp)) return E.parameter;
          f.settings = Buffer.from(plain.subarray(1));
          f.parsed = parsed;
          return Buffer.alloc(0);
        });
      }
      case 0x5c: // SetConfiguration: option 05 (PDCap2) bit 1 of PDCap2.1 switches LRP on, for good
        if (!s || s.keyNo !== 0) return status(E.permission);
        return this.secured(ins, data, 'full', 1, (plain) => {
          if (plain[0] !== 0x05) return E.parameter;
          if (plain.length !== 11) return E.length;
          if (plain[5] & 0x02) this.lrp = true;
          return Buffer.alloc(0);
        });
      case 0xc4: // ChangeKey: the application's change right is key 0
        if (!s || s.keyNo !== 0) return status(E.permission);
        return this.secured(ins, data, 'full', 1, (plain) => this.changeKey(plain));
      case 0xad:
      case 0x8d:
        return this.readOrWrite(ins, data);
      default:
        return status(E.illegalCommand);
    }
  }

  private changeKey(plain: Buffer): Buffer | number {
    const keyNo = plain[0];
    if (keyNo > 4) return E.noSuchKey;
    if (keyNo === this.session!.keyNo) {
      if (plain.length !== 18) return E.length;
      this.keys[keyNo] = Buffer.from(plain.subarray(1, 17));
      this.keyVersions[keyNo] = plain[17];
      this.session = undefined; // its key is gone: the session ends with a plain 91 00
      return Buffer.alloc(0);
    }
    if (plain.length !== 22) return E.length;
    const key = Buffer.alloc(16);
    for (let i = 0; i < 16; i++) key[i] = plain[1 + i] ^ this.keys[keyNo][i];
    if (!crc32nk(key).equals(plain.subarray(18, 22))) return E.integrity;
    this.keys[keyNo] = key;
    this.keyVersions[keyNo] = plain[17];
    return Buffer.alloc(0);
  }

  private readOrWrite(ins: number, data: Buffer): Buffer {
    const f = this.file(data[0]);
    if (!f) return status(E.fileNotFound);
    const rights = accessRights(f);
    const write = ins === 0x8d;
    const via = [this.grants(write ? rights.write : rights.read), this.grants(rights.rw)];
    const grant = via.includes('key') ? 'key' : via.includes('free') ? 'free' : false;
    if (!grant) return status(E.permission);
    const fileMode = (['plain', 'mac', 'plain', 'full'] as const)[f.parsed.fileOption & 3];
    const mode: CommMode = grant === 'free' ? 'plain' : fileMode;
    return this.secured(ins, data, mode, 7, (plain) => {
      if (plain.length < 7) return E.length;
      const offset = plain.readUIntLE(1, 3);
      let length = plain.readUIntLE(4, 3);
      if (write) {
        const body = plain.subarray(7);
        if (body.length !== length) return E.length;
        if (offset + length > f.data.length) return E.boundary;
        body.copy(f.data, offset);
        return Buffer.alloc(0);
      }
      if (length === 0) length = f.data.length - offset;
      if (offset + length > f.data.length) return E.boundary;
      const view = grant === 'free' ? this.readView(f) : f.data;
      return Buffer.from(view.subarray(offset, offset + length));
    });
  }
}
