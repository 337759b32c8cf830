#!/usr/bin/env python3
"""The smallest responder: answers every request with an empty result (the benchmark's child)."""
import sys

out = sys.stdout
for line in sys.stdin:
    i = line.find('"id":')
    j = line.find(',', i)
    ident = line[i + 5:j]
    if '"initialize"' in line:
        out.write('{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"1"}}\n' % ident)
    else:
        out.write('{"jsonrpc":"2.0","id":%s,"result":{}}\n' % ident)
    out.flush()
