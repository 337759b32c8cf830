"""Any bridge app made slow: every event hubsim sends waits SECONDS before it reaches the app.

A stand-in for an app whose handlers take their time (a JVM warming up, a database behind a
callback), to measure what a check-app matrix costs and what sharding it saves
(Docs/check-app.md, "In CI"). The app's own calls and hubsim's answers pass untouched.
Run it: hubsim check-app --app 'store=python3 Examples/ci/slow_handler.py 0.5 python3 Examples/python/store_app.py'
"""
import json
import subprocess
import sys
import threading
import time

delay = float(sys.argv[1])
app = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def from_app():
    """The app's answers and calls, to hubsim, as they come."""
    for line in app.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()


threading.Thread(target=from_app, daemon=True).start()
for line in sys.stdin:  # hubsim's events (a method and an id) wait; answers to the app's calls do not
    message = json.loads(line)
    if "method" in message:
        time.sleep(delay)
    app.stdin.write(line)
    app.stdin.flush()
app.stdin.close()
sys.exit(app.wait())
