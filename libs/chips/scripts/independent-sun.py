"""An implementation of MetaTag's chip cryptography that shares nothing with libs/chips: Python's
`cryptography` package (OpenSSL underneath) for AES and CMAC, the rest written from the NXP notes
(AN10922 section 2.2, AN12196 sections 3.3-3.5, AN12304). Used by src/independent.int-spec.ts.

Reads one JSON request on stdin, writes one JSON answer on stdout:
  {"an10922": [{"master": hex, "m": hex}, ...]}                   -> {"an10922": [hex, ...]}
  {"verify": [{"meta": hex, "file": hex, "query": str}, ...]}     -> {"verify": [{ok, uid, counter, mode, fileData}]}
  {"make": [{"meta","file","uid","counter","mode","layout","fileData"}]} -> {"make": [query, ...]}
  {"verifyForm": [{"meta","file","template","macInputFrom","url","mode"}]} -> {"verifyForm": [{ok, uid, counter, mode, fileData, tamper}]}
  {"makeForm": [{"meta","file","template","macInputFrom","uid","counter","mode","fileData","tamper","plainMac"}]}
                                                                  -> {"makeForm": [url, ...]}
"""
import json
import os
import sys

from cryptography.hazmat.primitives import cmac
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


def aes_ecb(key, block):
    enc = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return enc.update(block) + enc.finalize()


def aes_ecb_dec(key, block):
    dec = Cipher(algorithms.AES(key), modes.ECB()).decryptor()
    return dec.update(block) + dec.finalize()


def aes_cbc(key, iv, data, decrypt=False):
    c = Cipher(algorithms.AES(key), modes.CBC(iv))
    op = c.decryptor() if decrypt else c.encryptor()
    return op.update(data) + op.finalize()


def cmac_aes(key, data):
    c = cmac.CMAC(algorithms.AES(key))
    c.update(data)
    return c.finalize()


def dbl(block):
    n = int.from_bytes(block, 'big') << 1
    if n >> 128:
        n = (n ^ 0x87) & ((1 << 128) - 1)
    return n.to_bytes(16, 'big')


def xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


def an10922(master, m):
    """AN10922 2.2: D = 01 || M, padded to 32 bytes with 80 00.. when M < 31 bytes; last block XOR K2
    if padded (else K1); CBC-MAC. A library CMAC of the 32-byte D XORs K1 into the last block, so the
    padded case hands it D with the last block XORed with K1 ^ K2."""
    assert 1 <= len(m) <= 31
    d = b'\x01' + m
    padded = len(d) < 32
    if padded:
        d = d + b'\x80' + b'\x00' * (31 - len(d))
        k1 = dbl(aes_ecb(master, bytes(16)))
        k2 = dbl(k1)
        d = d[:16] + xor(d[16:], xor(k1, k2))
    return cmac_aes(master, d)


# ---- LRP (AN12304), m = 4, q = 4 ----
def lrp_tables(key):
    p, uk = [], []
    h = aes_ecb(key, b'\x55' * 16)
    for _ in range(16):
        p.append(aes_ecb(h, b'\xaa' * 16))
        h = aes_ecb(h, b'\x55' * 16)
    h = aes_ecb(key, b'\xaa' * 16)
    for _ in range(4):
        uk.append(aes_ecb(h, b'\xaa' * 16))
        h = aes_ecb(h, b'\x55' * 16)
    return p, uk


def eval_lrp(p, kp, x, final=True):
    y = kp
    for nibble in x.hex():
        y = aes_ecb(y, p[int(nibble, 16)])
    return aes_ecb(y, bytes(16)) if final else y


def lrp_cmac(key, data):
    p, uk = lrp_tables(key)
    k0 = eval_lrp(p, uk[0], bytes(16))
    k1 = dbl(k0)
    k2 = dbl(k1)
    blocks = [data[i:i + 16] for i in range(0, len(data), 16)] or [b'']
    y = bytes(16)
    for block in blocks[:-1]:
        y = eval_lrp(p, uk[0], xor(y, block))
    last = blocks[-1]
    if len(last) == 16:
        last = xor(last, k1)
    else:
        last = xor(last + b'\x80' + bytes(15 - len(last)), k2)
    return eval_lrp(p, uk[0], xor(y, last))


def lricb(key, u, counter, data, decrypt=False):
    p, uk = lrp_tables(key)
    out = b''
    ctr = int.from_bytes(counter, 'big')
    for i in range(0, len(data), 16):
        k = eval_lrp(p, uk[u], ctr.to_bytes(len(counter), 'big'))
        out += (aes_ecb_dec if decrypt else aes_ecb)(k, data[i:i + 16])
        ctr = (ctr + 1) % (1 << (8 * len(counter)))
    return out


# ---- SUN (AN12196) ----
def session_keys(file_key, uid, ctr_le, mode):
    if mode == 'lrp':
        return lrp_cmac(file_key, b'\x00\x01\x00\x80' + uid + ctr_le + b'\x1e\xe1')
    return cmac_aes(file_key, b'\x3c\xc3\x00\x01\x00\x80' + uid + ctr_le)


def mac(file_key, uid, ctr_le, mode, mac_input):
    session = session_keys(file_key, uid, ctr_le, mode)
    full = lrp_cmac(session, mac_input) if mode == 'lrp' else cmac_aes(session, mac_input)
    return full[1::2]


def file_crypt(file_key, uid, ctr_le, mode, data, decrypt):
    if mode == 'lrp':
        return lricb(session_keys(file_key, uid, ctr_le, 'lrp'), 1, ctr_le + bytes(3), data, decrypt)
    k = cmac_aes(file_key, b'\xc3\x3c\x00\x01\x00\x80' + uid + ctr_le)
    iv = aes_ecb(k, ctr_le + bytes(13))
    return aes_cbc(k, iv, data, decrypt)


def parse(query):
    params, at = {}, 0
    for part in query.split('&'):
        name, _, value = part.partition('=')
        params[name] = (value, at + len(name) + 1)
        at += len(part) + 1
    return params


def verify(meta, file_key, query):
    q = parse(query)
    bad = {'ok': False}
    if 'uid' in q:
        uid = bytes.fromhex(q['uid'][0])
        ctr_be = bytes.fromhex(q['ctr'][0])
        got = bytes.fromhex(q['cmac'][0])
        ok = any(mac(file_key, uid, ctr_be[::-1], m, b'') == got for m in ('aes', 'lrp'))
        return {'ok': ok, 'uid': uid.hex().upper(), 'counter': int.from_bytes(ctr_be, 'big'), 'mode': 'plain',
                'fileData': None} if ok else bad
    if 'picc_data' in q:
        picc = bytes.fromhex(q['picc_data'][0])
        enc = bytes.fromhex(q['enc'][0]) if 'enc' in q else b''
        got = bytes.fromhex(q['cmac'][0])
        mac_input = query[q['enc'][1]:q['cmac'][1]].encode() if enc else b''
    else:
        value = q.get('auth', q.get('e'))[0]
        raw = bytes.fromhex(value)
        n = 24 if (len(raw) - 8) % 16 == 8 else 16
        picc, enc, got = raw[:n], raw[n:-8], raw[-8:]
        mac_input = value[2 * n:-16].encode()
    mode = 'lrp' if len(picc) == 24 else 'aes'
    if mode == 'aes':
        plain = aes_cbc(meta, bytes(16), picc, decrypt=True)
    else:
        plain = lricb(meta, 0, picc[:8], picc[8:], decrypt=True)
    if plain[0] != 0xC7:
        return bad
    uid, ctr_le = plain[1:8], plain[8:11]
    if mac(file_key, uid, ctr_le, mode, mac_input) != got:
        return bad
    data = file_crypt(file_key, uid, ctr_le, mode, enc, True).hex() if enc else None
    return {'ok': True, 'uid': uid.hex().upper(), 'counter': int.from_bytes(ctr_le, 'little'), 'mode': mode,
            'fileData': data}


def make(meta, file_key, uid, counter, mode, layout, file_data):
    ctr_le = counter.to_bytes(3, 'little')
    h = lambda b: b.hex().upper()  # noqa: E731
    if mode == 'plain':
        return f"uid={h(uid)}&ctr={h(counter.to_bytes(3, 'big'))}&cmac={h(mac(file_key, uid, ctr_le, 'aes', b''))}"
    plain = b'\xc7' + uid + ctr_le + os.urandom(5)
    if mode == 'aes':
        picc = aes_cbc(meta, bytes(16), plain)
    else:
        rand = os.urandom(8)
        picc = rand + lricb(meta, 0, rand, plain)
    enc = h(file_crypt(file_key, uid, ctr_le, mode, file_data, False)) if file_data else ''
    if layout == 'picc':
        mac_input = f'{enc}&cmac=' if enc else ''
        tail = f'&enc={enc}' if enc else ''
        return f"picc_data={h(picc)}{tail}&cmac={h(mac(file_key, uid, ctr_le, mode, mac_input.encode()))}"
    return f"{layout}={h(picc)}{enc}{h(mac(file_key, uid, ctr_le, mode, enc.encode()))}"


NDEF_PREFIXES = ('https://www.', 'http://www.', 'https://', 'http://')


def ndef_text(url):
    for p in NDEF_PREFIXES:
        if url.lower().startswith(p):
            return url[len(p):]
    return url


def verify_form(meta, file_key, template, mac_from, url, mode):
    """A batch URL form (issue #26): walk the template and the URL side by side, placeholder by
    placeholder (lengths from NXP's data sheet: PICC 16/24 bytes, UID 7, CTR 3, MAC 8, TT 2 letters,
    ENC the rest up to the next literal text), note where each value starts in the URL text after the
    NDEF prefix, and MAC the text from SDMMACInputOffset to the MAC."""
    bad = {'ok': False}
    t, u = ndef_text(template), ndef_text(url)
    values, starts, ti, ui = {}, {}, 0, 0
    fixed = {'PICC': 48 if mode == 'lrp' else 32, 'UID': 14, 'CTR': 6, 'MAC': 16, 'TT': 2}
    while ti < len(t):
        if t[ti] == '{':
            end = t.index('}', ti)
            name = t[ti + 1:end]
            ti = end + 1
            if name == 'ENC':
                nxt = t.find('{', ti)
                literal = t[ti:nxt if nxt >= 0 else len(t)]
                if literal:
                    n = u.index(literal, ui) - ui
                else:
                    # ENC directly followed by another placeholder: the rest minus what follows
                    rest = sum(fixed[x] for x in ('MAC', 'TT', 'UID', 'CTR') if '{%s}' % x in t[ti:])
                    n = len(u) - ui - rest - len(t[ti:].replace('{MAC}', '').replace('{TT}', ''))
            else:
                n = fixed[name]
            values[name], starts[name] = u[ui:ui + n], ui
            ui += n
        else:
            if ui >= len(u) or u[ui] != t[ti]:
                return bad
            ti += 1
            ui += 1
    if ui != len(u):
        return bad
    got = bytes.fromhex(values['MAC'])
    start = {'MAC': starts['MAC'], 'URL': 0}.get(mac_from, starts.get(mac_from, starts['MAC']))
    mac_input = u[start:starts['MAC']].encode()
    enc = bytes.fromhex(values['ENC']) if 'ENC' in values else b''
    if 'UID' in values:
        uid = bytes.fromhex(values['UID'])
        ctr_be = bytes.fromhex(values['CTR'])
        ok = any(mac(file_key, uid, ctr_be[::-1], m, mac_input) == got for m in ('aes', 'lrp'))
        if not ok:
            return bad
        return {'ok': True, 'uid': uid.hex().upper(), 'counter': int.from_bytes(ctr_be, 'big'), 'mode': 'plain',
                'fileData': None, 'tamper': values.get('TT')}
    picc = bytes.fromhex(values['PICC'])
    plain = aes_cbc(meta, bytes(16), picc, decrypt=True) if mode == 'aes' else lricb(meta, 0, picc[:8], picc[8:], decrypt=True)
    if plain[0] != 0xC7:
        return bad
    uid, ctr_le = plain[1:8], plain[8:11]
    if mac(file_key, uid, ctr_le, mode, mac_input) != got:
        return bad
    data = file_crypt(file_key, uid, ctr_le, mode, enc, True).hex() if enc else None
    return {'ok': True, 'uid': uid.hex().upper(), 'counter': int.from_bytes(ctr_le, 'little'), 'mode': mode,
            'fileData': data, 'tamper': values.get('TT')}


def make_form(meta, file_key, template, mac_from, uid, counter, mode, file_data, tamper, plain_mac):
    """A tap of a batch URL form as the chip writes it (issue #26): each placeholder's mirror in its
    place (PICC data encrypted under the meta-read key; UID and CTR in clear for plain mirroring; ENC;
    the TT letters), then the MAC over the URL text after the NDEF prefix, from SDMMACInputOffset (the
    start of the named placeholder's value, 0 for URL, nothing for MAC) up to where the MAC goes."""
    h = lambda b: b.hex().upper()  # noqa: E731
    ctr_le = counter.to_bytes(3, 'little')
    crypto_mode = plain_mac if mode == 'plain' else mode
    values = {'UID': h(uid), 'CTR': h(counter.to_bytes(3, 'big')), 'TT': tamper}
    if mode != 'plain':
        plain = b'\xc7' + uid + ctr_le + os.urandom(5)
        if mode == 'aes':
            values['PICC'] = h(aes_cbc(meta, bytes(16), plain))
        else:
            rand = os.urandom(8)
            values['PICC'] = h(rand + lricb(meta, 0, rand, plain))
    if '{ENC}' in template:
        values['ENC'] = h(file_crypt(file_key, uid, ctr_le, crypto_mode, file_data, False))
    prefix = len(template) - len(ndef_text(template))
    out, starts, i = '', {}, 0
    while True:
        j = template.find('{', i)
        if j < 0:
            out += template[i:]
            break
        out += template[i:j]
        end = template.index('}', j)
        name = template[j + 1:end]
        starts[name] = len(out) - prefix
        out += '{MAC}' if name == 'MAC' else values[name]
        i = end + 1
    text = ndef_text(out)
    start = {'URL': 0, 'MAC': starts['MAC']}.get(mac_from, starts.get(mac_from))
    return out.replace('{MAC}', h(mac(file_key, uid, ctr_le, crypto_mode, text[start:starts['MAC']].encode())))


request = json.load(sys.stdin)
answer = {}
if 'an10922' in request:
    answer['an10922'] = [an10922(bytes.fromhex(r['master']), bytes.fromhex(r['m'])).hex() for r in request['an10922']]
if 'verify' in request:
    answer['verify'] = [verify(bytes.fromhex(r['meta']), bytes.fromhex(r['file']), r['query']) for r in request['verify']]
if 'make' in request:
    answer['make'] = [make(bytes.fromhex(r['meta']), bytes.fromhex(r['file']), bytes.fromhex(r['uid']), r['counter'],
                           r['mode'], r['layout'], bytes.fromhex(r['fileData']) if r.get('fileData') else None)
                      for r in request['make']]
if 'verifyForm' in request:
    answer['verifyForm'] = [verify_form(bytes.fromhex(r['meta']), bytes.fromhex(r['file']), r['template'],
                                        r['macInputFrom'], r['url'], r['mode']) for r in request['verifyForm']]
if 'makeForm' in request:
    answer['makeForm'] = [make_form(bytes.fromhex(r['meta']), bytes.fromhex(r['file']), r['template'], r['macInputFrom'],
                                    bytes.fromhex(r['uid']), r['counter'], r['mode'],
                                    bytes.fromhex(r['fileData']) if r.get('fileData') else None, r['tamper'],
                                    r.get('plainMac', 'aes'))
                          for r in request['makeForm']]
json.dump(answer, sys.stdout)
