// The worker's Node-API addon, two functions:
//
//   map(fd, bytes)  an ArrayBuffer over the first `bytes` of the file at
//                   `fd`, mapped shared, so that what the worker reads and
//                   writes in it is what the harness sees in its memfd, with
//                   no copy between. The mapping lives as long as the
//                   ArrayBuffer: V8 calls unmap() when it collects it.
//   release(buffer) detaches an ArrayBuffer, which frees its memory now
//                   rather than at some later collection.
//
// Built by scripts/setup with the Node-API headers that package-lock.json
// pins (node-api-headers); the worker does without it (lib/addon.js).
#define NAPI_VERSION 8

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include <node_api.h>

static void unmap(napi_env env, void* data, void* hint) {
  (void)env;
  munmap(data, (size_t)(uintptr_t)hint);
}

// Throws a TypeError or Error with `message`; returns NULL, for the caller
// to return.
static napi_value fail(napi_env env, int type_error, const char* message) {
  if (type_error) {
    napi_throw_type_error(env, NULL, message);
  } else {
    napi_throw_error(env, NULL, message);
  }
  return NULL;
}

static napi_value map(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok ||
      argc != 2) {
    return fail(env, 1, "map(fd, bytes): two arguments");
  }
  int32_t fd;
  int64_t bytes;
  if (napi_get_value_int32(env, argv[0], &fd) != napi_ok || fd < 0) {
    return fail(env, 1, "map: fd is not a file descriptor");
  }
  // A zero-length mapping does not exist (mmap says EINVAL); so the caller
  // asks for one byte at least.
  if (napi_get_value_int64(env, argv[1], &bytes) != napi_ok || bytes <= 0 ||
      (uint64_t)bytes > SIZE_MAX) {
    return fail(env, 1, "map: bytes is not a positive size");
  }
  void* data = mmap(NULL, (size_t)bytes, PROT_READ | PROT_WRITE, MAP_SHARED,
                    fd, 0);
  if (data == MAP_FAILED) return fail(env, 0, strerror(errno));
  napi_value buffer;
  if (napi_create_external_arraybuffer(env, data, (size_t)bytes, unmap,
                                       (void*)(uintptr_t)bytes,
                                       &buffer) != napi_ok) {
    munmap(data, (size_t)bytes);
    return fail(env, 0, "map: Node.js refused an external ArrayBuffer");
  }
  return buffer;
}

// onnxruntime-node 1.30 copies each output into a new ArrayBuffer even when
// it wrote the output into a preallocated tensor. Dropped, such a copy
// lingers until V8 collects it, by when malloc has given its pages back to
// the kernel and the next copies fault fresh ones in: ORT's Sign on 4194304
// floats ran at half its rate so. Freed at once, the next copy reuses the
// same memory.
static napi_value release(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value buffer;
  bool is_buffer = false;
  if (napi_get_cb_info(env, info, &argc, &buffer, NULL, NULL) != napi_ok ||
      argc != 1 || napi_is_arraybuffer(env, buffer, &is_buffer) != napi_ok ||
      !is_buffer) {
    return fail(env, 1, "release(buffer): one ArrayBuffer");
  }
  if (napi_detach_arraybuffer(env, buffer) != napi_ok) {
    return fail(env, 0, "release: the ArrayBuffer cannot be detached");
  }
  return NULL;
}

static int export(napi_env env, napi_value exports, const char* name,
                  napi_callback cb) {
  napi_value fn;
  return napi_create_function(env, name, NAPI_AUTO_LENGTH, cb, NULL, &fn) ==
             napi_ok &&
         napi_set_named_property(env, exports, name, fn) == napi_ok;
}

NAPI_MODULE_INIT() {
  if (!export(env, exports, "map", map) ||
      !export(env, exports, "release", release)) {
    return NULL;
  }
  return exports;
}
