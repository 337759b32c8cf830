"""msal_app.py with a classic mistake, for hubsim to catch (the protocol: Docs/bridge-protocol.md).

It checks the account at launch and when SHARED_MODE_CURRENT_ACCOUNT_CHANGED arrives, but not
when it is resumed. hubsim's leak audit reports it: LEAK, the next user sees the last one's tasks.
Run it: swift run hubsim --profile entra-ios --app 'noresume=python3 Examples/python/msal_no_resume_check.py'
"""
import json
import sys

calls = 0        # the app's own requests so far: their ids are "a1", "a2", ...
user = None      # whose tasks are on the screen
checked = False  # a new process does not know who used the app before


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


def check_account():
    global user, checked
    result = call("msal/getCurrentAccount") or {}
    account = (result.get("account") or {}).get("username")
    if not checked or result.get("previousAccount") or account != user:  # someone signed out or in
        for item in call("storage/list")["items"]:
            if item["owner"] not in (None, account):
                call("storage/delete", key=item["key"])
    user, checked = account, True
    if user:
        call("storage/put", key="tasks", owner=user, protection="plain", text=f"5 tasks of {user}")
    call("screen/show", user=user, items=["tasks"] if user else [])


def handle(method, params):
    if method == "initialize":
        return {"protocolVersion": "1", "name": "Tasks (no resume check)"}
    # THE MISTAKE: no getCurrentAccount at app/foreground, yet a suspended app misses the notification.
    if method in ("app/launch", "msal/SHARED_MODE_CURRENT_ACCOUNT_CHANGED"):
        check_account()
    return {}


for line in sys.stdin:  # hubsim's events, one at a time; stdin closes after app/terminate
    request = json.loads(line)
    send({"id": request["id"], "result": handle(request["method"], request.get("params") or {})})
