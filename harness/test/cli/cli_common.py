"""What the CLI tests share: running the onnxcts binary, and reading a
report that must validate against the project's JSON Schema."""
import json
import os
import subprocess

import jsonschema


def run_cli(onnxcts, *args, timeout=600):
    return subprocess.run([onnxcts, *args], capture_output=True, text=True,
                          timeout=timeout)


def validated_report(source, path):
    with open(os.path.join(source, "reports", "report.schema.json")) as f:
        schema = json.load(f)
    with open(path) as f:
        report = json.load(f)
    jsonschema.validate(report, schema)
    return report
