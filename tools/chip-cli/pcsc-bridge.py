"""A PC/SC bridge for `npm run chip -- personalise`: pyscard (Debian python3-pyscard, over pcsc-lite's
pcscd) in a child process speaking JSON lines, so Node needs no native module.
stdin:  {"id": n, "op": "readers"} | {"id", "op": "status", "reader"} | {"id", "op": "connect", "reader"}
        | {"id", "op": "transmit", "apdu": hex} | {"id", "op": "disconnect"}
stdout: {"id": n, "ok": true, ...} or {"id": n, "ok": false, "error": code, "message": text}
The first line is {"ready": true} or {"ready": false, "error": "no-pyscard"|"no-service", "message"}.
A reader another program holds (SCARD_E_SHARING_VIOLATION) answers "reader-busy", one that went away
(unplugged: SCARD_E_READER_UNAVAILABLE, SCARD_E_UNKNOWN_READER, or no longer listed) "no-reader"; only
"no card" answers present: false. pcsc-bridge.ts words them (tools/chip-cli/personalise.spec.ts runs this file).
"""
import json
import sys

def say(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()

try:
    from smartcard.System import readers as list_readers
    from smartcard.Exceptions import NoCardException, CardConnectionException
    from smartcard.scard import SCardEstablishContext, SCARD_SCOPE_USER, SCARD_S_SUCCESS
except ImportError as e:
    say({"ready": False, "error": "no-pyscard", "message": str(e)})
    sys.exit(0)

rc, _ = SCardEstablishContext(SCARD_SCOPE_USER)
if rc != SCARD_S_SUCCESS:
    say({"ready": False, "error": "no-service", "message": "pcscd is not running (rc %x)" % (rc & 0xFFFFFFFF)})
    sys.exit(0)
say({"ready": True})

SHARING_VIOLATION = 0x8010000B
READER_GONE = (0x80100017, 0x80100009)  # SCARD_E_READER_UNAVAILABLE, SCARD_E_UNKNOWN_READER

def problem(e):
    """A reader problem in a pyscard exception (its hresult, else pcsc-lite's words), or None."""
    code = getattr(e, "hresult", -1)
    code = code & 0xFFFFFFFF if isinstance(code, int) and code != -1 else None
    text = str(e).lower()
    if code == SHARING_VIOLATION or "sharing violation" in text:
        return "reader-busy"
    if code in READER_GONE or "reader is unavailable" in text or "unknown reader" in text:
        return "no-reader"
    return None

connection = None

def find(name):
    for r in list_readers():
        if str(r) == name:
            return r
    return None

for line in sys.stdin:
    req = json.loads(line)
    rid = req.get("id")
    try:
        op = req["op"]
        if op == "readers":
            say({"id": rid, "ok": True, "readers": [str(r) for r in list_readers()]})
        elif op in ("status", "connect"):
            reader = find(req["reader"])
            if reader is None:
                say({"id": rid, "ok": False, "error": "no-reader", "message": "not listed by pcscd"})
                continue
            c = reader.createConnection()
            try:
                c.connect()
            except NoCardException:
                say({"id": rid, "ok": True, "present": False})
                continue
            except CardConnectionException as e:
                if problem(e):
                    say({"id": rid, "ok": False, "error": problem(e), "message": str(e)})
                else:
                    say({"id": rid, "ok": True, "present": False})
                continue
            if op == "status":
                c.disconnect()
            else:
                connection = c
            say({"id": rid, "ok": True, "present": True})
        elif op == "transmit":
            if connection is None:
                say({"id": rid, "ok": False, "error": "no-card", "message": "not connected"})
                continue
            data, sw1, sw2 = connection.transmit(list(bytes.fromhex(req["apdu"])))
            say({"id": rid, "ok": True, "response": bytes(data + [sw1, sw2]).hex()})
        elif op == "disconnect":
            if connection is not None:
                try:
                    connection.disconnect()
                except Exception:
                    pass
            connection = None
            say({"id": rid, "ok": True})
    except (NoCardException, CardConnectionException) as e:
        connection = None
        say({"id": rid, "ok": False, "error": problem(e) or "card-removed", "message": str(e)})
    except Exception as e:  # noqa: BLE001 - reported to the caller with its text
        say({"id": rid, "ok": False, "error": problem(e) or "reader-error", "message": str(e)})
