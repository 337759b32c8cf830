#!/usr/bin/env python3
"""A test app for the bridge (Docs/bridge-protocol.md), misbehaving on purpose as its first
argument says: good, hang, crash, exit-at-once, garbage, unknown-method, bad-params,
long-line, flood, ignore-term, version, stdin-closed, chatty, notify, token, env."""
import json
import os
import signal
import subprocess
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "good"
target = sys.argv[2] if len(sys.argv) > 2 else ""
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
            return msg
    sys.exit(0)


if mode == "exit-at-once":
    log("leaving at once")
    sys.exit(7)
if mode == "ignore-term":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    child = subprocess.Popen(["sleep", "60"])  # a grandchild that outlives a SIGTERM: the subject
    log("grandchild %d" % child.pid)

for line in sys.stdin:
    msg = json.loads(line)
    method = msg.get("method")
    if method is None:
        continue
    if method == "initialize":
        version = "2" if mode == "version" else "1"
        result = {"protocolVersion": version, "name": "test"}
        if mode == "data-access":
            # Says it implements the SDK's optional data-access callbacks, and logs each one.
            result["callbacks"] = ["controllerWillPromptForPasscode", "controllerDidLockDataAccess", "controllerDidUnlockDataAccess"]
        send({"jsonrpc": "2.0", "id": msg["id"], "result": result})
        continue
    if mode == "data-access":
        log("told %s" % method)
    if mode == "hang" and method == target:
        log("not answering " + method)
        continue
    if mode == "crash" and method == target:
        log("about to crash")
        log("in " + method)
        sys.exit(3)
    if method == "app/launch":
        if mode == "good":
            info = call("awcontroller/retrieveUserInfo")
            user = info.get("result", {}).get("userName")
            call("storage/put", {"key": "orders", "owner": user, "protection": "sdk", "text": "orders of %s" % user})
            call("screen/show", {"user": user, "items": ["orders"]})
            log("hello from the app")
        elif mode == "garbage":
            for i in range(int(target or "3")):
                sys.stdout.write("this is not json %d\n" % i)
            sys.stdout.flush()
        elif mode == "unknown-method":
            reply = call("foo/bar")
            log("error %d" % reply["error"]["code"])
        elif mode == "bad-params":
            reply = call("storage/put", {"owner": None, "protection": "plain", "text": "x"})
            log("error %d %s" % (reply["error"]["code"], reply["error"]["message"]))
            # As the examples log a refused call: the method, then hubsim's message.
            reply = call("storage/put", {"key": "no key!", "owner": None, "protection": "plain", "text": "x"})
            log("storage/put: %s" % reply["error"]["message"])
        elif mode == "close-output":
            os.close(1)
            time.sleep(30)
        elif mode == "long-line":
            sys.stdout.write("{\"x\":\"" + "y" * (1100 * 1024) + "\"}\n")
            sys.stdout.flush()
            time.sleep(5)  # still running: the bridge must stop it for the line, not see it exit
        elif mode == "env":
            log("cwd %s" % os.path.basename(os.getcwd()))
            log("HUBSIM_TEST %s" % os.environ.get("HUBSIM_TEST", "-"))
        elif mode == "token":
            reply = call("msal/acquireToken")
            log("token for %s" % reply["result"]["account"]["username"])
        elif mode == "chatty":
            for i in range(1000):
                sys.stderr.write("line %d\n" % i)
            sys.stderr.flush()
        elif mode == "notify":
            send({"jsonrpc": "2.0", "method": "screen/show", "params": {"user": "cou1", "items": []}})
            send({"jsonrpc": "2.0", "method": "foo/bar"})
        elif mode == "flood":
            for i in range(3000):
                sys.stdout.write('{"jsonrpc":"2.0","method":"storage/list"}\n')
            sys.stdout.flush()
            time.sleep(5)  # still running: the bridge must stop it for the flood, not see it exit
    if method == "awcontroller/controllerDidWipeCurrentUserData" and mode == "good":
        call("storage/delete", {"key": "orders"})
        call("screen/show", {"user": None, "items": []})
    send({"jsonrpc": "2.0", "id": msg["id"], "result": {}})
    if method == "app/terminate" and mode == "ignore-term":
        while True:
            time.sleep(1)  # never leaves on app/terminate: the bridge must kill it

if mode == "stdin-closed":
    log("stdin closed")
