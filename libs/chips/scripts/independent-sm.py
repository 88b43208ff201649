"""Secure messaging of NTAG 424 DNA written again from the NXP notes, sharing nothing with libs/chips:
Python's `cryptography` package (OpenSSL) for AES and CMAC, the rest from AN12196 section 4
(AuthenticateEV2First, session keys, CommMode.MAC/FULL, CmdCtr, TI) and AN12321 section 3
(AuthenticateLRPFirst, CMAC_LRP, LRICB with EncCtr). Used by src/secure-messaging/independent.int-spec.ts.

stdin: {"sessions": [{"mode": "aes"|"lrp", "key", "keyNo", "rndA", "rndB", "ti",
                      "commands": [{"apdu", "comm": "mac"|"full", "headerLen", "reply"}]}]}   (hex)
stdout: {"sessions": [{"cmd1", "reply1", "cmd2", "reply2", "enc", "mac",
                       "commands": [{"wrapped", "response"}]}]}
`wrapped` is the host's secured APDU, `response` the card's secured reply carrying `reply` (data).
"""
import json
import sys

from cryptography.hazmat.primitives import cmac
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


def ecb(key, block, decrypt=False):
    c = Cipher(algorithms.AES(key), modes.ECB())
    op = c.decryptor() if decrypt else c.encryptor()
    return op.update(block) + op.finalize()


def cbc(key, iv, data, decrypt=False):
    c = Cipher(algorithms.AES(key), modes.CBC(iv))
    op = c.decryptor() if decrypt else c.encryptor()
    return op.update(data) + op.finalize()


def cmac_aes(key, data):
    c = cmac.CMAC(algorithms.AES(key))
    c.update(data)
    return c.finalize()


def xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


def dbl(block):
    n = int.from_bytes(block, 'big') << 1
    if n >> 128:
        n = (n ^ 0x87) & ((1 << 128) - 1)
    return n.to_bytes(16, 'big')


class LRP:
    """AN12304 with m = 4, q = 4."""

    def __init__(self, key):
        self.p, self.uk = [], []
        h = ecb(key, b'\x55' * 16)
        for _ in range(16):
            self.p.append(ecb(h, b'\xaa' * 16))
            h = ecb(h, b'\x55' * 16)
        h = ecb(key, b'\xaa' * 16)
        for _ in range(4):
            self.uk.append(ecb(h, b'\xaa' * 16))
            h = ecb(h, b'\x55' * 16)

    def eval(self, u, x):
        y = self.uk[u]
        for nibble in x.hex():
            y = ecb(y, self.p[int(nibble, 16)])
        return ecb(y, bytes(16))

    def cmac(self, data):
        k1 = dbl(self.eval(0, bytes(16)))
        k2 = dbl(k1)
        blocks = [data[i:i + 16] for i in range(0, len(data), 16)] or [b'']
        y = bytes(16)
        for block in blocks[:-1]:
            y = self.eval(0, xor(y, block))
        last = blocks[-1]
        last = xor(last, k1) if len(last) == 16 else xor(last + b'\x80' + bytes(15 - len(last)), k2)
        return self.eval(0, xor(y, last))

    def lricb(self, counter, data, decrypt=False):
        out = b''
        for i in range(0, len(data), 16):
            k = self.eval(1, (counter + i // 16).to_bytes(4, 'big'))
            out += ecb(k, data[i:i + 16], decrypt)
        return out


def pad(data):
    return data + b'\x80' + bytes(15 - len(data) % 16)


def context(a, b):
    return a[0:2] + xor(a[2:8], b[0:6]) + b[6:16] + a[8:16]


def rot(x):
    return x[1:] + x[:1]


class Session:
    def __init__(self, mode, key, rnd_a, rnd_b, ti):
        self.mode, self.ti, self.ctr = mode, ti, 0
        if mode == 'aes':
            self.enc = cmac_aes(key, b'\xa5\x5a\x00\x01\x00\x80' + context(rnd_a, rnd_b))
            self.mac_key = cmac_aes(key, b'\x5a\xa5\x00\x01\x00\x80' + context(rnd_a, rnd_b))
        else:
            self.master = LRP(key).cmac(b'\x00\x01\x00\x80' + context(rnd_a, rnd_b) + b'\x96\x69')
            self.lrp = LRP(self.master)
            self.enc_ctr = 0

    def full_mac(self, data):
        return cmac_aes(self.mac_key, data) if self.mode == 'aes' else self.lrp.cmac(data)

    def mact(self, data):
        return self.full_mac(data)[1::2]

    def crypt(self, label, ctr, data):
        if self.mode == 'aes':
            iv = ecb(self.enc, label + self.ti + ctr.to_bytes(2, 'little') + bytes(8))
            return cbc(self.enc, iv, data)
        out = self.lrp.lricb(self.enc_ctr, data)
        self.enc_ctr += len(data) // 16
        return out


def run(s):
    key, rnd_a, rnd_b, ti = (bytes.fromhex(s[k]) for k in ('key', 'rndA', 'rndB', 'ti'))
    key_no = s['keyNo']
    out = {}
    sess = Session(s['mode'], key, rnd_a, rnd_b, ti)
    if s['mode'] == 'aes':
        out['cmd1'] = bytes([0x90, 0x71, 0, 0, 2, key_no, 0, 0]).hex()
        out['reply1'] = ecb(key, rnd_b).hex()
        out['cmd2'] = ('90af000020' + cbc(key, bytes(16), rnd_a + rot(rnd_b)).hex() + '00')
        out['reply2'] = cbc(key, bytes(16), ti + rot(rnd_a) + bytes(12)).hex()
        out['enc'], out['mac'] = sess.enc.hex(), sess.mac_key.hex()
    else:
        out['cmd1'] = bytes([0x90, 0x71, 0, 0, 8, key_no, 6, 2, 0, 0, 0, 0, 0, 0]).hex()
        out['reply1'] = '01' + rnd_b.hex()
        out['cmd2'] = '90af000020' + rnd_a.hex() + sess.full_mac(rnd_a + rnd_b).hex() + '00'
        picc = sess.lrp.lricb(0, ti + bytes(12))
        sess.enc_ctr = 1
        out['reply2'] = (picc + sess.full_mac(rnd_b + rnd_a + picc)).hex()
        out['enc'] = out['mac'] = sess.master.hex()
    out['commands'] = []
    for c in s['commands']:
        apdu = bytes.fromhex(c['apdu'])
        ins, data = apdu[1], apdu[5:5 + apdu[4]] if len(apdu) > 5 else b''
        header, body = data[:c['headerLen']], data[c['headerLen']:]
        if c['comm'] == 'full' and body:
            body = sess.crypt(b'\xa5\x5a', sess.ctr, pad(body))
        secured = header + body
        secured += sess.mact(bytes([ins]) + sess.ctr.to_bytes(2, 'little') + ti + secured)
        wrapped = bytes([0x90, ins, 0, 0, len(secured)]) + secured + b'\x00'
        reply = bytes.fromhex(c['reply'])
        if c['comm'] == 'full' and reply:
            reply = sess.crypt(b'\x5a\xa5', sess.ctr + 1, pad(reply))
        response = reply + sess.mact(b'\x00' + (sess.ctr + 1).to_bytes(2, 'little') + ti + reply) + b'\x91\x00'
        sess.ctr += 1
        out['commands'].append({'wrapped': wrapped.hex(), 'response': response.hex()})
    return out


request = json.load(sys.stdin)
json.dump({'sessions': [run(s) for s in request['sessions']]}, sys.stdout)
