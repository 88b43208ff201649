"""Produces src/fixtures/sdm-backend-vectors.json by running nfc-developer/sdm-backend's own code.

Usage: /usr/bin/python3 libs/chips/scripts/sdm-backend-vectors.py <sdm-backend checkout> > out.json
Needs pycryptodome (Debian: python3-pycryptodome, imported as Cryptodome). sdm-backend's code is
imported from the checkout, never copied here. Every message below is accepted by sdm-backend's
decrypt_sun_message / validate_plain_sun before it is written: the fixture holds what that verifier
accepts, for MetaTag's verifier to accept with the same UID, counter and file data.
"""
import binascii, json, os, random, sys, types

import Cryptodome
import Cryptodome.Cipher.AES
import Cryptodome.Hash.CMAC
import Cryptodome.Protocol.SecretSharing
import Cryptodome.Util.strxor

sys.modules.update({
    'Crypto': Cryptodome, 'Crypto.Cipher': Cryptodome.Cipher, 'Crypto.Cipher.AES': Cryptodome.Cipher.AES,
    'Crypto.Hash': Cryptodome.Hash, 'Crypto.Hash.CMAC': Cryptodome.Hash.CMAC,
    'Crypto.Protocol': Cryptodome.Protocol, 'Crypto.Protocol.SecretSharing': Cryptodome.Protocol.SecretSharing,
    'Crypto.Util': Cryptodome.Util, 'Crypto.Util.strxor': Cryptodome.Util.strxor,
})
config = types.ModuleType('config')
config.SDMMAC_PARAM = 'cmac'
sys.modules['config'] = config
sys.path.insert(0, sys.argv[1])

from Cryptodome.Cipher import AES  # noqa: E402
from Cryptodome.Hash import CMAC  # noqa: E402
from libsdm import derive, legacy_derive  # noqa: E402
from libsdm.lrp import LRP  # noqa: E402
from libsdm.sdm import EncMode, ParamMode, calculate_sdmmac, decrypt_sun_message, validate_plain_sun  # noqa: E402

rng = random.Random(424)
rb = lambda n: bytes(rng.getrandbits(8) for _ in range(n))  # noqa: E731
schemes = {'sdm-backend': derive, 'sdm-backend-legacy': legacy_derive}


def aes_file_encrypt(file_key, uid_ctr, ctr, data):
    cm = CMAC.new(file_key, ciphermod=AES)
    cm.update(b'\xC3\x3C\x00\x01\x00\x80' + uid_ctr)
    k = cm.digest()
    iv = AES.new(k, AES.MODE_ECB).encrypt(ctr + b'\x00' * 13)
    return AES.new(k, AES.MODE_CBC, IV=iv).encrypt(data)


def lrp_session(file_key, uid_ctr):
    return LRP(file_key, 0).cmac(b'\x00\x01\x00\x80' + uid_ctr + b'\x1E\xE1')


kdf, messages = [], []
for scheme, module in schemes.items():
    for i in range(4):
        master = rb(16 if i % 2 == 0 else 32)
        uid = b'\x04' + rb(6)
        kdf.append({'scheme': scheme, 'masterKey': master.hex(), 'uid': uid.hex().upper(),
                    'metaReadKey': module.derive_undiversified_key(master, 1).hex(),
                    'fileReadKey': module.derive_tag_key(master, uid, 2).hex()})

combos = [(mode, param_mode, with_file) for mode in (EncMode.AES, EncMode.LRP)
          for param_mode in (ParamMode.SEPARATED, ParamMode.BULK) for with_file in (False, True)]
combos += [(None, None, False)] * 2
for n, (mode, param_mode, with_file) in enumerate(combos * 3):
    scheme = 'sdm-backend' if n % 3 else 'sdm-backend-legacy'
    module = schemes[scheme]
    master = rb(16)
    uid = b'\x04' + rb(6)
    counter = rng.randrange(1, 0xFFFFFF)
    ctr = counter.to_bytes(3, 'little')
    meta, file_key = module.derive_undiversified_key(master, 1), module.derive_tag_key(master, uid, 2)
    if mode is None:
        mac = calculate_sdmmac(ParamMode.SEPARATED, file_key, uid + ctr, mode=EncMode.AES)
        ctr_be = counter.to_bytes(3, 'big')
        res = validate_plain_sun(uid, ctr_be, mac, file_key, mode=EncMode.AES)
        assert res['read_ctr'] == counter
        query = f"uid={uid.hex().upper()}&ctr={ctr_be.hex().upper()}&cmac={mac.hex().upper()}"
        messages.append({'scheme': scheme, 'masterKey': master.hex(), 'query': query, 'mode': 'plain',
                         'uid': uid.hex().upper(), 'readCounter': counter, 'fileData': None})
        continue
    file_data = rb(16 * (1 + n % 3)) if with_file else None
    plain = b'\xC7' + uid + ctr + rb(5)
    if mode == EncMode.AES:
        picc = AES.new(meta, AES.MODE_CBC, IV=b'\x00' * 16).encrypt(plain)
        enc = aes_file_encrypt(file_key, uid + ctr, ctr, file_data) if file_data else None
    else:
        rand = rb(8)
        picc = rand + LRP(meta, 0, rand, pad=False).encrypt(plain)
        enc = LRP(lrp_session(file_key, uid + ctr), 1, ctr + b'\x00' * 3, pad=False).encrypt(file_data) if file_data else None
    mac = calculate_sdmmac(param_mode, file_key, uid + ctr, enc, mode=mode)
    res = decrypt_sun_message(param_mode, meta, lambda u: module.derive_tag_key(master, u, 2), picc, mac, enc)
    assert res['uid'] == uid and res['read_ctr'] == counter and res['file_data'] == file_data
    hexu = lambda b: b.hex().upper()  # noqa: E731
    if param_mode == ParamMode.BULK:
        query = f"e={hexu(picc)}{hexu(enc) if enc else ''}{hexu(mac)}"
    else:
        query = f"picc_data={hexu(picc)}{'&enc=' + hexu(enc) if enc else ''}&cmac={hexu(mac)}"
    messages.append({'scheme': scheme, 'masterKey': master.hex(), 'query': query,
                     'mode': 'aes' if mode == EncMode.AES else 'lrp', 'uid': hexu(uid), 'readCounter': counter,
                     'fileData': file_data.hex() if file_data else None})

json.dump({
    'source': 'produced by running nfc-developer/sdm-backend (commit ' + os.environ.get('SDM_BACKEND_COMMIT', '?')
              + ') with libs/chips/scripts/sdm-backend-vectors.py; every message was accepted by its verifier',
    'kdf': kdf, 'messages': messages}, sys.stdout, indent=1)
print()
