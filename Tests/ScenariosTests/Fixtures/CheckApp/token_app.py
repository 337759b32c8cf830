"""A test app with an MSAL configuration (msal/configure, MSAL's default redirect form): at
every launch and return to the front it asks a silent token and keeps what it fetched with it
under its user's name; without a token it keeps and shows nothing."""
from hubsim_bridge import Bridge

bridge = Bridge()


def render(_params=None):
    # As MSALPublicClientApplication does before its first call (again: hubsim keeps the first).
    bridge.call("msal/configure", clientId="contoso-token-test", redirectUri="msauth.com.contoso.token-test://auth", broker=True)
    result, error = bridge.call("msal/acquireTokenSilent")
    user = None if error else result["account"]["username"]
    for item in bridge.items():
        if item["owner"] != user:
            bridge.call("storage/delete", key=item["key"])
    mine = []
    if user:
        key = "graph-" + user
        bridge.call("storage/put", key=key, owner=user, protection="plain", text="profile of " + user)
        mine = [key]
    bridge.call("screen/show", user=user, items=mine)


bridge.serve({
    "app/launch": render,
    "app/foreground": render,
    "msal/SHARED_MODE_CURRENT_ACCOUNT_CHANGED": render,
})
