#!/usr/bin/python3
"""A scripted OpenAI-compatible chat completion server for the solar-translate tests.

    fake_llm.py (--script SCRIPT.json | --reply-file IR.mlir) [--log LOG] [--auth-log AUTH]
                [--var NAME=VALUE]... -- COMMAND [ARG]...
    fake_llm.py --down -- COMMAND [ARG]...
    fake_llm.py --show-log LOG [--request K]

The first form serves `POST /v1/chat/completions` on 127.0.0.1 at a free port, runs COMMAND
with SOLAR_LLM_BASE_URL=http://127.0.0.1:PORT/v1 and FAKE_LLM_PORT=PORT (and
SOLAR_LLM_MODEL=fake-model unless set), answers its requests with the replies of SCRIPT.json
in order, and exits with COMMAND's exit status after printing `fake_llm: served N requests`
to stderr. Standard library only.

SCRIPT.json is a list of replies (or {"replies": [...]}); each reply is an object:
    "content": TEXT             the assistant message
    "content_file": PATH        ... read from PATH ({NAME} expands a --var; relative paths
                                are relative to the script's folder)
    "replace": [[OLD, NEW],...] applied to the content; each OLD must occur (a broken variant
                                of a correct file)
    "fence": "mlir"             wrap the content in a ```mlir block
    "prefix", "suffix": TEXT    around the (fenced) content
    "huge": N                   the content is N bytes of filler text
    "echo_auth": true           append the request's Authorization header to the content (a
                                hostile server; solar-translate must not repeat it)
    "finish_reason": TEXT       default "stop"
    "status": CODE              HTTP status (default 200); with "error" the body is
                                {"error": {"message": ERROR}} (the Authorization header
                                replaces {auth} in it)
    "body": TEXT                the raw response body instead
    "headers": {NAME: VALUE}    extra response headers (Retry-After)
    "delay": SECONDS            wait before answering
    "repeat": N                 use this reply N times ("forever": true: for every request)
When the script runs out, requests get HTTP 400 "fake_llm: the script has no reply left".
--reply-file IR.mlir is the script [{"content_file": IR.mlir, "fence": "mlir", "forever": true}].

--log LOG records each request as a JSON line {"n", "path", "headers" (all but
Authorization), "body"}; --auth-log AUTH records the Authorization header of each request on a
line of its own ("(none)" when absent), so tests can check that the key went there and only
there. --down runs COMMAND against a port where nothing listens. --show-log prints a logged
conversation for FileCheck: one `== request K: model M, N messages` line per request, then
`[role]` and the content of every message (system messages only by their first line).
"""

import argparse
import http.server
import json
import os
import socket
import subprocess
import sys
import threading
import time


def load_script(path, variables):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if isinstance(data, dict):
        data = data["replies"]
    base = os.path.dirname(os.path.abspath(path))
    replies = []
    for r in data:
        r = dict(r)
        if "content_file" in r:
            p = r["content_file"].format(**variables)
            if not os.path.isabs(p):
                p = os.path.join(base, p)
            with open(p, encoding="utf-8") as f:
                r["content"] = f.read()
        for old, new in r.get("replace", []):
            if old not in r.get("content", ""):
                raise SystemExit("fake_llm: %s: replace: '%s' does not occur" % (path, old))
            r["content"] = r["content"].replace(old, new, 1)
        if "huge" in r:
            line = "This reply is long filler text with no code in it at all. " * 4 + "\n"
            n = int(r["huge"])
            r["content"] = (line * (n // len(line) + 1))[:n]
        if "fence" in r:
            r["content"] = "```%s\n%s```\n" % (r["fence"], r["content"])
        r["content"] = r.get("prefix", "") + r.get("content", "") + r.get("suffix", "")
        if r.get("forever"):
            replies.append(r)
            replies.append(None)  # marker: repeat the previous reply for ever
            continue
        replies.extend([r] * int(r.get("repeat", 1)))
    return replies


class State:
    def __init__(self, replies, log, auth_log):
        self.replies = replies
        self.pos = 0
        self.count = 0
        self.lock = threading.Lock()
        self.log = log
        self.auth_log = auth_log

    def next_reply(self):
        with self.lock:
            self.count += 1
            n = self.count
            if self.pos < len(self.replies) and self.replies[self.pos] is None:
                return n, self.replies[self.pos - 1]
            if self.pos >= len(self.replies):
                return n, None
            r = self.replies[self.pos]
            self.pos += 1
            return n, r


def make_handler(state):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *args):  # quiet
            pass

        def send(self, status, body, headers=None):
            data = body.encode("utf-8") if isinstance(body, str) else body
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            try:
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            raw = self.rfile.read(length)
            auth = self.headers.get("Authorization")
            n, reply = state.next_reply()
            try:
                body = json.loads(raw.decode("utf-8"))
            except ValueError:
                body = raw.decode("utf-8", "replace")
            with state.lock:
                if state.log:
                    headers = {k: v for k, v in self.headers.items()
                               if k.lower() != "authorization"}
                    with open(state.log, "a", encoding="utf-8") as f:
                        f.write(json.dumps({"n": n, "path": self.path, "headers": headers,
                                            "body": body}) + "\n")
                if state.auth_log:
                    with open(state.auth_log, "a", encoding="utf-8") as f:
                        f.write("%s\n" % (auth if auth is not None else "(none)"))
            if self.path != "/v1/chat/completions":
                self.send(404, json.dumps({"error": {"message": "no route %s" % self.path}}))
                return
            if reply is None:
                self.send(400, json.dumps(
                    {"error": {"message": "fake_llm: the script has no reply left"}}))
                return
            if reply.get("delay"):
                time.sleep(float(reply["delay"]))
            status = int(reply.get("status", 200))
            if "body" in reply:
                out = reply["body"]
            elif status != 200:
                msg = reply.get("error", "scripted error %d" % status)
                out = json.dumps({"error": {"message": msg.replace("{auth}", auth or "")}})
            else:
                content = reply["content"]
                if reply.get("echo_auth"):
                    content += "\n(you sent: %s)\n" % auth
                out = json.dumps({
                    "id": "fake-%d" % n, "object": "chat.completion",
                    "model": body.get("model") if isinstance(body, dict) else None,
                    "choices": [{"index": 0,
                                 "message": {"role": "assistant", "content": content},
                                 "finish_reason": reply.get("finish_reason", "stop")}],
                })
            self.send(status, out, reply.get("headers"))

    return Handler


def show_log(path, only):
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(l) for l in f if l.strip()]
    for entry in lines:
        if only is not None and entry["n"] != only:
            continue
        body = entry["body"]
        msgs = body.get("messages", []) if isinstance(body, dict) else []
        print("== request %d: model %s, %d messages" % (entry["n"], body.get("model"), len(msgs)))
        for m in msgs:
            content = m.get("content", "")
            if m.get("role") == "system":
                first = content.split("\n", 1)[0]
                print("[system] %s ... (%d bytes)" % (first, len(content)))
            else:
                print("[%s]" % m.get("role"))
                print(content)
    return 0


def free_port():
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def main():
    ap = argparse.ArgumentParser(prog="fake_llm.py")
    ap.add_argument("--script")
    ap.add_argument("--reply-file")
    ap.add_argument("--log")
    ap.add_argument("--auth-log")
    ap.add_argument("--var", action="append", default=[])
    ap.add_argument("--down", action="store_true")
    ap.add_argument("--show-log")
    ap.add_argument("--request", type=int)
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    if args.show_log:
        return show_log(args.show_log, args.request)
    cmd = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not cmd:
        ap.error("no command to run (put it after --)")
    env = dict(os.environ)
    env.setdefault("SOLAR_LLM_MODEL", "fake-model")
    server = None
    if args.down:
        port = free_port()  # nothing listens there once the socket is closed
    else:
        variables = dict(v.split("=", 1) for v in args.var)
        if args.reply_file:
            with open(args.reply_file, encoding="utf-8") as f:
                replies = [{"content": "```mlir\n%s```\n" % f.read()}, None]
        else:
            replies = load_script(args.script, variables)
        for p in (args.log, args.auth_log):
            if p:
                open(p, "w").close()
        state = State(replies, args.log, args.auth_log)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), make_handler(state))
        server.daemon_threads = True
        port = server.server_address[1]
        threading.Thread(target=server.serve_forever, daemon=True).start()
    env["SOLAR_LLM_BASE_URL"] = "http://127.0.0.1:%d/v1" % port
    env["FAKE_LLM_PORT"] = str(port)
    try:
        rc = subprocess.call(cmd, env=env)
    finally:
        if server:
            server.shutdown()
            server.server_close()
    if server:
        print("fake_llm: served %d requests" % state.count, file=sys.stderr)
    return rc


if __name__ == "__main__":
    sys.exit(main())
