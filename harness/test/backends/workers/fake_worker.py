#!/usr/bin/python3
"""A worker for the backend tests: speaks protocol 1 and misbehaves on
demand. What a run does is named by the folder that holds its model:

  copy            copies input_K to output_K.pb and answers ok (and
                  names its output_dir on stderr)
  adapter         the same, and reports two adapter steps
  load_only       ok when the request says load_only, else an error
  crash           writes to stderr and exits with status 3
  segfault        kills itself with SIGSEGV
  hang            never answers
  hang_with_child starts a grandchild (pid on stderr), then never answers
  garbage         answers a line that is not JSON
  wrong_id        answers for the next request's id
  no_status       answers without a status
  long_line       answers a line of 2 MiB
  two_answers     copies and answers ok twice
  unreadable      writes a .pb that is not a TensorProto, answers ok
  missing         answers ok without writing anything
  not_supported   answers not_supported
  error           answers error
  stderr_flood    writes 200 KiB to stderr, then copies
  eat_memory      asks for 1 GiB (never touched), which under a smaller
                  --worker-memory cap ends it on an uncaught MemoryError
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time


def answer(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def copy_inputs(req):
    for k, path in enumerate(req["inputs"]):
        shutil.copyfile(path, os.path.join(req["output_dir"], f"output_{k}.pb"))


def run(req):
    mode = os.path.basename(os.path.dirname(req["model"]))
    rid = req["id"]
    ok = {"id": rid, "status": "ok"}
    if mode in ("copy", "adapter", "two_answers", "stderr_flood"):
        sys.stderr.write(f"output_dir {req['output_dir']}\n")
        if mode == "stderr_flood":
            for i in range(2000):
                sys.stderr.write(f"flood line {i:04d} " + "x" * 90 + "\n")
            sys.stderr.write("END OF FLOOD\n")
            sys.stderr.flush()
        copy_inputs(req)
        if mode == "adapter":
            ok["adapter_steps"] = ["inlined x", "widened y to float"]
        answer(ok)
        if mode == "two_answers":
            answer(ok)
    elif mode == "load_only":
        if req.get("load_only") is True:
            answer(ok)
        else:
            answer({"id": rid, "status": "error", "message": "not load_only"})
    elif mode == "crash":
        sys.stderr.write("fake worker: giving up\n")
        sys.stderr.flush()
        os._exit(3)
    elif mode == "segfault":
        os.kill(os.getpid(), signal.SIGSEGV)
    elif mode == "hang_with_child":
        child = subprocess.Popen(["sleep", "3600"])
        sys.stderr.write(f"grandchild {child.pid}\n")
        sys.stderr.flush()
        time.sleep(3600)
    elif mode == "hang":
        time.sleep(3600)
    elif mode == "garbage":
        print("this is not JSON", flush=True)
    elif mode == "wrong_id":
        answer({"id": rid + 1, "status": "ok"})
    elif mode == "no_status":
        answer({"id": rid})
    elif mode == "long_line":
        answer({"id": rid, "status": "ok", "message": "x" * (2 << 20)})
    elif mode == "unreadable":
        with open(os.path.join(req["output_dir"], "output_0.pb"), "wb") as f:
            f.write(b"\xff\xff\xff\xff not a tensor")
        answer(ok)
    elif mode == "missing":
        answer(ok)
    elif mode == "not_supported":
        answer({"id": rid, "status": "not_supported",
                "message": "no float8 here"})
    elif mode == "eat_memory":
        hoard = bytes(1 << 30)  # calloc: no page is touched
        answer({"id": rid, "status": "error",
                "message": f"got {len(hoard)} bytes: no cap?"})
    elif mode == "error":
        answer({"id": rid, "status": "error", "message": "model refused"})
    else:
        answer({"id": rid, "status": "error", "message": f"mode {mode}?"})


def main():
    for line in sys.stdin:
        req = json.loads(line)
        if req["method"] == "hello":
            answer({"protocol": 1, "name": "fake", "version": "1.2.3"})
        else:
            run(req)


main()
