"""A Workspace ONE app done right, as a hubsim pane (the protocol: Docs/bridge-protocol.md).

It shows the checked-out user's orders, sealed under the SDK's key; it deletes all a user owns
at the wipe callback and asks who has the device at every resume: the next user sees nothing.
Run it: swift run hubsim --app 'store=python3 Examples/python/store_app.py'
"""
import json
import sys

calls = 0    # the app's own requests so far: their ids are "a1", "a2", ...
user = None  # whose orders are on the screen


def send(message):
    print(json.dumps({"jsonrpc": "2.0", **message}), flush=True)


def call(method, **params):
    """Asks hubsim (the SDK, the device's storage, the screen); the result, or None on an error."""
    global calls
    calls += 1
    send({"id": f"a{calls}", "method": method, "params": params})
    answer = json.loads(sys.stdin.readline())
    if "error" in answer:
        print(f"{method}: {answer['error']['message']}", file=sys.stderr)  # stderr: the pane's log
    return answer.get("result")


def show(owner):
    global user
    user = owner
    call("screen/show", user=owner, items=["orders"] if owner else [])


def handle(method, params):
    if method == "initialize":
        return {"protocolVersion": "1", "name": "Store"}
    if method == "awcontroller/controllerDidDetectUserChange" or (
            method == "awcontroller/controllerDidFinishInitialCheck" and params.get("error") is None):
        info = call("awcontroller/retrieveUserInfo")  # None: nobody has the device checked out
        name = info and info["userName"]
        if name:
            call("storage/put", key="orders", owner=name, protection="sdk", text=f"3 orders of {name}")
        show(name)
    elif method == "awcontroller/controllerDidWipeCurrentUserData":
        for item in call("storage/list")["items"]:  # the SDK's key is gone already; the rest goes too
            if item["owner"] is not None:
                call("storage/delete", key=item["key"])
        show(None)
    elif method == "app/foreground" and user:
        info = call("awcontroller/retrieveUserInfo")  # checked in, or another user: show nothing
        if not info or info["userName"] != user:      # until the SDK's callbacks that follow
            show(None)
    return {}


for line in sys.stdin:  # hubsim's events, one at a time; stdin closes after app/terminate
    request = json.loads(line)
    send({"id": request["id"], "result": handle(request["method"], request.get("params") or {})})
