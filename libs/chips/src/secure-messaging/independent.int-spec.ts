import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  cardAuth,
  hostAuth,
  openCommand,
  sealResponse,
  unwrapResponse,
  wrapCommand,
  type CommMode,
} from './index.js';

// Random sessions both ways against scripts/independent-sm.py (Python `cryptography`, written from the
// notes): our host must send exactly the bytes the Python host sends and read the Python card's
// replies; our card must answer exactly as the Python card does.
const script = fileURLToPath(new URL('../../scripts/independent-sm.py', import.meta.url));

interface Command {
  apdu: string;
  comm: CommMode;
  headerLen: number;
  reply: string;
}
interface Session {
  mode: 'aes' | 'lrp';
  key: string;
  keyNo: number;
  rndA: string;
  rndB: string;
  ti: string;
  commands: Command[];
}
interface Answer {
  cmd1: string;
  reply1: string;
  cmd2: string;
  reply2: string;
  enc: string;
  mac: string;
  commands: { wrapped: string; response: string }[];
}

function randomSession(mode: 'aes' | 'lrp'): Session {
  const commands = Array.from({ length: randomInt(1, 6) }, (): Command => {
    const headerLen = randomInt(0, 8);
    const data = randomBytes(headerLen + randomInt(0, 60));
    const apdu = Buffer.concat([
      Buffer.of(0x90, randomInt(0x40, 0xf0), 0, 0, data.length),
      data,
      Buffer.of(0),
    ]);
    return {
      apdu: apdu.toString('hex'),
      comm: randomInt(2) ? 'full' : 'mac',
      headerLen,
      reply: randomBytes(randomInt(0, 40)).toString('hex'),
    };
  });
  const hex = (n: number) => randomBytes(n).toString('hex');
  return { mode, key: hex(16), keyNo: randomInt(5), rndA: hex(16), rndB: hex(16), ti: hex(4), commands };
}

const sessions = [
  ...Array.from({ length: 12 }, () => randomSession('aes')),
  ...Array.from({ length: 6 }, () => randomSession('lrp')),
];
const answers = (
  JSON.parse(execFileSync('python3', [script], { input: JSON.stringify({ sessions }) }).toString()) as {
    sessions: Answer[];
  }
).sessions;
const b = (hex: string) => Buffer.from(hex, 'hex');
const kind = (mode: 'aes' | 'lrp') => (mode === 'lrp' ? 'lrp' : 'ev2');

test('our host sends what the Python host sends and reads the Python card, over random AES and LRP sessions', () => {
  sessions.forEach((s, i) => {
    const a = answers[i];
    const auth = hostAuth(b(s.key), s.keyNo, b(s.rndA), kind(s.mode));
    assert.equal(auth.cmd1.toString('hex'), a.cmd1);
    assert.equal(auth.part2(b(a.reply1)).toString('hex'), a.cmd2);
    assert.deepEqual(
      { enc: auth.keys()!.enc.toString('hex'), mac: auth.keys()!.mac.toString('hex') },
      { enc: a.enc, mac: a.mac },
    );
    const session = auth.finish(b(a.reply2));
    assert.equal(session.ti.toString('hex'), s.ti);
    s.commands.forEach((c, n) => {
      assert.equal(
        wrapCommand(session, b(c.apdu), c.comm, c.headerLen, session.counter).toString('hex'),
        a.commands[n].wrapped,
        `${s.mode} command ${n}`,
      );
      const reply = unwrapResponse(session, b(a.commands[n].response), c.comm, session.counter);
      assert.deepEqual({ ok: reply.ok, data: reply.data.toString('hex') }, { ok: true, data: c.reply });
      session.counter += 1;
    });
  });
});

test("our card answers what the Python card answers, and opens the Python host's commands", () => {
  sessions.forEach((s, i) => {
    const a = answers[i];
    const card = cardAuth(b(s.key), b(s.rndB), kind(s.mode), b(s.ti));
    assert.equal(card.reply1.toString('hex'), a.reply1);
    const second = card.reply2(b(a.cmd2).subarray(5, 37));
    assert.ok(second);
    assert.equal(second.reply.toString('hex'), a.reply2);
    const session = second.session;
    s.commands.forEach((c, n) => {
      const wrapped = b(a.commands[n].wrapped);
      const opened = openCommand(
        session,
        wrapped[1],
        wrapped.subarray(5, 5 + wrapped[4]),
        c.comm,
        c.headerLen,
      );
      assert.equal(
        opened?.toString('hex'),
        b(c.apdu).subarray(5, -1).toString('hex'),
        `${s.mode} command ${n}`,
      );
      assert.equal(
        sealResponse(session, b(c.reply), c.comm, session.counter).toString('hex'),
        a.commands[n].response,
      );
      session.counter += 1;
    });
  });
});
