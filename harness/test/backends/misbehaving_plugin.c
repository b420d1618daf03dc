/* A plugin for the plugin backend's tests, written in C against the ABI
 * header. What it does depends on the node's op_type:
 *
 *   Echo        returns its first input unchanged
 *   Chatty      prints to stdout and stderr, then echoes
 *   WrongSize   returns a payload that does not match its dims
 *   BadDtype    returns dtype code 99
 *   Refuse      not supported, with a message
 *   Fail        an error, with a message
 *   OddStatus   returns the status 42, which the ABI does not define
 *   Exit        exits the process with status 7
 *
 * Built with MISBEHAVING_ABI_VERSION 2 it claims an ABI nobody speaks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "onnxcts/backend_plugin.h"

static char* Copy(const char* text) {
  char* s = malloc(strlen(text) + 1);
  strcpy(s, text);
  return s;
}

static onnxcts_status Echo(const onnxcts_node* node, onnxcts_result* result,
                           int32_t dtype, size_t size) {
  const onnxcts_tensor* x = &node->inputs[0];
  onnxcts_output* y = &result->outputs[0];
  y->dtype = dtype;
  y->rank = x->rank;
  y->dims = malloc(sizeof(int64_t) * (x->rank + 1));
  memcpy(y->dims, x->dims, sizeof(int64_t) * x->rank);
  y->size = size;
  y->data = malloc(x->size + 1);
  memcpy(y->data, x->data, x->size < size ? x->size : size);
  return ONNXCTS_STATUS_OK;
}

static onnxcts_status Run(const onnxcts_node* node, onnxcts_result* result) {
  const char* op = node->op_type;
  const onnxcts_tensor* x = &node->inputs[0];
  if (strcmp(op, "Chatty") == 0) {
    printf("chatty plugin on stdout\n");
    fflush(stdout);
    fprintf(stderr, "chatty plugin on stderr\n");
  }
  if (strcmp(op, "Echo") == 0 || strcmp(op, "Chatty") == 0) {
    return Echo(node, result, x->dtype, x->size);
  }
  if (strcmp(op, "WrongSize") == 0) {
    return Echo(node, result, x->dtype, x->size + 1);
  }
  if (strcmp(op, "BadDtype") == 0) return Echo(node, result, 99, x->size);
  if (strcmp(op, "Refuse") == 0) {
    result->message = Copy("Refuse is beyond this plugin");
    return ONNXCTS_STATUS_NOT_SUPPORTED;
  }
  if (strcmp(op, "Fail") == 0) {
    result->message = Copy("Fail failed on purpose");
    return ONNXCTS_STATUS_ERROR;
  }
  if (strcmp(op, "OddStatus") == 0) return (onnxcts_status)42;
  if (strcmp(op, "Exit") == 0) _exit(7);
  return ONNXCTS_STATUS_NOT_SUPPORTED;
}

static void Release(onnxcts_result* result) {
  for (size_t k = 0; k < result->output_count; ++k) {
    free(result->outputs[k].dims);
    free(result->outputs[k].data);
  }
  free(result->message);
}

static const onnxcts_plugin kPlugin = {
    MISBEHAVING_ABI_VERSION, "misbehaving", "0.0.1", 0, Run, Release};

ONNXCTS_PLUGIN_EXPORT const onnxcts_plugin* onnxcts_plugin_v1(void) {
  return &kPlugin;
}
