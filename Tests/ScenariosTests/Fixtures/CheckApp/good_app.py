"""A test app that handles every shift change: its user's orders sealed under the SDK's key
(Workspace ONE) and deleted on the wipe callback, on a user change and when the account
changes (MSAL, asked on every resume and notification); it shows only its user's items."""
from hubsim_bridge import Bridge

bridge = Bridge()


def render(_params=None):
    user = bridge.user()
    kept = bridge.items()
    for item in kept:
        if item["owner"] is not None and item["owner"] != user:
            bridge.call("storage/delete", key=item["key"])
    mine = []
    if user:
        key = "orders-" + user
        protection = "sdk" if bridge.sdk == "workspace-one" else "plain"
        if not any(i["key"] == key and i["readable"] for i in kept):
            bridge.call("storage/put", key=key, owner=user, protection=protection, text="3 orders of " + user)
        mine = [key]
    bridge.call("screen/show", user=user, items=mine)


def wipe(_params):
    for item in bridge.items():
        bridge.call("storage/delete", key=item["key"])
    render()


bridge.serve({
    "app/launch": render,
    "app/foreground": render,
    "awcontroller/controllerDidWipeCurrentUserData": wipe,
    "awcontroller/controllerDidDetectUserChange": render,
    "awcontroller/controllerDidFinishInitialCheck": render,
    "msal/SHARED_MODE_CURRENT_ACCOUNT_CHANGED": render,
})
