"""A quick protocol-level check of the example apps: plays hubsim's side of the app bridge.

Each example runs as hubsim would run it (a child process speaking JSON-RPC 2.0, one object a
line, on its stdin/stdout: Docs/bridge-protocol.md) through a shift change: the Workspace ONE
apps through check-ins and check-outs, warm and cold, the MSAL apps through global sign-outs
and sign-ins, in the foreground and suspended. This script is the device: it answers the apps'
SDK, storage and screen calls as hubsim does, and after each transition it judges, as hubsim's
leak audit does, whether the app shows (visible leak) or keeps readable (at rest) anything of
the previous user. The right examples must leave nothing; the faulty ones must be caught.

    python3 Examples/check-examples.py      # one line per check; exit status 1 on any failure
"""
import json
import os
import re
import select
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EVENT_TIME_LIMIT = 2.0   # hubsim's default time limit for an event's answer
FIRST_ANSWER_LIMIT = 20.0  # a JVM compiling a single-file program first, on a busy machine
KEY = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
PROTECTIONS = ("sdk", "user", "plain")


class Fault(Exception):
    """The app broke the protocol or did not answer: the run stops there."""


class Device:
    """What hubsim keeps of the device beyond any app process: who uses it, the keys, the storage."""

    def __init__(self, profile, user):
        self.profile = profile
        self.user = None
        self.previous = None     # MSAL's previous account (shared device mode)
        self.sdk_key = None      # the Workspace ONE SDK's data-encryption key: a number, None once deleted
        self.keys_made = 0
        self.user_keys = {}      # owner -> key fetched at check-out, held in memory only
        self.items = {}          # key -> {"owner", "protection", "text", "sealed"}
        self.check_out(user)

    def _new_key(self):
        self.keys_made += 1
        return self.keys_made

    def check_out(self, name):
        """A Workspace ONE check-out, or an Entra global sign-in."""
        self.user = name
        if self.sdk_key is None:
            self.sdk_key = self._new_key()
        self.user_keys.setdefault(name, self._new_key())

    def check_in(self):
        """A Workspace ONE check-in (the SDK deletes its key), or an Entra global sign-out."""
        self.previous = self.user or self.previous
        self.user = None
        self.sdk_key = None
        self.user_keys.clear()

    def readable(self, item):
        if item["protection"] == "plain":
            return True
        if item["protection"] == "sdk":
            return item["sealed"] is not None and item["sealed"] == self.sdk_key
        return item["sealed"] is not None and item["sealed"] == self.user_keys.get(item["owner"])


class App:
    """One run of an example's process, driven like hubsim drives an app."""

    def __init__(self, command, device, app_id, sdk):
        self.device = device
        self.app_id, self.sdk = app_id, sdk
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(command, cwd=REPOSITORY, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self.log)
        self.pending = b""
        self.next_id = 0
        self.screen = []         # what the app shows: [(key, owner of that item when shown)]
        self.in_front = False
        self.seen = []           # what it showed of someone else in front, after each event: "cou1's orders"
        self.called = []         # the methods it called, in order

    # -- the wire --

    def _send(self, message):
        try:
            self.process.stdin.write((json.dumps({"jsonrpc": "2.0", **message}) + "\n").encode())
            self.process.stdin.flush()
        except BrokenPipeError:
            raise Fault(f"its standard input is closed (exit status {self.process.poll()})")

    def _receive(self, limit):
        deadline = time.monotonic() + limit
        while b"\n" not in self.pending:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Fault(f"no answer within {limit:g} s")
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    try:
                        status = self.process.wait(timeout=1.0)
                    except subprocess.TimeoutExpired:
                        status = "still running"
                    raise Fault(f"its standard output closed ({status}): {self.stderr_tail()}")
                self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        try:
            message = json.loads(line)
        except ValueError:
            raise Fault(f"not JSON: {line[:80]!r}")
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            raise Fault(f"not a JSON-RPC 2.0 message: {line[:80]!r}")
        return message

    def stderr_tail(self):
        self.log.seek(0)
        return " | ".join(self.log.read().decode(errors="replace").splitlines()[-3:])

    def request(self, method, params=None, limit=EVENT_TIME_LIMIT):
        """Sends one event and answers the app's calls until the app answers it."""
        try:
            return self._exchange(method, params, limit)
        except Fault as fault:
            raise Fault(f"at {method}: {fault}") from None

    def _exchange(self, method, params, limit):
        self.next_id += 1
        self._send({"id": self.next_id, "method": method, "params": params or {}})
        if method in ("app/launch", "app/foreground"):
            self.in_front = True
        elif method in ("app/background", "app/suspend", "app/terminate"):
            self.in_front = False
        while True:
            message = self._receive(limit)
            limit = EVENT_TIME_LIMIT
            if "method" in message:
                self._answer_call(message)
            elif message.get("id") == self.next_id:
                if "error" in message:
                    raise Fault(f"answered {method} with an error: {message['error']}")
                if not isinstance(message.get("result"), dict):
                    raise Fault(f"answered {method} without a result object")
                self._audit_screen()
                return message["result"]
            else:
                raise Fault(f"an answer to no request of hubsim's: {message}")

    # -- hubsim's side of the app's calls --

    def _answer_call(self, message):
        method, params = message["method"], message.get("params") or {}
        self.called.append(method)
        try:
            result = self._perform(method, params)
        except CallError as error:
            answer = {"error": {"code": error.code, "message": error.message}}
            if error.code in (-32601, -32602):
                raise Fault(f"{method}: {error.message}")
        else:
            answer = {"result": result}
        if "id" in message:
            self._send({"id": message["id"], **answer})

    def _perform(self, method, params):
        device = self.device
        if method == "awcontroller/retrieveUserInfo":
            if device.user is None:
                raise CallError(-32001, "the device is not checked out")
            # The names exercise the app's JSON reader: escaped quotes, a backslash, accents, a surrogate pair.
            return {"userName": device.user, "groupID": "store-12", "email": f"{device.user}@contoso.example",
                    "firstName": 'Zo\u00eb "Z"', "lastName": "O\\Brien \U0001F600"}
        if method == "awcontroller/fetchApplicationAssignmentStatus":
            return {"sharedDeviceInformation": {"isDeviceStagingEnabled": True, "checkedOutUser": device.user}}
        if method == "msal/getCurrentAccount":
            account = {"username": device.user} if device.user else None
            previous = {"username": device.previous} if device.previous else None
            return {"account": account, "previousAccount": previous}
        if method == "msal/getDeviceInformation":
            return {"deviceMode": "shared" if device.profile == "entra-ios" else "default"}
        if method == "storage/put":
            key, owner, protection, text = (params.get(k) for k in ("key", "owner", "protection", "text"))
            if not (isinstance(key, str) and KEY.match(key) and (owner is None or isinstance(owner, str))
                    and protection in PROTECTIONS and isinstance(text, str)):
                raise CallError(-32602, f"bad params: {params}")
            sealed = {"sdk": device.sdk_key, "user": device.user_keys.get(owner), "plain": None}[protection]
            if protection != "plain" and sealed is None:
                raise CallError(-32001, f"no {protection} key to seal with")
            device.items[key] = {"owner": owner, "protection": protection, "text": text, "sealed": sealed}
            return {"key": key}
        if method == "storage/get":
            item = device.items.get(params.get("key"))
            if item is None or not device.readable(item):
                raise CallError(-32003, "the item cannot be read")
            return {"text": item["text"]}
        if method == "storage/delete":
            device.items.pop(params.get("key"), None)
            return {}
        if method == "storage/list":
            return {"items": [{"key": key, "owner": item["owner"], "protection": item["protection"],
                               "readable": device.readable(item)} for key, item in device.items.items()]}
        if method == "screen/show":
            items, user = params.get("items"), params.get("user")
            if not (isinstance(items, list) and all(isinstance(k, str) for k in items)
                    and (user is None or isinstance(user, str))):
                raise CallError(-32602, f"bad params: {params}")
            self.screen = [(key, device.items[key]["owner"]) for key in items if key in device.items]
            return {}
        raise CallError(-32601, f"unknown method {method}")

    def _audit_screen(self):
        """A visible leak: in front, showing another user's item (any user's while nobody has the device)."""
        if self.in_front:
            for key, owner in self.screen:
                if owner is not None and owner != self.device.user:
                    self.seen.append(f"{owner}'s {key}")

    # -- lifecycle --

    def start(self, profile):
        result = self.request("initialize", {"protocolVersion": "1", "profile": profile,
                                             "app": {"id": self.app_id, "name": self.app_id, "sdk": self.sdk}},
                              limit=FIRST_ANSWER_LIMIT)
        if result.get("protocolVersion") != "1":
            raise Fault(f"speaks bridge protocol {result.get('protocolVersion')}, hubsim speaks 1")
        self.request("app/launch", {"cold": True})

    def terminate(self):
        """app/terminate, then stdin closed: the process must end by itself within 1 s."""
        self.request("app/terminate")
        self.process.stdin.close()
        try:
            status = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise Fault("still running 1 s after its standard input closed")
        if status != 0:
            raise Fault(f"exit status {status}: {self.stderr_tail()}")

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()
        self.log.close()
        if not self.process.stdin.closed:
            try:
                self.process.stdin.close()
            except BrokenPipeError:
                pass


class CallError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code, self.message = code, message


class Run:
    """The checks of one example, as lines; `failed` once any check did not hold."""

    def __init__(self, name):
        self.name, self.lines, self.failed = name, [], False

    def check(self, holds, what, detail=""):
        self.failed |= not holds
        self.lines.append(f"{'ok  ' if holds else 'FAIL'} {self.name}: {what}" + (f" ({detail})" if detail else ""))

    def previous_user_left(self, app, before, previous, what, leak_expected):
        """After a transition: what the app showed of `previous` since `before`, and what it keeps readable."""
        shown = sorted({s for s in app.seen[before:] if s.startswith(f"{previous}'s ")})
        kept = [f"{previous}'s {key} ({item['protection']})" for key, item in app.device.items.items()
                if item["owner"] == previous != app.device.user and app.device.readable(item)]
        found = [f"shows {', '.join(shown)}"] if shown else []
        found += [f"keeps {', '.join(kept)} readable"] if kept else []
        if leak_expected:
            self.check(bool(found), f"{what}: caught leaking {previous}'s data", "; ".join(found) or "it left nothing")
        else:
            self.check(not found, f"{what}: nothing of {previous} shown or readable", "; ".join(found))


def workspace_one(name, command, right):
    """Check-in and check-out of another user while the app is in the background, then the same
    with the app terminated in between (cold launches), then a cold launch while checked in."""
    run = Run(name)
    device = Device("workspace-one", "cou1")
    app = App(command, device, "store", "workspace-one")
    try:
        app.start("workspace-one")
        app.request("awcontroller/controllerDidFinishInitialCheck", {"error": None})
        protection = device.items.get("orders", {}).get("protection")
        run.check(app.screen == [("orders", "cou1")], "cold launch, cou1 checked out: shows cou1's orders",
                  f"screen {app.screen}")
        if right:
            run.check(protection == "sdk", "keeps the orders sealed under the SDK's key", f"protection {protection}")

        before = len(app.seen)
        app.request("app/background")
        device.check_in()
        app.request("app/foreground")
        app.request("awcontroller/controllerDidWipeCurrentUserData")
        run.previous_user_left(app, before, "cou1", "check-in, app in background", leak_expected=not right)

        before = len(app.seen)
        app.request("app/background")
        device.check_out("cou2")
        app.request("app/foreground")
        app.request("awcontroller/controllerDidDetectUserChange")
        run.check(("orders", "cou2") in app.screen, "check-out of cou2, app in background: shows cou2's orders",
                  f"screen {app.screen}")
        run.previous_user_left(app, before, "cou1", "check-out of cou2", leak_expected=not right)
        app.terminate()

        device.check_in()
        device.check_out("cou1")
        app = App(command, device, "store", "workspace-one")
        app.start("workspace-one")
        for callback in ("controllerDidWipeCurrentUserData", "controllerDidDetectUserChange"):
            app.request(f"awcontroller/{callback}")
        app.request("awcontroller/controllerDidFinishInitialCheck", {"error": None})
        run.check(("orders", "cou1") in app.screen, "cold launch after check-in, cou1 out: shows cou1's orders",
                  f"screen {app.screen}")
        run.previous_user_left(app, 0, "cou2", "cold launch after cou2's check-in", leak_expected=not right)
        app.terminate()

        device.check_in()
        app = App(command, device, "store", "workspace-one")
        app.start("workspace-one")
        app.request("awcontroller/controllerDidWipeCurrentUserData")
        app.request("awcontroller/controllerDidFinishInitialCheck", {"error": "sharedDeviceNotCheckedOut"})
        if right:
            run.check(app.screen == [], "cold launch while checked in: shows nothing", f"screen {app.screen}")
        run.previous_user_left(app, 0, "cou1", "cold launch while checked in", leak_expected=not right)
        app.terminate()
        run.check(True, "speaks the protocol: every event answered, every call well formed, ends at terminate")
    except Fault as fault:
        run.check(False, "speaks the protocol", str(fault))
    finally:
        app.stop()
    return run


def entra(name, command, right):
    """Global sign-out with the app in front (the notification reaches it), sign-out and another
    user's sign-in while it is suspended (it misses the notification; resume), a cold launch."""
    run = Run(name)
    device = Device("entra-ios", "cou1")
    app = App(command, device, "msal", "msal")
    try:
        app.start("entra-ios")
        run.check(app.screen == [("tasks", "cou1")], "launch, cou1 signed in: shows cou1's tasks",
                  f"screen {app.screen}")
        run.check("msal/getCurrentAccount" in app.called, "asks getCurrentAccount at launch")

        before = len(app.seen)
        device.check_in()
        app.request("msal/SHARED_MODE_CURRENT_ACCOUNT_CHANGED")
        run.check(app.screen == [], "global sign-out, app in front: shows nothing", f"screen {app.screen}")
        run.previous_user_left(app, before, "cou1", "global sign-out, app in front", leak_expected=False)

        device.check_out("cou1")
        app.request("msal/SHARED_MODE_CURRENT_ACCOUNT_CHANGED")
        before = len(app.seen)
        app.request("app/background")
        app.request("app/suspend")
        device.check_in()
        device.check_out("cou2")
        app.request("app/foreground")
        if right:
            run.check(app.screen == [("tasks", "cou2")], "resumed after cou2's sign-in: shows cou2's tasks",
                      f"screen {app.screen}")
        run.previous_user_left(app, before, "cou1", "sign-out and cou2's sign-in while suspended",
                               leak_expected=not right)
        app.terminate()

        device.check_in()
        app = App(command, device, "msal", "msal")
        app.start("entra-ios")
        run.check(app.screen == [], "cold launch, nobody signed in: shows nothing", f"screen {app.screen}")
        run.previous_user_left(app, 0, "cou2", "cold launch after the global sign-out", leak_expected=False)
        app.terminate()
        run.check(True, "speaks the protocol: every event answered, every call well formed, ends at terminate")
    except Fault as fault:
        run.check(False, "speaks the protocol", str(fault))
    finally:
        app.stop()
    return run


EXAMPLES = [
    (workspace_one, "python/store_app.py", ["python3", "Examples/python/store_app.py"], True),
    (workspace_one, "python/leaky_app.py", ["python3", "Examples/python/leaky_app.py"], False),
    # The README's command, with the JVM told it runs briefly (C1 only, serial GC): a third less start-up.
    (workspace_one, "java/StoreApp.java",
     ["java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "Examples/java/StoreApp.java"], True),
    (entra, "python/msal_app.py", ["python3", "Examples/python/msal_app.py"], True),
    (entra, "python/msal_no_resume_check.py", ["python3", "Examples/python/msal_no_resume_check.py"], False),
]


def check(example):
    runner, name, command, right = example
    try:
        return runner(name, command, right)
    except OSError as error:  # no python3 or java on the PATH
        run = Run(name)
        run.check(False, "starts", str(error))
        return run


def main():
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=len(EXAMPLES)) as pool:  # the JVM's start-up overlaps the others
        runs = list(pool.map(check, EXAMPLES))
    for run in runs:
        print("\n".join(run.lines))
    failed = [run.name for run in runs if run.failed]
    print(f"{len(runs) - len(failed)} of {len(runs)} examples as expected in {time.monotonic() - start:.1f} s"
          + (f"; failed: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
