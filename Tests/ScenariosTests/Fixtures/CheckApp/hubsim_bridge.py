"""The bridge protocol's plumbing for the check-app test programs (Docs/bridge-protocol.md):
JSON-RPC 2.0, one object per line over stdin/stdout. `serve` answers hubsim's events with the
handlers given; `call` asks hubsim while an event is handled (hubsim sends no event meanwhile)."""
import json
import sys


class Bridge:
    def __init__(self):
        self.calls = 0
        self.sdk = None

    def send(self, message):
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    def call(self, method, **params):
        self.calls += 1
        rid = "a%d" % self.calls
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        line = sys.stdin.readline()
        if not line:
            sys.exit(0)
        answer = json.loads(line)
        return answer.get("result"), answer.get("error")

    def serve(self, handlers):
        for line in sys.stdin:
            message = json.loads(line)
            method, params = message.get("method"), message.get("params") or {}
            if method == "initialize":
                self.sdk = params["app"]["sdk"]
                result = {"protocolVersion": "1"}
            else:
                handler = handlers.get(method)
                result = (handler(params) if handler else None) or {}
            self.send({"jsonrpc": "2.0", "id": message["id"], "result": result})

    # What both apps do alike.
    def user(self):
        """Workspace ONE: retrieveUserInfo's userName; MSAL: getCurrentAccount's account."""
        if self.sdk == "msal":
            result, _ = self.call("msal/getCurrentAccount")
            account = (result or {}).get("account")
            return account["username"] if account else None
        result, error = self.call("awcontroller/retrieveUserInfo")
        return None if error else result["userName"]

    def items(self):
        result, _ = self.call("storage/list")
        return result["items"]
