"""store_app.py with a classic mistake, for hubsim to catch (the protocol: Docs/bridge-protocol.md).

It keeps an "offline copy" of each user's orders in plain, so they are there even without a
network, lists the whole copy on its screen and answers the wipe callback without deleting
anything. hubsim's leak audit reports it: LEAK, the next user sees the last one's orders.
Run it: swift run hubsim --app 'leaky=python3 Examples/python/leaky_app.py'
"""
import json
import sys

calls = 0    # the app's own requests so far: their ids are "a1", "a2", ...


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


def show_offline_copies(user):
    """Every offline copy the app has, whoever's: it lists its cache, not the user's orders."""
    keys = [item["key"] for item in call("storage/list")["items"] if item["key"].startswith("orders-")]
    call("screen/show", user=user, items=keys)


def handle(method, params):
    if method == "initialize":
        return {"protocolVersion": "1", "name": "Leaky store"}
    # THE MISTAKE: an offline copy of each user's orders in plain, all of them shown; the wipe
    # callback deletes nothing.
    if method == "awcontroller/controllerDidDetectUserChange" or (
            method == "awcontroller/controllerDidFinishInitialCheck" and params.get("error") is None):
        info = call("awcontroller/retrieveUserInfo")  # None: nobody has the device checked out
        if info:
            name = info["userName"]
            call("storage/put", key=f"orders-{name}", owner=name, protection="plain", text=f"3 orders of {name}")
            show_offline_copies(name)
    return {}  # controllerDidWipeCurrentUserData too: answered, nothing deleted


for line in sys.stdin:  # hubsim's events, one at a time; stdin closes after app/terminate
    request = json.loads(line)
    send({"id": request["id"], "result": handle(request["method"], request.get("params") or {})})
