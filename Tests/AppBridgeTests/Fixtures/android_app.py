#!/usr/bin/env python3
"""An Android shared-device app for the bridge (Docs/bridge-protocol.md), written as Microsoft
Learn's "Tutorial: Use shared-device mode in your Android application" says: it asks
getCurrentAccountAsync when it starts and resumes, clears the prior user's orders in
onAccountChanged, and with the argument "runtime" registers a receiver for
CURRENT_ACCOUNT_CHANGED as it starts (with "none" it registers nothing; with "once" it also
asks for the account only as it starts, the classic mistake)."""
import json
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else "runtime"
calls = 0


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def log(text):
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def call(method, params=None):
    global calls
    calls += 1
    cid = "a%d" % calls
    send({"jsonrpc": "2.0", "id": cid, "method": method, "params": params or {}})
    for line in sys.stdin:
        msg = json.loads(line)
        if msg.get("id") == cid:
            return msg.get("result", {})
    sys.exit(0)


def name(account):
    return account["username"] if account else None


def refresh(when):
    answer = call("msal/getCurrentAccountAsync")
    if answer["callback"] == "onAccountChanged":
        prior, user = name(answer["priorAccount"]), name(answer["currentAccount"])
        log("%s: onAccountChanged(prior: %s, current: %s)" % (when, prior, user))
        if prior:
            call("storage/delete", {"key": "orders-" + prior})
    else:
        user = name(answer["activeAccount"])
        log("%s: onAccountLoaded(%s)" % (when, user))
    if user:
        call("storage/put", {"key": "orders-" + user, "owner": user, "protection": "plain", "text": "orders of " + user})
        call("screen/show", {"user": user, "items": ["orders-" + user]})
    else:
        call("screen/show", {"user": None, "items": []})


for line in sys.stdin:
    msg = json.loads(line)
    method = msg.get("method")
    if method is None:
        continue
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": msg["id"], "result": {"protocolVersion": "1", "name": "Orders"}})
        continue
    if method == "app/launch":
        if mode == "runtime":
            call("msal/registerReceiver", {"action": "com.microsoft.identity.client.sharedmode.CURRENT_ACCOUNT_CHANGED"})
        log("isSharedDevice: %s" % call("msal/isSharedDevice")["isSharedDevice"])
        refresh("launch")
    elif method == "app/foreground" and mode != "once":
        refresh("resume")
    elif method == "broadcast/CURRENT_ACCOUNT_CHANGED":
        kind = msg["params"]["BROADCAST_TYPE"]
        log("broadcast %s" % kind)
        if kind == "GLOBAL_SIGN_OUT":
            refresh("broadcast")
    send({"jsonrpc": "2.0", "id": msg["id"], "result": {}})
