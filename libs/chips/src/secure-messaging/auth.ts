import { timingSafeEqual } from 'node:crypto';
import { aesCmac } from '../aes-cmac.js';
import { Lrp } from '../lrp.js';
import { aesCbc, rotateLeft, sessionContext, ZERO_IV } from './bytes.js';
import { AesSuite, LrpSuite, type Suite } from './suite.js';
import type { SessionState } from './wrap.js';

/** AuthenticateEV2First (INS 71), AuthenticateEV2NonFirst (77), the second part (AF). */
export const INS = { first: 0x71, nonFirst: 0x77, more: 0xaf } as const;

/** LRP's PCDcap2.1 = 02 asks the chip for LRP (AN12321 section 3, Table 2 step 10). */
const LRP_PCD_CAP2 = Buffer.from('020000000000', 'hex');

/** AES session keys (AN12196 section 4.4, Table 13/14): CMAC(Kx, A5 5A|5A A5 ‖ 00 01 00 80 ‖ context). */
export function aesSessionKeys(key: Buffer, rndA: Buffer, rndB: Buffer): { enc: Buffer; mac: Buffer } {
  const context = sessionContext(rndA, rndB);
  return {
    enc: aesCmac(key, Buffer.concat([Buffer.from('a55a00010080', 'hex'), context])),
    mac: aesCmac(key, Buffer.concat([Buffer.from('5aa500010080', 'hex'), context])),
  };
}

/** LRP's session master key (AN12321 section 3): CMAC_LRP(Kx, 00 01 00 80 ‖ context ‖ 96 69). */
export function lrpSessionKey(key: Buffer, rndA: Buffer, rndB: Buffer): Buffer {
  return new Lrp(key).cmac(
    Buffer.concat([Buffer.from('00010080', 'hex'), sessionContext(rndA, rndB), Buffer.from('9669', 'hex')]),
  );
}

/** The first command of AuthenticateEV2First / NonFirst (AES) or AuthenticateLRPFirst. */
export function authCommand1(keyNo: number, kind: 'ev2' | 'nonFirst' | 'lrp'): Buffer {
  if (kind === 'nonFirst') return Buffer.of(0x90, INS.nonFirst, 0, 0, 1, keyNo, 0);
  if (kind === 'lrp')
    return Buffer.concat([Buffer.of(0x90, INS.first, 0, 0, 8, keyNo, 6), LRP_PCD_CAP2, Buffer.of(0)]);
  return Buffer.of(0x90, INS.first, 0, 0, 2, keyNo, 0, 0);
}

const apdu = (ins: number, data: Buffer) =>
  Buffer.concat([Buffer.of(0x90, ins, 0, 0, data.length), data, Buffer.of(0)]);

/** The host's half of one authentication, step by step as the note's tables go. */
export interface HostAuth {
  cmd1: Buffer;
  /** The second command from the chip's first reply (its data, without the status word). */
  part2(reply1: Buffer): Buffer;
  /** The session from the chip's second reply; throws when the chip did not prove the key. */
  finish(reply2: Buffer, previous?: SessionState): SessionState & { rndB: Buffer };
  /** Session keys once part2 has seen RndB (AES: enc, mac; LRP: the master key as both). */
  keys(): { enc: Buffer; mac: Buffer } | undefined;
}

export function hostAuth(
  key: Buffer,
  keyNo: number,
  rndA: Buffer,
  kind: 'ev2' | 'nonFirst' | 'lrp',
): HostAuth {
  if (key.length !== 16 || rndA.length !== 16) throw new Error('key and RndA are 16 bytes');
  let rndB: Buffer | undefined;
  let suite: Suite | undefined;
  return {
    cmd1: authCommand1(keyNo, kind),
    part2(reply1) {
      if (kind === 'lrp') {
        if (reply1.length !== 17 || reply1[0] !== 0x01)
          throw new Error('the chip did not answer in LRP mode (AuthMode 01)');
        rndB = reply1.subarray(1);
        const master = lrpSessionKey(key, rndA, rndB);
        suite = new LrpSuite(master);
        const pcdResponse = suite.mac(Buffer.concat([rndA, rndB]));
        return apdu(INS.more, Buffer.concat([rndA, pcdResponse]));
      }
      if (reply1.length !== 16) throw new Error('the first reply is E(Kx, RndB): 16 bytes');
      rndB = aesCbc(key, ZERO_IV, reply1, true);
      const keys = aesSessionKeys(key, rndA, rndB);
      suite = new AesSuite(keys.enc, keys.mac);
      return apdu(INS.more, aesCbc(key, ZERO_IV, Buffer.concat([rndA, rotateLeft(rndB)])));
    },
    finish(reply2, previous) {
      if (!rndB || !suite) throw new Error('part2 first');
      if (kind === 'lrp') {
        if (reply2.length !== 32) throw new Error('the second reply is PICCData ‖ PICCResponse: 32 bytes');
        const piccData = reply2.subarray(0, 16);
        const expected = suite.mac(Buffer.concat([rndB, rndA, piccData]));
        if (!timingSafeEqual(expected, reply2.subarray(16)))
          throw new Error('the chip did not prove the key (PICCResponse)');
        const plain = (suite as LrpSuite).lrp.decrypt(1, Buffer.alloc(4), piccData);
        return { suite, ti: plain.subarray(0, 4), counter: 0, rndB };
      }
      if (kind === 'nonFirst') {
        if (!previous) throw new Error('NonFirst continues a session');
        if (reply2.length !== 16) throw new Error("the second reply is E(Kx, RndA'): 16 bytes");
        const plain = aesCbc(key, ZERO_IV, reply2, true);
        if (!timingSafeEqual(plain, rotateLeft(rndA)))
          throw new Error("the chip did not prove the key (RndA')");
        return { suite, ti: previous.ti, counter: previous.counter, rndB };
      }
      if (reply2.length !== 32)
        throw new Error("the second reply is E(Kx, TI ‖ RndA' ‖ PDcap2 ‖ PCDcap2): 32 bytes");
      const plain = aesCbc(key, ZERO_IV, reply2, true);
      if (!timingSafeEqual(plain.subarray(4, 20), rotateLeft(rndA)))
        throw new Error("the chip did not prove the key (RndA')");
      return { suite, ti: plain.subarray(0, 4), counter: 0, rndB };
    },
    keys() {
      if (!suite) return undefined;
      return suite instanceof AesSuite
        ? { enc: suite.enc, mac: suite.macKey }
        : { enc: (suite as LrpSuite).master, mac: (suite as LrpSuite).master };
    },
  };
}

/**
 * The card's half, as the software chip runs it: its first reply from RndB, then the check of the
 * host's proof and the second reply. Returns undefined when the host did not prove the key (91 AE).
 */
export function cardAuth(key: Buffer, rndB: Buffer, kind: 'ev2' | 'nonFirst' | 'lrp', ti: Buffer) {
  return {
    reply1: kind === 'lrp' ? Buffer.concat([Buffer.of(0x01), rndB]) : aesCbc(key, ZERO_IV, rndB),
    reply2(data: Buffer, previous?: SessionState): { reply: Buffer; session: SessionState } | undefined {
      if (data.length !== 32) return undefined;
      if (kind === 'lrp') {
        const rndA = data.subarray(0, 16);
        const suite = new LrpSuite(lrpSessionKey(key, rndA, rndB));
        if (!timingSafeEqual(suite.mac(Buffer.concat([rndA, rndB])), data.subarray(16))) return undefined;
        const piccData = suite.lrp.encrypt(1, Buffer.alloc(4), Buffer.concat([ti, Buffer.alloc(12)]));
        const reply = Buffer.concat([piccData, suite.mac(Buffer.concat([rndB, rndA, piccData]))]);
        return { reply, session: { suite, ti, counter: 0 } };
      }
      const plain = aesCbc(key, ZERO_IV, data, true);
      const rndA = plain.subarray(0, 16);
      if (!timingSafeEqual(plain.subarray(16), rotateLeft(rndB))) return undefined;
      const keys = aesSessionKeys(key, rndA, rndB);
      const suite = new AesSuite(keys.enc, keys.mac);
      if (kind === 'nonFirst' && previous)
        return {
          reply: aesCbc(key, ZERO_IV, rotateLeft(rndA)),
          session: { suite, ti: previous.ti, counter: previous.counter },
        };
      const reply = aesCbc(key, ZERO_IV, Buffer.concat([ti, rotateLeft(rndA), Buffer.alloc(12)]));
      return { reply, session: { suite, ti, counter: 0 } };
    },
  };
}
