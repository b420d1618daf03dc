#!/usr/bin/python3
"""A worker that only starts, for `onnxcts backends`: it stands in for the
Python interpreter of the named backends ($ONNXCTS_PYTHON), for `node`, or
for a `command:` worker, and behaves as $FAKE_MODES says for its name:

  ready    answers hello after $FAKE_DELAY seconds (default 0), then waits
           for the end of its input
  fail     writes two lines to stderr and exits with status 3
  silent   exits with status 5 without a word
  slow     never answers
  garbage  answers hello with a line that is not JSON

Its name is the adapter after worker.py (`worker.py tract` is tract), the
`--runtime` of the ORT worker (node, web), or its first argument. It
appends `start NAME T PID` and `answer NAME T` to $FAKE_LOG.
"""
import json
import os
import sys
import time


def name_of(argv):
    if "--runtime" in argv:
        return argv[argv.index("--runtime") + 1]
    if len(argv) > 2 and argv[1].endswith("worker.py"):
        return argv[2]
    if len(argv) > 1 and argv[1].endswith("worker.js"):
        return "node"
    return argv[1] if len(argv) > 1 else "fake"


def log(text):
    with open(os.environ["FAKE_LOG"], "a") as f:
        f.write(text + "\n")


def main():
    name = name_of(sys.argv)
    modes = dict(m.split("=") for m in
                 os.environ.get("FAKE_MODES", "").split(",") if m)
    mode = modes.get(name, "ready")
    log(f"start {name} {time.monotonic()} {os.getpid()}")
    if mode == "fail":
        sys.stderr.write("fake: loading the runtime\n"
                         f"fake: No module named '{name}'\n\n")
        sys.exit(3)
    if mode == "silent":
        sys.exit(5)
    if mode == "slow":
        time.sleep(3600)
    time.sleep(float(os.environ.get("FAKE_DELAY", "0")))
    sys.stdin.readline()  # the hello
    if mode == "garbage":
        print("Welcome to the fake runtime!", flush=True)
    else:
        print(json.dumps({"protocol": 1, "name": f"fake-{name}",
                          "version": "9.9", "options": {"mode": mode}}),
              flush=True)
    log(f"answer {name} {time.monotonic()}")
    for line in sys.stdin:
        if json.loads(line).get("method") == "shutdown":
            break


main()
