#!/usr/bin/env python3
"""A tiny Workspace ONE app for the bridge tests (Docs/bridge-protocol.md): it keeps the
checked-out user's orders and shows them.

    python3 orders.py            done right: orders sealed under the SDK's key, deleted on
                                 the wipe callback, only the current user's shown
    python3 orders.py --leaky    the classic mistake: orders kept in plain text, the wipe
                                 callback ignored, every order it has shown
    python3 orders.py --hang-on-wipe   never answers controllerDidWipeCurrentUserData
"""
import json
import sys
import time

LEAKY = "--leaky" in sys.argv
HANG_ON_WIPE = "--hang-on-wipe" in sys.argv
calls = 0


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def call(method, params=None):
    """Calls hubsim and waits for its answer (hubsim answers every call at once)."""
    global calls
    calls += 1
    ident = "a%d" % calls
    send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params or {}})
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("id") == ident:
            return message.get("result"), message.get("error")
    sys.exit(0)


def current_user():
    result, error = call("awcontroller/retrieveUserInfo")
    return None if error else result["userName"]


def show_user(user):
    if user is None:
        call("screen/show", {"user": None, "items": []})
        return
    key = "orders-" + user
    listed, _ = call("storage/list")
    if not any(item["key"] == key for item in listed["items"]):
        call("storage/put", {"key": key, "owner": user, "protection": "plain" if LEAKY else "sdk",
                             "text": "3 orders of " + user})
    keys = [item["key"] for item in call("storage/list")[0]["items"]] if LEAKY else [key]
    call("screen/show", {"user": user, "items": keys, "lines": ["orders of " + user]})


def wipe():
    if LEAKY:
        return
    listed, _ = call("storage/list")
    for item in listed["items"]:
        call("storage/delete", {"key": item["key"]})
    call("screen/show", {"user": None, "items": []})


for line in sys.stdin:
    request = json.loads(line)
    method = request.get("method", "")
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": request["id"], "result": {"protocolVersion": "1", "name": "Orders"}})
        continue
    print("got " + method, file=sys.stderr, flush=True)
    if method == "awcontroller/controllerDidWipeCurrentUserData":
        if HANG_ON_WIPE:
            while True:
                time.sleep(60)  # a program hung on the wipe: the subject
        wipe()
    elif method in ("awcontroller/controllerDidFinishInitialCheck", "awcontroller/controllerDidDetectUserChange",
                    "app/foreground"):
        show_user(current_user())
    send({"jsonrpc": "2.0", "id": request["id"], "result": {}})
