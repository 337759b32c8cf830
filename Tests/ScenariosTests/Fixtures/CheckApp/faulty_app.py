"""A test app with the classic mistakes. Workspace ONE: it caches its user's orders
unencrypted, ignores the wipe callback and lists everything in its cache, whoever it belongs
to. MSAL: it reads the account (and cleans up) only when it starts: not on resume, not on
the notification, so a running app keeps the previous user's orders on its screen."""
from hubsim_bridge import Bridge

bridge = Bridge()


def render_cache(_params=None):
    user = bridge.user()
    if user:
        bridge.call("storage/put", key="orders-" + user, owner=user, protection="plain", text="3 orders of " + user)
    bridge.call("screen/show", user=user, items=[item["key"] for item in bridge.items()])


def start(_params=None):
    if bridge.sdk != "msal":
        return
    user = bridge.user()
    for item in bridge.items():
        if item["owner"] is not None and item["owner"] != user:
            bridge.call("storage/delete", key=item["key"])
    mine = []
    if user:
        mine = ["orders-" + user]
        bridge.call("storage/put", key=mine[0], owner=user, protection="plain", text="3 orders of " + user)
    bridge.call("screen/show", user=user, items=mine)


bridge.serve({
    "app/launch": start,
    "app/foreground": lambda params: render_cache() if bridge.sdk == "workspace-one" else None,
    "awcontroller/controllerDidWipeCurrentUserData": lambda params: None,
    "awcontroller/controllerDidDetectUserChange": render_cache,
    "awcontroller/controllerDidFinishInitialCheck": render_cache,
})
