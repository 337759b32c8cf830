"""A program that starts a daemon the way a careless SDK helper does: a double fork and
`setsid`, so the daemon leads a session and a process group of its own and its parent is gone.
The daemon keeps the program's standard output and error open and sleeps; its command line
carries TAG, and it writes FOLDER/daemon-<its pid> once it runs.

    python3 daemon_app.py TAG FOLDER [--hang-at-launch]

It answers every event with {} (and initialize with protocol version 1); the daemon starts at
app/launch, which it then never answers with --hang-at-launch (hubsim is still running when
a test signals it)."""
import json
import os
import sys
import time

tag, folder = sys.argv[1], sys.argv[2]
hang_at_launch = "--hang-at-launch" in sys.argv[3:]


def start_daemon():
    first = os.fork()
    if first == 0:
        os.setsid()
        if os.fork() == 0:
            os.execvp("python3", ["python3", "-c",
                                  "import os, sys, time\n"
                                  "open(os.path.join(sys.argv[2], 'daemon-%d' % os.getpid()), 'w').close()\n"
                                  "time.sleep(600)\n", tag, folder])
        os._exit(0)
    os.waitpid(first, 0)
    # Answered only once the daemon runs: a quick end of hubsim must find it running.
    deadline = time.time() + 30
    while time.time() < deadline and not any(f.startswith("daemon-") for f in os.listdir(folder)):
        time.sleep(0.01)


for line in sys.stdin:
    message = json.loads(line)
    if "method" not in message or "id" not in message:
        continue
    method = message["method"]
    result = {}
    if method == "initialize":
        result = {"protocolVersion": "1"}
    elif method == "app/launch":
        start_daemon()
        if hang_at_launch:
            continue
    print(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result}), flush=True)
