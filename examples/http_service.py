#!/usr/bin/env python3
"""A job service for `cogctl worker --handler 'CLASS=http://127.0.0.1:PORT/jobs'`.

Standard library only. Usage: http_service.py [PORT] (0 or nothing: any free port). It prints
`listening on PORT` as its first stdout line.

cogctl POSTs each job's payload, the JSON exactly as stored, with headers X-Cogctl-Jid,
X-Cogctl-Class, X-Cogctl-Queue, X-Cogctl-Attempt (1 on the first run) and X-Cogctl-Identity
(bytes outside printable ASCII, and %, percent-encoded: decode them with urllib.parse.unquote).
It keeps its connections alive between jobs, so the server speaks HTTP/1.1.

Answer 2xx for success. For a failure, any other status with a JSON body shaped like the
serve: reply:

    {"ok": false, "error_class": "...", "error_message": "...", "backtrace": ["..."],
     "retry": "default" | <seconds> | "kill" | "discard"}

or with no such body (the status line is the message), and Retry-After: <seconds> to choose
when the retry runs.
"""

import json
import sys
import time
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote


def noop(args):
    pass


def fail(args):
    raise RuntimeError(args[0] if args else "failed")


class Declined(Exception):
    """A failure that must not be retried: the answer says "kill"."""


def charge(args):
    if args and args[0] == "declined":
        raise Declined("card declined")


def sleep(args):
    time.sleep(float(args[0]) if args else 1.0)


class Busy(Exception):
    """Upstream is overloaded: answered 503 with Retry-After."""


def busy(args):
    raise Busy("upstream busy")


JOBS = {"Noop": noop, "Fail": fail, "Charge": charge, "Sleep": sleep, "Busy": busy}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: one connection serves many jobs
    # Headers and body are written apart: without these, Nagle's algorithm and the client's
    # delayed ACK hold every answer ~40 ms (about 200 jobs/s at -c 10).
    disable_nagle_algorithm = True
    wbufsize = 64 * 1024  # one write per answer, flushed after each request

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        job_class = unquote(self.headers.get("X-Cogctl-Class", ""))
        if self.path != "/jobs":
            return self.answer(404, b"no such route\n", "text/plain")
        fn = JOBS.get(job_class)
        if fn is None:
            return self.reply(500, {"ok": False, "error_class": "NameError",
                                    "error_message": f"no job class {job_class} in this service"})
        try:
            fn(json.loads(body).get("args", []))
        except Busy:
            return self.answer(503, b"", "text/plain", {"Retry-After": "7"})
        except Exception as e:  # the job's failure, reported
            reply = {"ok": False, "error_class": type(e).__name__, "error_message": str(e),
                     "backtrace": traceback.format_exc().splitlines()[-20:]}
            if isinstance(e, Declined):
                reply["retry"] = "kill"
            return self.reply(500, reply)
        self.reply(200, {"ok": True})

    def reply(self, status, value):
        self.answer(status, json.dumps(value).encode(), "application/json")

    def answer(self, status, body, content_type, headers=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):  # one line per request is too much at 10k jobs/s
        pass


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    print(f"listening on {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
