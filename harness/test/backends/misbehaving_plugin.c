/* A plugin for the plugin backend's tests, written in C against the ABI
 * header. What it does depends on the node's op_type:
 *
 *   Echo        returns its first input unchanged
 *   Chatty      prints to stdout and stderr, then echoes
 *   WrongSize   returns a payload that does not match its dims
 *   BadDtype    returns dtype code 99
 *   Twice       returns its first input twice over, flat: more than a
 *               buffer sized like the input holds
 *   Greedy      always asks for more room than it was given (version 2)
 *   Refuse      not supported, with a message
 *   Fail        an error, with a message
 *   OddStatus   returns the status 42, which the ABI does not define
 *   Exit        exits the process with status 7
 *   Forge       (version 2, in the plugin host only) writes an answer of
 *               its own on the host's answer pipe, one whose output lies
 *               outside the shared memory, then fails
 *
 * MISBEHAVING_ABI_VERSION says which ABI it speaks: 1 (onnxcts_plugin_v1,
 * its table saying 1, as a plugin built against the version 1 header
 * does), 2 (onnxcts_plugin_v2), or 3 (onnxcts_plugin_v2 claiming a version
 * nobody speaks). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "onnxcts/backend_plugin.h"

#define MAX_RANK 8

/* The output an op computes: its first `repeat` copies of the input, then
 * zeros up to `size` bytes. */
typedef struct Plan {
  int32_t dtype;
  size_t rank;
  int64_t dims[MAX_RANK];
  size_t size;
  int repeat;
} Plan;

static int Is(const onnxcts_node* node, const char* op) {
  return strcmp(node->op_type, op) == 0;
}

/* The output of an op that has one; 0 for any other op. `capacity` is the
 * room a version 2 plugin was given (0 for version 1). */
static int PlanOutput(const onnxcts_node* node, size_t capacity, Plan* p) {
  const onnxcts_tensor* x = &node->inputs[0];
  size_t count = 1, width, d;
  for (d = 0; d < x->rank; ++d) count *= (size_t)x->dims[d];
  width = count > 0 ? x->size / count : 1;
  memset(p, 0, sizeof *p);
  p->dtype = x->dtype;
  p->rank = x->rank < MAX_RANK ? x->rank : MAX_RANK;
  memcpy(p->dims, x->dims, sizeof(int64_t) * p->rank);
  p->size = x->size;
  p->repeat = 1;
  if (Is(node, "Echo") || Is(node, "Chatty")) return 1;
  if (Is(node, "WrongSize")) {
    p->size = x->size + 1;
    return 1;
  }
  if (Is(node, "BadDtype")) {
    p->dtype = 99;
    return 1;
  }
  if (Is(node, "Twice") || Is(node, "Greedy")) {
    p->rank = 1;
    p->dims[0] = (int64_t)(2 * count);
    p->size = 2 * x->size;
    p->repeat = 2;
    if (Is(node, "Greedy")) {
      p->dims[0] = (int64_t)((capacity + x->size) / width);
      p->size = (size_t)p->dims[0] * width;
      p->repeat = 0;
    }
    return 1;
  }
  return 0;
}

static void Fill(const Plan* p, const onnxcts_tensor* x, unsigned char* out) {
  size_t done = 0;
  int i;
  for (i = 0; i < p->repeat && done + x->size <= p->size; ++i) {
    if (x->size > 0) memcpy(out + done, x->data, x->size);
    done += x->size;
  }
  if (done < p->size) memset(out + done, 0, p->size - done);
}

static void Chat(const onnxcts_node* node) {
  if (!Is(node, "Chatty")) return;
  printf("chatty plugin on stdout\n");
  fflush(stdout);
  fprintf(stderr, "chatty plugin on stderr\n");
}

static const char* Complaint(const onnxcts_node* node, onnxcts_status* s) {
  if (Is(node, "Refuse")) {
    *s = ONNXCTS_STATUS_NOT_SUPPORTED;
    return "Refuse is beyond this plugin";
  }
  if (Is(node, "Fail")) {
    *s = ONNXCTS_STATUS_ERROR;
    return "Fail failed on purpose";
  }
  return NULL;
}

#if MISBEHAVING_ABI_VERSION == 1

static char* Copy(const char* text) {
  char* s = malloc(strlen(text) + 1);
  strcpy(s, text);
  return s;
}

static onnxcts_status Run(const onnxcts_node* node, onnxcts_result* result) {
  const onnxcts_tensor* x = &node->inputs[0];
  onnxcts_output* y = &result->outputs[0];
  onnxcts_status status = ONNXCTS_STATUS_OK;
  const char* complaint = Complaint(node, &status);
  Plan p;
  Chat(node);
  if (complaint != NULL) {
    result->message = Copy(complaint);
    return status;
  }
  if (Is(node, "OddStatus")) return (onnxcts_status)42;
  if (Is(node, "Exit")) _exit(7);
  if (!PlanOutput(node, 0, &p)) return ONNXCTS_STATUS_NOT_SUPPORTED;
  y->dtype = p.dtype;
  y->rank = p.rank;
  y->dims = malloc(sizeof(int64_t) * (p.rank + 1));
  memcpy(y->dims, p.dims, sizeof(int64_t) * p.rank);
  y->size = p.size;
  y->data = malloc(p.size + 1);
  Fill(&p, x, y->data);
  return ONNXCTS_STATUS_OK;
}

static void Release(onnxcts_result* result) {
  size_t k;
  for (k = 0; k < result->output_count; ++k) {
    free(result->outputs[k].dims);
    free(result->outputs[k].data);
  }
  free(result->message);
}

static const onnxcts_plugin kPlugin = {1, "misbehaving", "0.0.1", 0, Run,
                                       Release};

ONNXCTS_PLUGIN_EXPORT const onnxcts_plugin* onnxcts_plugin_v1(void) {
  return &kPlugin;
}

#else

static void Put(unsigned char** at, const void* value, size_t n) {
  memcpy(*at, value, n);
  *at += n;
}

/* The plugin host's answer to a call of slots (plugin_wire.cc), forged: kOk,
 * no message, no times, and output 0 at an offset of 2^40 bytes. */
static void Forge(const onnxcts_node* node) {
  const onnxcts_tensor* x = &node->inputs[0];
  unsigned char frame[512];
  unsigned char* at = frame + 8;
  const unsigned char ok = 0;
  const uint64_t zero = 0, one = 1, offset = (uint64_t)1 << 40;
  const uint64_t dims_bytes = sizeof(int64_t) * x->rank;
  const uint64_t bytes = x->size;
  const double no_time = 0;
  uint64_t length;
  if (x->rank > MAX_RANK) return;
  Put(&at, &ok, 1);
  Put(&at, &zero, 8); /* the message */
  Put(&at, &no_time, 8);
  Put(&at, &no_time, 8);
  Put(&at, &no_time, 8);
  Put(&at, &one, 8); /* outputs */
  Put(&at, &x->dtype, 4);
  Put(&at, &dims_bytes, 8);
  Put(&at, x->dims, dims_bytes);
  Put(&at, &offset, 8);
  Put(&at, &bytes, 8);
  length = (uint64_t)(at - frame) - 8;
  memcpy(frame, &length, 8);
  if (write(4, frame, (size_t)(at - frame)) < 0) perror("forge");
}

static void Say(onnxcts_result2* result, const char* text) {
  snprintf(result->message, result->message_capacity, "%s", text);
}

static onnxcts_status Run(const onnxcts_node* node, onnxcts_result2* result) {
  const onnxcts_tensor* x = &node->inputs[0];
  onnxcts_output2* y = &result->outputs[0];
  onnxcts_status status = ONNXCTS_STATUS_OK;
  const char* complaint = Complaint(node, &status);
  Plan p;
  Chat(node);
  if (complaint != NULL) {
    Say(result, complaint);
    return status;
  }
  if (Is(node, "OddStatus")) return (onnxcts_status)42;
  if (Is(node, "Exit")) _exit(7);
  if (Is(node, "Forge")) {
    Forge(node);
    Say(result, "forged an answer");
    return ONNXCTS_STATUS_ERROR;
  }
  if (!PlanOutput(node, y->capacity, &p)) return ONNXCTS_STATUS_NOT_SUPPORTED;
  y->dtype = p.dtype;
  y->rank = p.rank;
  memcpy(y->dims, p.dims, sizeof(int64_t) * p.rank);
  y->size = p.size;
  if (p.size <= y->capacity) Fill(&p, x, y->data);
  return ONNXCTS_STATUS_OK;
}

static const onnxcts_plugin2 kPlugin = {MISBEHAVING_ABI_VERSION, "misbehaving",
                                        "0.0.2", 0, Run};

ONNXCTS_PLUGIN_EXPORT const onnxcts_plugin2* onnxcts_plugin_v2(void) {
  return &kPlugin;
}

#endif
