"""A Workspace ONE app that reacts only to the SDK's callbacks: the judge's false pass.

It keeps the checked-out user's orders sealed under the SDK's key (`protection: sdk`, as in
Docs/bridge-protocol.md's session) and shows them at controllerDidFinishInitialCheck and
controllerDidDetectUserChange; at controllerDidWipeCurrentUserData it deletes them. It never asks
who has the device at app/foreground, which comes before those callbacks: until they arrive its
screen still shows the previous user's orders to whoever holds the device. The SDK's key protects
what is stored, not what the process holds in memory and shows. `--protection user|plain` keeps
them otherwise; the screen is the same.
"""
import json
import sys

protection = sys.argv[sys.argv.index("--protection") + 1] if "--protection" in sys.argv else "sdk"
calls = 0


def send(message):
    print(json.dumps({"jsonrpc": "2.0", **message}), flush=True)


def call(method, **params):
    global calls
    calls += 1
    send({"id": f"a{calls}", "method": method, "params": params})
    answer = json.loads(sys.stdin.readline())
    if "error" in answer:
        print(f"{method}: {answer['error']['message']}", file=sys.stderr)
    return answer.get("result")


def handle(method, params):
    if method == "initialize":
        return {"protocolVersion": "1", "name": "Callbacks only"}
    if method == "awcontroller/controllerDidDetectUserChange" or (
            method == "awcontroller/controllerDidFinishInitialCheck" and params.get("error") is None):
        info = call("awcontroller/retrieveUserInfo")
        name = info and info["userName"]
        if name:
            call("storage/put", key=f"orders-{name}", owner=name, protection=protection, text=f"3 orders of {name}")
        call("screen/show", user=name, items=[f"orders-{name}"] if name else [])
    elif method == "awcontroller/controllerDidWipeCurrentUserData":
        for item in call("storage/list")["items"]:
            if item["owner"] is not None:
                call("storage/delete", key=item["key"])
        call("screen/show", user=None, items=[])
    return {}


for line in sys.stdin:
    request = json.loads(line)
    send({"id": request["id"], "result": handle(request["method"], request.get("params") or {})})
