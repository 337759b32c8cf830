"""Microsoft's MSAL sample for iOS, as a hubsim pane on entra-ios (Docs/bridge-protocol.md).

Written anew from what the public sample does, event for event; its code is not copied. The sample:
Azure-Samples/ms-identity-mobile-apple-swift-objc, MSALiOS/ViewController.swift. What it does,
and so what this app does:
- viewDidLoad calls getCurrentAccount and getDeviceInformation, viewWillAppear getCurrentAccount
  again (app/launch); UIApplication.willEnterForegroundNotification calls getCurrentAccount
  (app/foreground); it observes no SHARED_MODE_CURRENT_ACCOUNT_CHANGED;
- an account found: "Updating data for that account": this app keeps that user's tasks (plain,
  as an app's own files are) and shows them;
- no account (signed out here or elsewhere): it clears its access token and shows "Signed out";
  it deletes nothing else.
Its check-app table, and what it leaves undone: Docs/app-developers.md, "The public samples,
through check-app".
Run it: swift run hubsim --profile entra-ios --app 'ios-sample=python3 Examples/python/msal_ios_sample.py'
"""
import json
import sys

calls = 0     # the app's own requests so far: their ids are "a1", "a2", ...
token = None  # the access token, in memory only: all the sample clears at a sign-out


def send(message):
    print(json.dumps({"jsonrpc": "2.0", **message}), flush=True)


def call(method, **params):
    """Asks hubsim (MSAL, the device's storage, the screen); the result, or None on an error."""
    global calls
    calls += 1
    send({"id": f"a{calls}", "method": method, "params": params})
    answer = json.loads(sys.stdin.readline())
    if "error" in answer:
        print(f"{method}: {answer['error']['message']}", file=sys.stderr)  # stderr: the pane's log
    return answer.get("result")


def load_current_account():
    global token
    result = call("msal/getCurrentAccount") or {}
    account = (result.get("account") or {}).get("username")
    if account:
        print(f"Found a signed in account {account}. Updating data for that account...", file=sys.stderr)
        call("storage/put", key=f"tasks-{account}", owner=account, protection="plain", text=f"5 tasks of {account}")
        call("screen/show", user=account, items=[f"tasks-{account}"])
        return
    previous = (result.get("previousAccount") or {}).get("username")
    print(f"The account with username {previous} has been signed out." if previous
          else "Account signed out. Updating UX", file=sys.stderr)
    token = None
    call("screen/show", user=None, items=[], lines=["Signed out"])


def handle(method, params):
    if method == "initialize":
        return {"protocolVersion": "1", "name": "MSAL iOS sample"}
    if method == "app/launch":
        load_current_account()  # viewDidLoad
        mode = (call("msal/getDeviceInformation") or {}).get("deviceMode")
        print(f"deviceMode: {mode}", file=sys.stderr)
        load_current_account()  # viewWillAppear
    elif method == "app/foreground":
        load_current_account()  # willEnterForegroundNotification
    return {}


for line in sys.stdin:  # hubsim's events, one at a time; stdin closes after app/terminate
    request = json.loads(line)
    send({"id": request["id"], "result": handle(request["method"], request.get("params") or {})})
