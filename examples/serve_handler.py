#!/usr/bin/env python3
"""A long-running job handler for `cogctl worker --handler 'CLASS=serve:python3 serve_handler.py'`.

cogctl starts it once per worker thread and keeps it between jobs. It reads one JSON request
per line on stdin:

    {"jid": "...", "class": "...", "queue": "...", "retry_count": 0, "identity": "...",
     "payload": {...the job exactly as stored...}}

and writes one JSON reply per line on stdout:

    {"ok": true}
    {"ok": false, "error_class": "...", "error_message": "...", "backtrace": ["..."],
     "retry": "default" | <seconds> | "kill" | "discard"}

Anything else on stdout breaks the protocol (the job fails and the process is replaced), so
logs go to stderr, where cogctl prints them with the job's jid. At EOF on stdin, exit.
Load what your jobs need (connection pools, models) once, at start: that is the point.
"""

import json
import os
import sys
import time
import traceback

LEAKED = []


def noop(args):
    pass


def fail(args):
    raise RuntimeError(args[0] if args else "failed")


class Declined(Exception):
    """A failure that must not be retried: the reply says "kill"."""


def charge(args):
    if args and args[0] == "declined":
        raise Declined("card declined")


def sleep(args):
    time.sleep(float(args[0]) if args else 1.0)


def crash(args):
    print("crashing on purpose", file=sys.stderr, flush=True)
    os._exit(3)


def leak(args):
    # Keeps args[0] MB for the life of the process: what recycling is for.
    LEAKED.append(bytearray(int(args[0] if args else 10) * 1024 * 1024))


def retry_in(args):
    raise TimeoutError("upstream busy")


JOBS = {
    "Noop": noop,
    "Fail": fail,
    "Charge": charge,
    "Sleep": sleep,
    "Crash": crash,
    "Leak": leak,
    "RetryIn": retry_in,
}


def handle(request):
    job = request["payload"]
    fn = JOBS.get(request["class"])
    if fn is None:
        return {"ok": False, "error_class": "NameError",
                "error_message": f"no job class {request['class']} in this handler"}
    try:
        fn(job.get("args", []))
        return {"ok": True}
    except Exception as e:  # the job's failure, reported; never the handler's death
        reply = {"ok": False, "error_class": type(e).__name__, "error_message": str(e),
                 "backtrace": traceback.format_exc().splitlines()[-20:]}
        if isinstance(e, Declined):
            reply["retry"] = "kill"
        elif isinstance(e, TimeoutError):
            reply["retry"] = 5
        return reply


def main():
    print(f"handler {os.getpid()} ready", file=sys.stderr, flush=True)
    for line in sys.stdin:
        reply = handle(json.loads(line))
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
