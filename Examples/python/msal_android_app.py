"""An MSAL for Android app done right for Entra shared device mode, as a hubsim pane
(Docs/bridge-protocol.md, "Android").

It shows the signed-in user's tasks. As Microsoft Learn's "Tutorial: Use shared-device mode in
your Android application" says, it registers a receiver for CURRENT_ACCOUNT_CHANGED while it
runs, asks getCurrentAccountAsync at launch, at every resume and when GLOBAL_SIGN_OUT arrives,
and deletes the prior user's data in onAccountChanged: MSAL clears only its tokens.
Run it: swift run hubsim --profile entra-android --app 'msal=python3 Examples/python/msal_android_app.py'
"""
import json
import sys

ACTION = "com.microsoft.identity.client.sharedmode.CURRENT_ACCOUNT_CHANGED"
calls = 0  # the app's own requests so far: their ids are "a1", "a2", ...


def send(message):
    print(json.dumps({"jsonrpc": "2.0", **message}), flush=True)


def call(method, **params):
    """Asks hubsim (MSAL, Android, the device's storage, the screen); the result, or None on an error."""
    global calls
    calls += 1
    send({"id": f"a{calls}", "method": method, "params": params})
    answer = json.loads(sys.stdin.readline())
    if "error" in answer:
        print(f"{method}: {answer['error']['message']}", file=sys.stderr)  # stderr: the pane's log
    return answer.get("result")


def username(account):
    return account["username"] if account else None


def check_account():
    result = call("msal/getCurrentAccountAsync") or {}
    if result.get("callback") == "onAccountChanged":
        user = username(result.get("currentAccount"))
        for item in call("storage/list")["items"]:  # the prior user's data is the app's to clear
            if item["owner"] not in (None, user):
                call("storage/delete", key=item["key"])
    else:
        user = username(result.get("activeAccount"))
    if user:
        call("storage/put", key="tasks", owner=user, protection="plain", text=f"5 tasks of {user}")
    call("screen/show", user=user, items=["tasks"] if user else [])


def handle(method, params):
    if method == "initialize":
        return {"protocolVersion": "1", "name": "Tasks"}
    if method == "app/launch":
        call("msal/registerReceiver", action=ACTION)  # at run time: a manifest receiver gets nothing
        shared = (call("msal/isSharedDevice") or {}).get("isSharedDevice")
        print(f"isSharedDevice: {shared}", file=sys.stderr)
        check_account()
    elif method == "app/foreground":
        check_account()
    elif method == "broadcast/CURRENT_ACCOUNT_CHANGED" and params.get("BROADCAST_TYPE") == "GLOBAL_SIGN_OUT":
        check_account()
    return {}


for line in sys.stdin:  # hubsim's events, one at a time; stdin closes after app/terminate
    request = json.loads(line)
    send({"id": request["id"], "result": handle(request["method"], request.get("params") or {})})
