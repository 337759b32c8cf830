#!/bin/sh
# Builds the example apps and plays each a scripted hubsim session: hubsim's lines go to the
# app's standard input (answers to the app's calls included, in the order the app makes them),
# and the app's standard output must be exactly the expected lines. No hubsim needed; the run
# under the real hubsim is the end-to-end tests' (README.md here says how to run it by hand).
#
# Usage: Examples/swift-app/check.sh   (from anywhere; SCRATCH sets the build directory,
# default Examples/swift-app/.build, where the README's `--app` path points). Exit 0 when every
# session matches.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
scratch=${SCRATCH:-$here/.build}
swift build --package-path "$here" --scratch-path "$scratch" >&2
bin=$(swift build --package-path "$here" --scratch-path "$scratch" --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

# check NAME EXECUTABLE: plays $work/NAME.in into the executable and compares with $work/NAME.out.
check() {
    "$bin/$2" <"$work/$1.in" >"$work/$1.got" 2>"$work/$1.log"
    if diff -u "$work/$1.out" "$work/$1.got" >"$work/$1.diff"; then
        echo "ok: $1"
    else
        echo "FAILED: $1 (expected lines first; the app's log follows)"
        cat "$work/$1.diff" "$work/$1.log"
        failed=1
    fi
}

# Workspace ONE: cou1 checks out, the app cold-starts and shows cou1's orders under the SDK's
# key; the device is checked in and cou2 checks out; at the next foreground the app asks who has
# the device and clears its screen before the SDK calls the wipe and user-change callbacks,
# and then shows cou2's orders only.
cat >"$work/ws1.in" <<'LINES'
{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1","app":{"id":"store","name":"Store","sdk":"workspace-one"},"profile":"workspace-one"}}
{"jsonrpc":"2.0","id":2,"method":"app/launch","params":{"cold":true}}
{"jsonrpc":"2.0","id":3,"method":"awcontroller/controllerDidFinishInitialCheck","params":{"error":null}}
{"jsonrpc":"2.0","id":"a1","result":{"userName":"cou1","groupID":"store-12","email":"cou1@contoso.example","firstName":"","lastName":""}}
{"jsonrpc":"2.0","id":"a2","result":{"key":"orders"}}
{"jsonrpc":"2.0","id":"a3","result":{}}
{"jsonrpc":"2.0","id":4,"method":"app/background","params":{}}
{"jsonrpc":"2.0","id":5,"method":"app/foreground","params":{}}
{"jsonrpc":"2.0","id":"a4","result":{"userName":"cou2","groupID":"store-12","email":"cou2@contoso.example","firstName":"","lastName":""}}
{"jsonrpc":"2.0","id":"a5","result":{}}
{"jsonrpc":"2.0","id":6,"method":"awcontroller/controllerDidWipeCurrentUserData","params":{}}
{"jsonrpc":"2.0","id":"a6","result":{}}
{"jsonrpc":"2.0","id":"a7","result":{}}
{"jsonrpc":"2.0","id":7,"method":"awcontroller/controllerDidDetectUserChange","params":{}}
{"jsonrpc":"2.0","id":"a8","result":{}}
{"jsonrpc":"2.0","id":"a9","result":{}}
{"jsonrpc":"2.0","id":"a10","result":{"userName":"cou2","groupID":"store-12","email":"cou2@contoso.example","firstName":"","lastName":""}}
{"jsonrpc":"2.0","id":"a11","result":{"key":"orders"}}
{"jsonrpc":"2.0","id":"a12","result":{}}
{"jsonrpc":"2.0","id":8,"method":"app/terminate","params":{}}
LINES
cat >"$work/ws1.out" <<'LINES'
{"id":1,"jsonrpc":"2.0","result":{"name":"Store","protocolVersion":"1"}}
{"id":2,"jsonrpc":"2.0","result":{}}
{"id":"a1","jsonrpc":"2.0","method":"awcontroller/retrieveUserInfo","params":{}}
{"id":"a2","jsonrpc":"2.0","method":"storage/put","params":{"key":"orders","owner":"cou1","protection":"sdk","text":"3 orders of cou1"}}
{"id":"a3","jsonrpc":"2.0","method":"screen/show","params":{"items":["orders"],"lines":["3 orders of cou1"],"user":"cou1"}}
{"id":3,"jsonrpc":"2.0","result":{}}
{"id":4,"jsonrpc":"2.0","result":{}}
{"id":"a4","jsonrpc":"2.0","method":"awcontroller/retrieveUserInfo","params":{}}
{"id":"a5","jsonrpc":"2.0","method":"screen/show","params":{"items":[],"user":null}}
{"id":5,"jsonrpc":"2.0","result":{}}
{"id":"a6","jsonrpc":"2.0","method":"storage/delete","params":{"key":"orders"}}
{"id":"a7","jsonrpc":"2.0","method":"screen/show","params":{"items":[],"user":null}}
{"id":6,"jsonrpc":"2.0","result":{}}
{"id":"a8","jsonrpc":"2.0","method":"storage/delete","params":{"key":"orders"}}
{"id":"a9","jsonrpc":"2.0","method":"screen/show","params":{"items":[],"user":null}}
{"id":"a10","jsonrpc":"2.0","method":"awcontroller/retrieveUserInfo","params":{}}
{"id":"a11","jsonrpc":"2.0","method":"storage/put","params":{"key":"orders","owner":"cou2","protection":"sdk","text":"3 orders of cou2"}}
{"id":"a12","jsonrpc":"2.0","method":"screen/show","params":{"items":["orders"],"lines":["3 orders of cou2"],"user":"cou2"}}
{"id":7,"jsonrpc":"2.0","result":{}}
{"id":8,"jsonrpc":"2.0","result":{}}
LINES
check ws1 StoreApp

# Workspace ONE, a cold start while the device is checked in: the initial check says
# sharedDeviceNotCheckedOut and the app shows nobody's orders.
cat >"$work/ws1-checked-in.in" <<'LINES'
{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1","app":{"id":"store","name":"Store","sdk":"workspace-one"},"profile":"workspace-one"}}
{"jsonrpc":"2.0","id":2,"method":"app/launch","params":{"cold":true}}
{"jsonrpc":"2.0","id":3,"method":"awcontroller/controllerDidWipeCurrentUserData","params":{}}
{"jsonrpc":"2.0","id":"a1","result":{}}
{"jsonrpc":"2.0","id":"a2","result":{}}
{"jsonrpc":"2.0","id":4,"method":"awcontroller/controllerDidFinishInitialCheck","params":{"error":"sharedDeviceNotCheckedOut"}}
{"jsonrpc":"2.0","id":"a3","result":{}}
{"jsonrpc":"2.0","id":"a4","result":{}}
LINES
cat >"$work/ws1-checked-in.out" <<'LINES'
{"id":1,"jsonrpc":"2.0","result":{"name":"Store","protocolVersion":"1"}}
{"id":2,"jsonrpc":"2.0","result":{}}
{"id":"a1","jsonrpc":"2.0","method":"storage/delete","params":{"key":"orders"}}
{"id":"a2","jsonrpc":"2.0","method":"screen/show","params":{"items":[],"user":null}}
{"id":3,"jsonrpc":"2.0","result":{}}
{"id":"a3","jsonrpc":"2.0","method":"storage/delete","params":{"key":"orders"}}
{"id":"a4","jsonrpc":"2.0","method":"screen/show","params":{"items":[],"user":null}}
{"id":4,"jsonrpc":"2.0","result":{}}
LINES
check ws1-checked-in StoreApp

# Entra shared device mode: the app tells hubsim its MSAL configuration before its first call,
# asks getCurrentAccount when it becomes active and when the Darwin notification says the
# account changed (cou1 signed out, cou2 signed in).
cat >"$work/msal.in" <<'LINES'
{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"1","app":{"id":"store","name":"Store","sdk":"msal"},"profile":"entra-ios"}}
{"jsonrpc":"2.0","id":2,"method":"app/launch","params":{"cold":true}}
{"jsonrpc":"2.0","id":"a1","result":{}}
{"jsonrpc":"2.0","id":"a2","result":{"account":{"username":"cou1"},"previousAccount":null}}
{"jsonrpc":"2.0","id":"a3","result":{}}
{"jsonrpc":"2.0","id":"a4","result":{"key":"orders"}}
{"jsonrpc":"2.0","id":"a5","result":{}}
{"jsonrpc":"2.0","id":3,"method":"msal/SHARED_MODE_CURRENT_ACCOUNT_CHANGED","params":{}}
{"jsonrpc":"2.0","id":"a6","result":{"account":{"username":"cou2"},"previousAccount":{"username":"cou1"}}}
{"jsonrpc":"2.0","id":"a7","result":{}}
{"jsonrpc":"2.0","id":"a8","result":{"key":"orders"}}
{"jsonrpc":"2.0","id":"a9","result":{}}
{"jsonrpc":"2.0","id":4,"method":"app/foreground","params":{}}
{"jsonrpc":"2.0","id":"a10","result":{"account":{"username":"cou2"},"previousAccount":{"username":"cou1"}}}
LINES
cat >"$work/msal.out" <<'LINES'
{"id":1,"jsonrpc":"2.0","result":{"name":"Store (MSAL)","protocolVersion":"1"}}
{"id":"a1","jsonrpc":"2.0","method":"msal/configure","params":{"broker":true,"clientId":"contoso-store","keychainSharingGroup":"com.microsoft.adalcache","redirectUri":null}}
{"id":"a2","jsonrpc":"2.0","method":"msal/getCurrentAccount","params":{}}
{"id":"a3","jsonrpc":"2.0","method":"storage/delete","params":{"key":"orders"}}
{"id":"a4","jsonrpc":"2.0","method":"storage/put","params":{"key":"orders","owner":"cou1","protection":"sdk","text":"3 orders of cou1"}}
{"id":"a5","jsonrpc":"2.0","method":"screen/show","params":{"items":["orders"],"lines":["3 orders of cou1"],"user":"cou1"}}
{"id":2,"jsonrpc":"2.0","result":{}}
{"id":"a6","jsonrpc":"2.0","method":"msal/getCurrentAccount","params":{}}
{"id":"a7","jsonrpc":"2.0","method":"storage/delete","params":{"key":"orders"}}
{"id":"a8","jsonrpc":"2.0","method":"storage/put","params":{"key":"orders","owner":"cou2","protection":"sdk","text":"3 orders of cou2"}}
{"id":"a9","jsonrpc":"2.0","method":"screen/show","params":{"items":["orders"],"lines":["3 orders of cou2"],"user":"cou2"}}
{"id":3,"jsonrpc":"2.0","result":{}}
{"id":"a10","jsonrpc":"2.0","method":"msal/getCurrentAccount","params":{}}
{"id":4,"jsonrpc":"2.0","result":{}}
LINES
check msal StoreAppMSAL

exit $failed
