# onnx.reference.ReferenceEvaluator refuses three valid older-opset models of
# ONNX 1.12's own node tests (Debian's libonnx-testdata): GridSample-16 with
# mode 'bilinear'/'bicubic' (renamed 'linear'/'cubic' only in opset 20),
# Resize-11 with coordinate_transformation_mode 'tf_half_pixel_for_nn'
# (removed only in opset 18), and Scan-8 (batch axis, sequence_lens input).
import os

import numpy as np
import onnx
from onnx import numpy_helper
from onnx.reference import ReferenceEvaluator

NODE = "/usr/share/libonnx-testdata/data/node"
for case in ("test_gridsample_bilinear", "test_gridsample_bicubic",
             "test_resize_downsample_sizes_nearest_tf_half_pixel_for_nn",
             "test_scan_sum"):
    folder = os.path.join(NODE, case)
    model = onnx.load(os.path.join(folder, "model.onnx"))
    onnx.checker.check_model(model, full_check=True)  # valid for its opset
    opset = next(o.version for o in model.opset_import if o.domain in ("", "ai.onnx"))
    feeds = {i.name: numpy_helper.to_array(onnx.load_tensor(
        os.path.join(folder, "test_data_set_0", f"input_{k}.pb")))
        for k, i in enumerate(model.graph.input)}
    want = numpy_helper.to_array(onnx.load_tensor(
        os.path.join(folder, "test_data_set_0", "output_0.pb")))
    try:
        got = ReferenceEvaluator(model).run(None, feeds)[0]
        verdict = "ok" if np.allclose(got, want, rtol=1e-3, atol=1e-7) else "WRONG"
        print(f"onnx {onnx.__version__} {case} (opset {opset}): ran, {verdict}")
    except Exception as e:
        print(f"onnx {onnx.__version__} {case} (opset {opset}): "
              f"{type(e).__name__}: {str(e).splitlines()[0][:150]}")
