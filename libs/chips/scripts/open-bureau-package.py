#!/usr/bin/env python3
"""An independent reader of MetaTag's bureau package (docs/bureau-package.md), written from that
document with Python's `cryptography`, not from our TypeScript: scrypt, then AES-256-GCM, then NXP
AN10922 (AES-128, section 2.2) from the stated inputs.

stdin: {"file": <package file JSON>, "passphrase": "...", "uid": "<14 hex digits>"}
stdout: {"package": <plaintext JSON>, "keys": [5 x hex], "check": true|false}
"""
import base64
import json
import sys

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt


def aes_block(key: bytes, block: bytes) -> bytes:
    enc = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return enc.update(block) + enc.finalize()


def dbl(block: bytes) -> bytes:
    n = int.from_bytes(block, "big") << 1
    if block[0] & 0x80:
        n ^= 0x87
    return (n & ((1 << 128) - 1)).to_bytes(16, "big")


def an10922(master: bytes, m: bytes) -> bytes:
    """AN10922 2.2: D = 01 || M padded 80 00.. to 32 bytes; K2 on the last block if padded, else K1; CBC-MAC."""
    assert 1 <= len(m) <= 31
    k1 = dbl(aes_block(master, bytes(16)))
    k2 = dbl(k1)
    d = b"\x01" + m
    padded = len(d) < 32
    if padded:
        d = d + b"\x80" + bytes(31 - len(d))
    sub = k2 if padded else k1
    last = bytes(a ^ b for a, b in zip(d[16:], sub))
    first = aes_block(master, d[:16])
    return aes_block(master, bytes(a ^ b for a, b in zip(first, last)))


def main() -> None:
    req = json.load(sys.stdin)
    f = req["file"]
    assert f["format"] == "metatag-bureau-package" and f["version"] == 1
    kdf = f["kdf"]
    assert kdf["name"] == "scrypt"
    key = Scrypt(
        salt=base64.b64decode(kdf["salt"]), length=kdf["length"], n=kdf["N"], r=kdf["r"], p=kdf["p"]
    ).derive(req["passphrase"].encode("utf-8"))
    assert f["cipher"]["name"] == "AES-256-GCM"
    plain = AESGCM(key).decrypt(
        base64.b64decode(f["cipher"]["iv"]),
        base64.b64decode(f["ciphertext"]),
        f["cipher"]["aad"].encode("utf-8"),
    )
    package = json.loads(plain)
    keys = package["keys"]
    master = bytes.fromhex(keys["masterKey"])

    def derive(uid: str) -> list:
        return [
            an10922(master, bytes.fromhex(k["an10922Input"].replace("{UID}", uid))).hex().upper()
            for k in keys["applicationKeys"]
        ]

    check = keys["check"] is not None and derive(keys["check"]["uid"]) == keys["check"]["keys"]
    json.dump({"package": package, "keys": derive(req["uid"].upper()), "check": check}, sys.stdout)


main()
