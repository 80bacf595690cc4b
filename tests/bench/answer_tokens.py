#!/usr/bin/env python3
"""What an agent reads: the o200k size of tools/list and of typical tool answers, as an MCP
client receives them (the text content of each tools/call result), for one or more binaries.

    tests/bench/answer_tokens.py --repo /tmp/agentbench/sphinx --bin OLD --bin NEW

Each binary is started as an MCP server over stdio (`--repo DIR --no-watch`, its own index
under a temporary XDG_CACHE_HOME), sent initialize, tools/list and the calls below, and every
answer's text is counted with the o200k_base encoding of npm `gpt-tokenizer` (installed by
`npm ci` in tests/bench/agent). The calls name Sphinx 5.3.0 symbols (tests/bench/agent/
fetch_corpus.sh); --calls FILE gives others ({"tool", "arguments"} per line).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
COUNTER = os.path.join(HERE, "agent", "node_modules", "gpt-tokenizer")

SPHINX_CALLS = [
    ("symbols", {"name": "clear_doc"}),
    ("symbols", {"name": "Sphinx.emit"}),
    ("symbols", {"name": "merge_domaindata"}),
    ("symbols", {"name": "get_publisher"}),
    ("symbol_context", {"symbol_name": "BuildEnvironment.clear_doc"}),
    ("symbol_context", {"symbol_name": "Builder.read_doc"}),
    ("symbol_context", {"symbol_name": "BuildEnvironment.get_and_resolve_doctree"}),
    ("symbol_context", {"symbol_name": "Sphinx.emit"}),
    ("outline", {"file": "sphinx/util/docutils.py"}),
    ("outline", {"symbol": "Documenter", "relations": ["extendedBy"], "depth": 3}),
    ("get_context", {"entity": "Builder.read_doc", "token_budget": 2000}),
    ("get_context", {"mode": "path", "from": "sphinx.cmd.build.main", "to": "BuildEnvironment.find_files"}),
]


def count_tokens(texts):
    """o200k token counts of `texts`, in one node process."""
    script = (
        "const {encode}=require(process.argv[1]+'/cjs/encoding/o200k_base.js');"
        "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{"
        "console.log(JSON.stringify(JSON.parse(s).map(t=>encode(t).length)))})"
    )
    out = subprocess.run(["node", "-e", script, COUNTER], input=json.dumps(texts),
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


class Server:
    def __init__(self, binary, repo, cache):
        env = dict(os.environ, XDG_CACHE_HOME=cache)
        self.p = subprocess.Popen([binary, "--repo", repo, "--no-watch", "--wait-timeout", "600"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, env=env)
        self.next = 0

    def request(self, method, params=None):
        self.next += 1
        msg = {"jsonrpc": "2.0", "id": self.next, "method": method}
        if params is not None:
            msg["params"] = params
        self.p.stdin.write(json.dumps(msg) + "\n")
        self.p.stdin.flush()
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the server closed its output")
            m = json.loads(line)
            if m.get("id") == self.next:
                return m

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=60)


def measure(binary, repo, calls):
    with tempfile.TemporaryDirectory() as cache:
        s = Server(binary, repo, cache)
        s.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                 "clientInfo": {"name": "answer_tokens", "version": "1"}})
        s.p.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")
        listed = s.request("tools/list")["result"]
        texts = [json.dumps(listed, separators=(",", ":"))]
        for tool, args in calls:
            r = s.request("tools/call", {"name": tool, "arguments": args})["result"]
            texts.append("".join(c.get("text", "") for c in r.get("content", [])))
        s.close()
    return count_tokens(texts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repo", required=True)
    ap.add_argument("--bin", action="append", required=True)
    ap.add_argument("--calls")
    a = ap.parse_args()
    calls = SPHINX_CALLS
    if a.calls:
        calls = [(c["tool"], c["arguments"]) for c in map(json.loads, open(a.calls)) if c.strip()]
    results = [measure(b, os.path.abspath(a.repo), calls) for b in a.bin]
    labels = ["tools/list"] + [f"{t} {json.dumps(args, separators=(',', ':'))}" for t, args in calls]
    head = "| answer | " + " | ".join(os.path.basename(os.path.dirname(os.path.dirname(b))) or b for b in a.bin)
    print(head + (" | new / old |" if len(a.bin) == 2 else " |"))
    print("|---" * (len(a.bin) + 1 + (len(a.bin) == 2)) + "|")
    for i, label in enumerate(labels):
        row = [str(r[i]) for r in results]
        ratio = f" | {results[1][i] / results[0][i]:.2f}" if len(a.bin) == 2 and results[0][i] else ""
        print(f"| {label} | " + " | ".join(row) + ratio + " |")
    totals = [sum(r[1:]) for r in results]
    ratio = f" | {totals[1] / totals[0]:.2f}" if len(a.bin) == 2 else ""
    print("| all answers | " + " | ".join(map(str, totals)) + ratio + " |")


if __name__ == "__main__":
    sys.exit(main())
