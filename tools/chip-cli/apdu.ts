// `npm run chip -- apdu auth|wrap|unwrap`: the secure messaging of NXP AN12196 one step at a time, for
// people with a reader (paste what the chip answered, send what this prints) and for our tests.
//
//   apdu auth --key HEX --key-no N --rnd-a HEX [--card HEX [--card HEX]] [--suite aes|lrp]
//     → {"cmd1":HEX,"cmd2":HEX,"ti":HEX,"kSesAuthEnc":HEX,"kSesAuthMac":HEX}
//     (--card: the chip's replies to cmd1 and cmd2, status word optional; cmd2 and the session keys once
//     the first reply is given, ti once the second one proved the key. LRP: both keys are the session
//     master key, whose updated keys 0 and 1 MAC and encrypt.)
//   apdu wrap --mode mac|full --enc HEX --mac HEX --ti HEX --counter N --header-len N --apdu HEX → {"apdu":HEX}
//   apdu unwrap --mode mac|full --enc HEX --mac HEX --ti HEX --counter N --response HEX
//     → {"ok":bool,"sw":HEX,"data":HEX}   (exit 1 when not ok)
// --counter is the command counter of the command sent; its response is checked at counter + 1.
import { parseArgs } from 'node:util';
import {
  AesSuite,
  fromHex,
  hex,
  hostAuth,
  unwrapResponse,
  wrapCommand,
  type SessionState,
} from '@metatag/chips';

class UsageError extends Error {}

function bytes(value: string | undefined, flag: string, length?: number): Buffer {
  if (value === undefined) throw new UsageError(`--${flag} is required`);
  let out: Buffer;
  try {
    out = fromHex(value, `--${flag}`);
  } catch {
    throw new UsageError(`--${flag} is not hex`);
  }
  if (length !== undefined && out.length !== length)
    throw new UsageError(`--${flag} must be ${length} bytes`);
  return out;
}

function integer(value: string | undefined, flag: string, max: number): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) > max)
    throw new UsageError(`--${flag} must be an integer 0..${max}`);
  return Number(value);
}

/** A reply pasted with or without its status word (91 AF, 91 00, 90 00). */
function replyData(reply: Buffer, expected: number): Buffer {
  if (reply.length === expected + 2 && (reply[reply.length - 2] === 0x91 || reply[reply.length - 2] === 0x90))
    return reply.subarray(0, expected);
  if (reply.length !== expected)
    throw new UsageError(`a --card reply here is ${expected} bytes (status word optional)`);
  return reply;
}

function auth(values: Record<string, string | string[] | undefined>): Record<string, string> {
  const suite = values.suite ?? 'aes';
  if (suite !== 'aes' && suite !== 'lrp') throw new UsageError('--suite must be aes or lrp');
  const session = hostAuth(
    bytes(values.key as string, 'key', 16),
    integer(values['key-no'] as string, 'key-no', 4),
    bytes(values['rnd-a'] as string, 'rnd-a', 16),
    suite === 'lrp' ? 'lrp' : 'ev2',
  );
  const cards = (values.card as string[] | undefined) ?? [];
  if (cards.length > 2) throw new UsageError('--card is given at most twice');
  const out: Record<string, string> = { cmd1: hex(session.cmd1) };
  if (cards[0] === undefined) return out;
  out.cmd2 = hex(session.part2(replyData(bytes(cards[0], 'card'), suite === 'lrp' ? 17 : 16)));
  if (cards[1] !== undefined) out.ti = hex(session.finish(replyData(bytes(cards[1], 'card'), 32)).ti);
  const keys = session.keys()!;
  return { ...out, kSesAuthEnc: hex(keys.enc), kSesAuthMac: hex(keys.mac) };
}

function session(values: Record<string, string | string[] | undefined>): {
  s: SessionState;
  mode: 'mac' | 'full';
} {
  const mode = values.mode;
  if (mode !== 'mac' && mode !== 'full') throw new UsageError('--mode must be mac or full');
  const s: SessionState = {
    suite: new AesSuite(bytes(values.enc as string, 'enc', 16), bytes(values.mac as string, 'mac', 16)),
    ti: bytes(values.ti as string, 'ti', 4),
    counter: integer(values.counter as string, 'counter', 0xffff),
  };
  return { s, mode };
}

export async function main(args: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      key: { type: 'string' },
      'key-no': { type: 'string' },
      'rnd-a': { type: 'string' },
      card: { type: 'string', multiple: true },
      suite: { type: 'string' },
      mode: { type: 'string' },
      enc: { type: 'string' },
      mac: { type: 'string' },
      ti: { type: 'string' },
      counter: { type: 'string' },
      'header-len': { type: 'string' },
      apdu: { type: 'string' },
      response: { type: 'string' },
    },
  });
  try {
    const step = positionals[1];
    if (step === 'auth') {
      console.log(JSON.stringify(auth(values)));
    } else if (step === 'wrap') {
      const { s, mode } = session(values);
      const apdu = wrapCommand(
        s,
        bytes(values.apdu, 'apdu'),
        mode,
        integer(values['header-len'], 'header-len', 255),
        s.counter,
      );
      console.log(JSON.stringify({ apdu: hex(apdu) }));
    } else if (step === 'unwrap') {
      const { s, mode } = session(values);
      const reply = unwrapResponse(s, bytes(values.response, 'response'), mode, s.counter);
      console.log(
        JSON.stringify({
          ok: reply.ok,
          sw: reply.sw.toString(16).toUpperCase().padStart(4, '0'),
          data: hex(reply.data),
        }),
      );
      if (!reply.ok) process.exitCode = 1;
    } else {
      throw new UsageError(
        'usage: npm run chip -- apdu auth|wrap|unwrap [options] (see tools/chip-cli/apdu.ts)',
      );
    }
  } catch (error) {
    console.error(`chip apdu: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
