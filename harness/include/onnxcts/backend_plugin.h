/* The onnxcts backend plugin ABI, version 2: how a shared library plugs a
 * backend into `onnxcts run --backend plugin:PATH.so` (and `onnxcts sweep
 * --backend plugin:PATH.so`).
 *
 * Pure C, so a backend written in any language with a C FFI can implement
 * it. The library exports one function, onnxcts_plugin_v2(), returning a
 * table of the plugin's name, version and `run` function. The harness hands
 * `run` one node at a time (only single-node models reach a plugin): the
 * operator, its opset version, its attributes, its input tensors and, for
 * each output, a buffer of the harness's to write it into. Nothing crosses
 * the ABI that the plugin allocates, so there is nothing to free: in a sweep
 * the inputs and the output buffers are the harness's own memory (shared
 * with the harness when the plugin runs in a child process), and `run`
 * reads and writes them in place, with no copy.
 *
 * Version 1 (onnxcts_plugin_v1(), below the version 2 types) has `run`
 * allocate its outputs and `release` free them; the harness copies them.
 * It still loads and runs: the harness looks up onnxcts_plugin_v2 first,
 * then onnxcts_plugin_v1. A library may export both; version 2 is then used.
 *
 * By default the harness loads the plugin in a child process and talks to
 * it over a pipe, so a crash or a hang in the plugin costs one case (the
 * child is restarted). `plugin:PATH.so?inprocess` loads it into the harness
 * itself, which is faster (fuzzing, sweeps) but a crash then ends the run and
 * a hang cannot be timed out.
 *
 * Tensors hold raw element bits exactly as ONNX's TensorProto.raw_data does:
 * little-endian, at the width of the ONNX dtype (bool: one byte, 0 or 1;
 * float16, bfloat16 and the float8 formats: their bit patterns), dense, in
 * row-major order. Dtypes are ONNX TensorProto.DataType codes (FLOAT = 1,
 * ..., FLOAT8E5M2FNUZ = 20). Tensor data may start at any byte address: do
 * not assume more alignment than the element width's, nor even that.
 */
#ifndef ONNXCTS_BACKEND_PLUGIN_H_
#define ONNXCTS_BACKEND_PLUGIN_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header. A plugin puts it in its table's abi_version,
 * and the harness refuses a plugin whose version it does not speak: it
 * speaks 1 and 2. The table's layout is the entry point's, so a version 1
 * plugin rebuilt against this header (its table then says 2) still loads
 * through onnxcts_plugin_v1(). */
#define ONNXCTS_PLUGIN_ABI_VERSION 2

/* The names of the entry points, for dlsym(). ONNXCTS_PLUGIN_ENTRY is this
 * version's. */
#define ONNXCTS_PLUGIN_ENTRY_V2 "onnxcts_plugin_v2"
#define ONNXCTS_PLUGIN_ENTRY_V1 "onnxcts_plugin_v1"
#define ONNXCTS_PLUGIN_ENTRY ONNXCTS_PLUGIN_ENTRY_V2

#if defined(_WIN32)
#define ONNXCTS_PLUGIN_EXPORT __declspec(dllexport)
#else
#define ONNXCTS_PLUGIN_EXPORT __attribute__((visibility("default")))
#endif

typedef enum onnxcts_status {
  ONNXCTS_STATUS_OK = 0,
  /* The plugin does not implement this operator, opset, dtype or
   * attribute value; the case is reported not_supported. */
  ONNXCTS_STATUS_NOT_SUPPORTED = 1,
  /* The plugin refuses the node as invalid, or failed computing it; the
   * case is reported error (or rejected, for a model that a conformant
   * backend must refuse). */
  ONNXCTS_STATUS_ERROR = 2
} onnxcts_status;

typedef enum onnxcts_attribute_type {
  ONNXCTS_ATTRIBUTE_INT = 1,    /* i */
  ONNXCTS_ATTRIBUTE_FLOAT = 2,  /* f */
  ONNXCTS_ATTRIBUTE_STRING = 3, /* bytes, size (may hold NULs) */
  ONNXCTS_ATTRIBUTE_INTS = 4,   /* ints, size */
  ONNXCTS_ATTRIBUTE_FLOATS = 5  /* floats, size */
} onnxcts_attribute_type;

/* One attribute of the node, as the model sets it (defaults are not filled
 * in: an attribute the model omits is absent). Only the fields of `type`
 * are meaningful. */
typedef struct onnxcts_attribute {
  const char* name; /* NUL-terminated */
  int32_t type;     /* an onnxcts_attribute_type */
  int64_t i;
  float f;
  const char* bytes;
  const int64_t* ints;
  const float* floats;
  size_t size; /* elements of ints/floats, bytes of a string */
} onnxcts_attribute;

/* An input tensor, owned by the harness and valid during `run` only. An
 * optional input the node leaves out has dtype 0, rank 0 and no data. */
typedef struct onnxcts_tensor {
  int32_t dtype; /* ONNX TensorProto.DataType code */
  size_t rank;
  const int64_t* dims; /* `rank` entries, each >= 0 */
  const void* data;    /* raw bits, as described above */
  size_t size;         /* bytes of data: product(dims) x element width */
} onnxcts_tensor;

/* What `run` is asked to compute (both versions). */
typedef struct onnxcts_node {
  const char* op_type;   /* "IsInf" */
  const char* domain;    /* "" for the default ai.onnx domain */
  int64_t opset_version; /* the model's opset import for `domain` */
  const onnxcts_attribute* attributes;
  size_t attribute_count;
  const onnxcts_tensor* inputs; /* in the node's input order */
  size_t input_count;
  size_t output_count; /* how many outputs the node names */
} onnxcts_node;

/* ---- Version 2 ---------------------------------------------------------
 *
 * `run` writes each output into the buffer the harness gives it and says
 * what it wrote:
 *
 *   - it sets dtype, rank, dims and size for every output (size: the bytes
 *     the output has, product(dims) x element width), and
 *   - when every output's size fits its `capacity`, it writes each one's
 *     bytes at its `data`, and nothing past `data + size`;
 *   - when any does not fit, it writes no output's bytes at all, and still
 *     returns ONNXCTS_STATUS_OK with every output's dtype, rank, dims and
 *     size. The harness then either calls `run` again with more room (the
 *     same node and inputs: `run` must give the same answer each time) or
 *     reports the case invalid_output (in a sweep, whose buffers are sized
 *     from the model's declared output shapes).
 *
 * An output of rank above ONNXCTS_PLUGIN_MAX_RANK cannot be reported: set
 * its rank and nothing else; the harness reports invalid_output.
 *
 * The buffers are valid during `run` only. The harness reads an output's
 * bytes only after `run` returned OK with all of them fitting. */

#define ONNXCTS_PLUGIN_MAX_RANK 16

/* One output of the node. The harness zeroes the plugin's fields. */
typedef struct onnxcts_output2 {
  /* Set by the harness. */
  void* data;      /* room for the output's bytes; may be NULL if capacity
                    * is 0 */
  size_t capacity; /* bytes of room at data */
  /* The dtype and shape the model declares for this output, which the
   * harness will check the output against. For information only: a
   * backend computes its outputs from the node and its inputs. dtype 0:
   * not declared; rank -1: no shape declared; a dims entry of -1: a
   * symbolic dimension. */
  int32_t declared_dtype;
  int64_t declared_rank;
  const int64_t* declared_dims; /* declared_rank entries */
  /* Set by the plugin on ONNXCTS_STATUS_OK. */
  int32_t dtype;
  size_t rank;
  int64_t dims[ONNXCTS_PLUGIN_MAX_RANK]; /* the first `rank` entries */
  size_t size; /* bytes of the output; written at data if all fit */
} onnxcts_output2;

/* Where `run` answers. The harness zeroes the message and provides
 * `outputs` with node->output_count entries. */
typedef struct onnxcts_result2 {
  onnxcts_output2* outputs;
  size_t output_count;
  /* Room for a NUL-terminated explanation (why not supported, what
   * failed, or a remark on success), message_capacity bytes (at least
   * 1024) that the harness owns; longer text is cut. Left empty: none. */
  char* message;
  size_t message_capacity;
} onnxcts_result2;

typedef struct onnxcts_plugin2 {
  uint32_t abi_version; /* ONNXCTS_PLUGIN_ABI_VERSION, 2 or above */
  const char* name;     /* the backend's name, for reports */
  const char* version;  /* the backend's version, for reports */
  /* ONNXCTS_PLUGIN_THREAD_SAFE when `run` may be called from several
   * threads at once; otherwise the harness never overlaps calls. */
  uint32_t flags;
  /* Computes `node` into `result`, as described above. Must not keep
   * pointers into `node` or `result` after returning. */
  onnxcts_status (*run)(const onnxcts_node* node, onnxcts_result2* result);
} onnxcts_plugin2;

#define ONNXCTS_PLUGIN_THREAD_SAFE 1u

/* The entry point a version 2 plugin exports. Returns a table that stays
 * valid until the library is unloaded; called once after dlopen(). */
ONNXCTS_PLUGIN_EXPORT const onnxcts_plugin2* onnxcts_plugin_v2(void);

/* ---- Version 1 ---------------------------------------------------------
 *
 * `run` computes the outputs into buffers it allocates, and the harness
 * hands them back to `release` once it has copied them. */

/* An output tensor, filled in by `run`. `dims` and `data` point to memory
 * the plugin allocated (with any allocator) and frees in `release`; `data`
 * may be NULL when `size` is 0. */
typedef struct onnxcts_output {
  int32_t dtype;
  size_t rank;
  int64_t* dims;
  void* data;
  size_t size; /* must equal product(dims) x element width of dtype */
} onnxcts_output;

/* What `run` answers. The harness zeroes it and provides `outputs` with
 * node->output_count zeroed entries; on ONNXCTS_STATUS_OK the plugin fills
 * every one of them. */
typedef struct onnxcts_result {
  onnxcts_output* outputs;
  size_t output_count;
  /* A NUL-terminated explanation (why not supported, what failed), or
   * NULL; allocated by the plugin and freed in `release`. */
  char* message;
  /* For the plugin's own bookkeeping between `run` and `release`. */
  void* plugin_data;
} onnxcts_result;

typedef struct onnxcts_plugin {
  uint32_t abi_version; /* ONNXCTS_PLUGIN_ABI_VERSION (1 or 2) */
  const char* name;     /* the backend's name, for reports */
  const char* version;  /* the backend's version, for reports */
  /* ONNXCTS_PLUGIN_THREAD_SAFE when `run` may be called from several
   * threads at once; otherwise the harness never overlaps calls. */
  uint32_t flags;
  /* Computes `node` into `result`. Whatever it returns, the harness then
   * calls `release(result)` exactly once. Must not keep pointers into
   * `node` after returning. */
  onnxcts_status (*run)(const onnxcts_node* node, onnxcts_result* result);
  /* Frees what `run` allocated in `result` (output dims and data, the
   * message, plugin_data). Not called for any other result. */
  void (*release)(onnxcts_result* result);
} onnxcts_plugin;

/* The entry point a version 1 plugin exports. Returns a table that stays
 * valid until the library is unloaded; called once after dlopen(). */
ONNXCTS_PLUGIN_EXPORT const onnxcts_plugin* onnxcts_plugin_v1(void);

#ifdef __cplusplus
}
#endif

#endif /* ONNXCTS_BACKEND_PLUGIN_H_ */
