import { aesCmac, aesEncryptBlock } from '../aes-cmac.js';
import { Lrp } from '../lrp.js';
import { aesCbc } from './bytes.js';

/**
 * The cipher suite of one authenticated session: how it MACs and how it encrypts command and response
 * data. AES (AN12196 section 4.4): CMAC under SesAuthMACKey; AES-CBC under SesAuthENCKey with the IV
 * E(SesAuthENCKey, A5 5A ‖ TI ‖ CmdCtr ‖ 0^8) for commands and 5A A5 … CmdCtr+1 for responses.
 * LRP (AN12321 section 3): CMAC_LRP under the session master key's updated key 0; LRICB under its
 * updated key 1 with the session's 32-bit EncCtr, which counts every block both ways.
 */
export interface Suite {
  readonly mode: 'aes' | 'lrp';
  mac(data: Buffer): Buffer;
  encryptCommand(ti: Buffer, counter: number, padded: Buffer): Buffer;
  decryptCommand(ti: Buffer, counter: number, data: Buffer): Buffer;
  encryptResponse(ti: Buffer, counter: number, padded: Buffer): Buffer;
  decryptResponse(ti: Buffer, counter: number, data: Buffer): Buffer;
}

function aesIv(enc: Buffer, label: number, ti: Buffer, counter: number): Buffer {
  const input = Buffer.alloc(16);
  input.writeUInt16BE(label, 0);
  ti.copy(input, 2);
  input.writeUInt16LE(counter & 0xffff, 6);
  return aesEncryptBlock(enc, input);
}

export class AesSuite implements Suite {
  readonly mode = 'aes' as const;
  constructor(
    readonly enc: Buffer,
    readonly macKey: Buffer,
  ) {}
  mac(data: Buffer): Buffer {
    return aesCmac(this.macKey, data);
  }
  encryptCommand(ti: Buffer, counter: number, padded: Buffer): Buffer {
    return aesCbc(this.enc, aesIv(this.enc, 0xa55a, ti, counter), padded);
  }
  decryptCommand(ti: Buffer, counter: number, data: Buffer): Buffer {
    return aesCbc(this.enc, aesIv(this.enc, 0xa55a, ti, counter), data, true);
  }
  // the response belongs to the counter after the command's (AN12196 section 4.4: "CmdCtr + 1")
  encryptResponse(ti: Buffer, counter: number, padded: Buffer): Buffer {
    return aesCbc(this.enc, aesIv(this.enc, 0x5aa5, ti, counter + 1), padded);
  }
  decryptResponse(ti: Buffer, counter: number, data: Buffer): Buffer {
    return aesCbc(this.enc, aesIv(this.enc, 0x5aa5, ti, counter + 1), data, true);
  }
}

export class LrpSuite implements Suite {
  readonly mode = 'lrp' as const;
  readonly lrp: Lrp;
  /** EncCtr: 0 encrypted the authentication's PICCData, so a fresh session continues at 1. */
  encCounter = 1;
  constructor(readonly master: Buffer) {
    this.lrp = new Lrp(master);
  }
  mac(data: Buffer): Buffer {
    return this.lrp.cmac(data, 0);
  }
  private crypt(data: Buffer, decrypt: boolean): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.encCounter >>> 0);
    this.encCounter += data.length / 16;
    return decrypt ? this.lrp.decrypt(1, counter, data) : this.lrp.encrypt(1, counter, data);
  }
  encryptCommand(_ti: Buffer, _counter: number, padded: Buffer): Buffer {
    return this.crypt(padded, false);
  }
  decryptCommand(_ti: Buffer, _counter: number, data: Buffer): Buffer {
    return this.crypt(data, true);
  }
  encryptResponse(_ti: Buffer, _counter: number, padded: Buffer): Buffer {
    return this.crypt(padded, false);
  }
  decryptResponse(_ti: Buffer, _counter: number, data: Buffer): Buffer {
    return this.crypt(data, true);
  }
}
