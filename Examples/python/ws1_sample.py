"""The Workspace ONE SDK integration sample's app, as a hubsim pane (Docs/bridge-protocol.md).

Written anew from what the public sample does, event for event; its code is not copied. The sample:
euc-releases/workspace-ONE-SDK-integration-samples, the iOS SwiftUI example,
IntegrationGuideForiOS/Apps/SwiftUIExampleApp/SwiftUISDKExampleApp/AWSDKHelper.swift (the
AWControllerDelegate) and GeneralInformationView/GeneralInformationViewModel.swift (the user's
information, from retrieveUserInfo). What it does, and so what this app does:
- controllerDidFinishInitialCheck without an error presents the secure content: it asks
  retrieveUserInfo and fetchApplicationAssignmentStatus (the General Information view's fetches)
  and shows that user's orders, sealed under the SDK's key (the sample's Crypto view encrypts
  with it); with an error it takes the secure content away;
- controllerDidWipeCurrentUserData only logs "Application should wipe all secure data";
- it implements no controllerDidDetectUserChange and does nothing at a resume.
Its check-app table, and what it leaves undone: Docs/app-developers.md, "The public samples,
through check-app".
Run it: swift run hubsim --app 'ws1-sample=python3 Examples/python/ws1_sample.py'
"""
import json
import sys

calls = 0  # the app's own requests so far: their ids are "a1", "a2", ...


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


def handle(method, params):
    if method == "initialize":
        return {"protocolVersion": "1", "name": "WS1 sample"}
    if method == "awcontroller/controllerDidFinishInitialCheck":
        if params.get("error") is None:
            info = call("awcontroller/retrieveUserInfo")  # the General Information view's two fetches
            status = call("awcontroller/fetchApplicationAssignmentStatus") or {}
            print(f"sharedDeviceInformation: {status.get('sharedDeviceInformation')}", file=sys.stderr)
            name = info and info["userName"]
            if name:
                call("storage/put", key=f"orders-{name}", owner=name, protection="sdk", text=f"3 orders of {name}")
            call("screen/show", user=name, items=[f"orders-{name}"] if name else [])
        else:
            print(f"controllerDidFinishInitialCheck failed: {params['error']}", file=sys.stderr)
            call("screen/show", user=None, items=[])
    elif method == "awcontroller/controllerDidWipeCurrentUserData":
        print("Application should wipe all secure data", file=sys.stderr)  # and nothing else
    return {}


for line in sys.stdin:  # hubsim's events, one at a time; stdin closes after app/terminate
    request = json.loads(line)
    send({"id": request["id"], "result": handle(request["method"], request.get("params") or {})})
