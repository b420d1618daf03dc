#!/usr/bin/python3
"""A worker for the pipe tests: speaks protocol 2 (tensors in the shared
memory on fd 3) when offered it, and misbehaves on demand. What a request
does is named by the folder that holds its model:

  copy           copies each input slot into the output slot of the same
                 index, answers ok with the input's dtype and dims, timings
  too_big        answers ok with dims larger than the slot, writes nothing
  no_outputs     answers ok without "outputs"
  crash          exits with status 3
  hang           never answers
  garbage        answers a line that is not JSON
  not_supported  answers not_supported
"""
import json
import os
import sys
import time

from slot_memory import Memory


def answer(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def run(req, memory):
    mode = os.path.basename(os.path.dirname(req["model"]))
    rid = req["id"]
    if mode == "copy":
        mem = memory.view(req["memory_bytes"])
        produced = []
        for src, dst in zip(req["inputs"], req["outputs"]):
            data = mem[src["offset"]:src["offset"] + src["bytes"]]
            mem[dst["offset"]:dst["offset"] + len(data)] = data
            produced.append({"dtype": src["dtype"], "dims": src["dims"]})
        answer({"id": rid, "status": "ok", "outputs": produced,
                "timings": {"read": 0.001, "run": 0.002, "write": 0.003}})
    elif mode == "too_big":
        dims = [d * 2 for d in req["outputs"][0]["dims"]]
        answer({"id": rid, "status": "ok",
                "outputs": [{"dtype": req["outputs"][0]["dtype"],
                             "dims": dims}]})
    elif mode == "no_outputs":
        answer({"id": rid, "status": "ok"})
    elif mode == "crash":
        os._exit(3)
    elif mode == "hang":
        time.sleep(3600)
    elif mode == "garbage":
        print("this is not JSON", flush=True)
    else:
        answer({"id": rid, "status": "not_supported", "message": mode})


def main():
    memory = Memory()
    for line in sys.stdin:
        req = json.loads(line)
        if req["method"] == "hello":
            speaks = 2 in req.get("protocols", []) and os.path.exists(
                "/proc/self/fd/3")
            answer({"protocol": 2 if speaks else 1, "name": "fake-memory",
                    "version": "2.0"})
        elif req["method"] == "run":
            run(req, memory)


main()
