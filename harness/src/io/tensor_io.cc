#include "io/tensor_io.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <vector>

#include "core/input_error.h"
#include "io/external_data.h"
#include "io/files.h"
#include "io/onnx_types.h"
#include "io/unsupported_input.h"

namespace onnxcts {
namespace fs = std::filesystem;

// raw_data is little-endian; the tensor keeps it byte for byte.
static_assert(std::endian::native == std::endian::little,
              "onnxcts reads raw_data as host-order bytes");

namespace {

// One tensor being decoded: where errors point.
struct Where {
  const std::string& file;
  const std::string& prefix;

  [[noreturn]] void Fail(std::string_view field,
                         const std::string& message) const {
    throw InputError(file, prefix + std::string(field), message);
  }
};

enum class Field { kFloat, kInt32, kInt64, kDouble, kUint64 };

// onnx.proto's rule for which typed field holds which dtype.
Field TypedField(const DTypeInfo& t) {
  if (t.is_float() && t.bits == 32) return Field::kFloat;
  if (t.is_float() && t.bits == 64) return Field::kDouble;
  if (t.kind == Kind::kSigned && t.bits == 64) return Field::kInt64;
  if (t.kind == Kind::kUnsigned && t.bits >= 32) return Field::kUint64;
  return Field::kInt32;  // 8- and 16-bit types, int32, bool, float8/16,
                         // and the packed types, one int32 per packed byte
}

std::string DimsText(const onnx::TensorProto& proto) {
  std::string text = "[";
  for (int i = 0; i < proto.dims_size(); ++i) {
    text += (i ? ", " : "") + std::to_string(proto.dims(i));
  }
  return text + "]";
}

// The element count that the dims promise, checked against the limits.
uint64_t CheckDims(const onnx::TensorProto& proto, const DTypeInfo& t,
                   const Where& where, const Limits& limits) {
  if (static_cast<size_t>(proto.dims_size()) > limits.max_rank) {
    where.Fail("dims", "rank " + std::to_string(proto.dims_size()) +
                           " is above the limit of " +
                           std::to_string(limits.max_rank));
  }
  int64_t product = 1;
  for (int i = 0; i < proto.dims_size(); ++i) {
    const int64_t dim = proto.dims(i);
    if (dim < 0) {
      where.Fail("dims[" + std::to_string(i) + "]",
                 "negative dimension " + std::to_string(dim));
    }
    if (__builtin_mul_overflow(product, dim, &product)) {
      where.Fail("dims",
                 "the product of " + DimsText(proto) + " overflows int64");
    }
  }
  const uint64_t elements = static_cast<uint64_t>(product);
  if (elements > limits.max_elements ||
      StorageBytes(t, elements) > limits.max_bytes) {
    where.Fail("dims", DimsText(proto) + " holds " + std::to_string(elements) +
                           " elements, above the limits");
  }
  return elements;
}

// The fields that carry elements, in the order onnx.proto lists them.
std::vector<std::string_view> PayloadSources(const onnx::TensorProto& p) {
  std::vector<std::string_view> sources;
  if (p.has_raw_data()) sources.push_back("raw_data");
  if (p.float_data_size()) sources.push_back("float_data");
  if (p.int32_data_size()) sources.push_back("int32_data");
  if (p.string_data_size()) sources.push_back("string_data");
  if (p.int64_data_size()) sources.push_back("int64_data");
  if (p.double_data_size()) sources.push_back("double_data");
  if (p.uint64_data_size()) sources.push_back("uint64_data");
  if (p.data_location() == onnx::TensorProto::EXTERNAL ||
      p.external_data_size()) {
    sources.push_back("external_data");
  }
  return sources;
}

void CheckLocation(const onnx::TensorProto& proto, const Where& where) {
  // proto2 parks an enum value it does not know among the unknown fields,
  // which would otherwise read as DEFAULT.
  const auto& unknown = proto.unknown_fields();
  for (int i = 0; i < unknown.field_count(); ++i) {
    if (unknown.field(i).number() ==
        onnx::TensorProto::kDataLocationFieldNumber) {
      where.Fail("data_location", "unknown value");
    }
  }
  if (proto.external_data_size() &&
      proto.data_location() != onnx::TensorProto::EXTERNAL) {
    where.Fail("data_location",
               "external_data is set but data_location is not EXTERNAL");
  }
}

void CheckBools(const std::vector<uint8_t>& bytes, const Where& where,
                std::string_view field) {
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (bytes[i] > 1) {
      where.Fail(field, "bool element " + std::to_string(i) + " is " +
                            std::to_string(bytes[i]) + ", not 0 or 1");
    }
  }
}

std::vector<uint8_t> FromBytes(const std::string& data, uint64_t expected,
                               const Where& where, std::string_view field) {
  if (data.size() != expected) {
    where.Fail(field, "holds " + std::to_string(data.size()) +
                          " bytes; dims and data_type need " +
                          std::to_string(expected));
  }
  return std::vector<uint8_t>(data.begin(), data.end());
}

// Whether a typed-field value is a valid element of `t`.
bool Fits(const DTypeInfo& t, int64_t value) {
  switch (t.kind) {
    case Kind::kBool:
      return value == 0 || value == 1;
    case Kind::kSigned: {
      const int64_t half = int64_t{1} << (t.bits - 1);
      return t.bits == 64 || (value >= -half && value < half);
    }
    default:  // unsigned integers and float bit patterns
      return value >= 0 && static_cast<uint64_t>(value) <= t.all_bits();
  }
}

// The bits of a packed tensor's last byte that hold no element. onnx.proto
// asks for zeros there; a writer's stray bits are dropped, so that tensors of
// equal elements are equal byte for byte.
void ClearPadding(const DTypeInfo& t, uint64_t elements,
                  std::vector<uint8_t>& bytes) {
  const uint64_t used = elements * static_cast<uint64_t>(t.bits) % 8;
  if (t.packed() && used != 0) bytes.back() &= (1u << used) - 1;
}

// Packed types in int32_data: one value per packed byte (onnx.proto; onnx's
// helper.make_tensor writes them so), each 0 to 255.
std::vector<uint8_t> FromPackedInt32(
    const google::protobuf::RepeatedField<int32_t>& values, const DTypeInfo& t,
    uint64_t elements, const Where& where) {
  const uint64_t want = StorageBytes(t, elements);
  if (static_cast<uint64_t>(values.size()) != want) {
    where.Fail("int32_data",
               "holds " + std::to_string(values.size()) + " values; " +
                   std::to_string(elements) + " elements of " +
                   std::string(t.name) + " pack into " + std::to_string(want));
  }
  std::vector<uint8_t> bytes(want);
  for (uint64_t i = 0; i < want; ++i) {
    const int32_t v = values[static_cast<int>(i)];
    if (v < 0 || v > 0xFF) {
      where.Fail("int32_data[" + std::to_string(i) + "]",
                 "value " + std::to_string(v) + " is not a packed byte of " +
                     std::string(t.name));
    }
    bytes[i] = static_cast<uint8_t>(v);
  }
  ClearPadding(t, elements, bytes);
  return bytes;
}

template <typename Values, typename ToBits>
std::vector<uint8_t> FromTyped(const Values& values, const DTypeInfo& t,
                               uint64_t elements, const Where& where,
                               std::string_view field, ToBits to_bits) {
  if (static_cast<uint64_t>(values.size()) != elements) {
    where.Fail(field, "holds " + std::to_string(values.size()) +
                          " values; dims say " + std::to_string(elements));
  }
  std::vector<uint8_t> bytes(StorageBytes(t, elements));
  for (uint64_t i = 0; i < elements; ++i) {
    const auto bits = to_bits(values[static_cast<int>(i)]);
    if (!bits) {
      where.Fail(std::string(field) + "[" + std::to_string(i) + "]",
                 "value does not fit " + std::string(t.name));
    }
    StoreBits(t, bytes.data(), i, *bits);
  }
  return bytes;
}

std::vector<uint8_t> FromTypedField(const onnx::TensorProto& p,
                                    const DTypeInfo& t, uint64_t n,
                                    const Where& w) {
  using Bits = std::optional<uint64_t>;
  const std::string_view name = TypedFieldName(t);
  switch (TypedField(t)) {
    case Field::kFloat:
      return FromTyped(p.float_data(), t, n, w, name, [](float v) -> Bits {
        return std::bit_cast<uint32_t>(v);
      });
    case Field::kDouble:
      return FromTyped(p.double_data(), t, n, w, name, [](double v) -> Bits {
        return std::bit_cast<uint64_t>(v);
      });
    case Field::kInt64:
      return FromTyped(p.int64_data(), t, n, w, name, [](int64_t v) -> Bits {
        return static_cast<uint64_t>(v);
      });
    case Field::kUint64:
      return FromTyped(p.uint64_data(), t, n, w, name,
                       [&t](uint64_t v) -> Bits {
                         if (v > t.all_bits()) return std::nullopt;
                         return v;
                       });
    case Field::kInt32:
      break;
  }
  if (t.packed()) return FromPackedInt32(p.int32_data(), t, n, w);
  return FromTyped(p.int32_data(), t, n, w, name, [&t](int32_t v) -> Bits {
    if (!Fits(t, v)) return std::nullopt;
    return static_cast<uint64_t>(static_cast<int64_t>(v)) & t.all_bits();
  });
}

std::vector<uint8_t> DecodePayload(const onnx::TensorProto& proto,
                                   const DTypeInfo& t, uint64_t elements,
                                   const Where& where,
                                   const fs::path& suite_root) {
  const std::vector<std::string_view> sources = PayloadSources(proto);
  if (sources.size() > 1) {
    where.Fail(sources[1], "set together with " + std::string(sources[0]) +
                               "; a tensor has one payload");
  }
  const uint64_t bytes = StorageBytes(t, elements);
  if (sources.empty()) {
    if (elements == 0) return {};
    where.Fail("raw_data", "missing: the tensor has no payload for its " +
                               std::to_string(elements) + " elements");
  }
  const std::string_view source = sources[0];
  if (source == "raw_data" || source == "external_data") {
    const bool raw = source == "raw_data";
    const std::string_view field = raw ? "raw_data" : "external_data.location";
    std::vector<uint8_t> data =
        raw ? FromBytes(proto.raw_data(), bytes, where, field)
            : FromBytes(ReadExternalData(proto, where.file, where.prefix,
                                         suite_root, bytes),
                        bytes, where, field);
    // Typed fields are range-checked per value; raw bytes are checked here.
    if (t.kind == Kind::kBool) CheckBools(data, where, field);
    ClearPadding(t, elements, data);
    return data;
  }
  if (source != TypedFieldName(t)) {
    where.Fail(source, "cannot hold " + std::string(t.name) +
                           " elements; onnx.proto keeps them in " +
                           std::string(TypedFieldName(t)));
  }
  return FromTypedField(proto, t, elements, where);
}

int64_t SignExtend(const DTypeInfo& t, uint64_t bits) {
  if (t.kind != Kind::kSigned || t.bits == 64)
    return static_cast<int64_t>(bits);
  const uint64_t sign = uint64_t{1} << (t.bits - 1);
  return static_cast<int64_t>((bits ^ sign)) - static_cast<int64_t>(sign);
}

void StoreTyped(const Tensor& tensor, const DTypeInfo& t,
                onnx::TensorProto& proto) {
  if (t.packed()) {  // one int32 per packed byte, as onnx's make_tensor
    for (uint8_t byte : tensor.bytes) proto.add_int32_data(byte);
    return;
  }
  const size_t n = tensor.count();
  for (size_t i = 0; i < n; ++i) {
    const uint64_t bits = LoadBits(t, tensor.bytes.data(), i);
    switch (TypedField(t)) {
      case Field::kFloat:
        proto.add_float_data(std::bit_cast<float>(static_cast<uint32_t>(bits)));
        break;
      case Field::kDouble:
        proto.add_double_data(std::bit_cast<double>(bits));
        break;
      case Field::kInt64:
        proto.add_int64_data(static_cast<int64_t>(bits));
        break;
      case Field::kUint64:
        proto.add_uint64_data(bits);
        break;
      case Field::kInt32:
        proto.add_int32_data(static_cast<int32_t>(SignExtend(t, bits)));
        break;
    }
  }
}

}  // namespace

std::string_view TypedFieldName(const DTypeInfo& t) {
  switch (TypedField(t)) {
    case Field::kFloat:
      return "float_data";
    case Field::kDouble:
      return "double_data";
    case Field::kInt64:
      return "int64_data";
    case Field::kUint64:
      return "uint64_data";
    case Field::kInt32:
      break;
  }
  return "int32_data";
}

Tensor DecodeTensor(const onnx::TensorProto& proto, const std::string& file,
                    const std::string& field_prefix, const fs::path& suite_root,
                    const Limits& limits) {
  const Where where{file, field_prefix};
  if (!proto.has_data_type()) where.Fail("data_type", "missing");
  const DTypeInfo& t =
      TableDType(proto.data_type(), file, field_prefix + "data_type");
  const uint64_t elements = CheckDims(proto, t, where, limits);
  if (proto.has_segment()) {
    throw UnsupportedInput(file, field_prefix + "segment",
                           "segmented tensors are not supported");
  }
  CheckLocation(proto, where);
  Tensor tensor;
  tensor.name = proto.name();
  tensor.dtype = t.code;
  tensor.dims.assign(proto.dims().begin(), proto.dims().end());
  tensor.bytes = DecodePayload(proto, t, elements, where, suite_root);
  return tensor;
}

Tensor ParseTensor(std::string_view bytes, const std::string& file,
                   const fs::path& suite_root, const Limits& limits) {
  const uint64_t max = std::min<uint64_t>(limits.max_file_bytes, INT_MAX);
  if (bytes.size() > max) {
    throw InputError(file, "",
                     std::to_string(bytes.size()) +
                         " bytes, above the limit of " + std::to_string(max));
  }
  onnx::TensorProto proto;
  if (!proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    throw InputError(file, "",
                     "not a TensorProto (truncated or corrupt protobuf)");
  }
  return DecodeTensor(proto, file, "", suite_root, limits);
}

Tensor ReadTensorFile(const fs::path& file, const fs::path& suite_root,
                      const Limits& limits) {
  const fs::path root = RootFor(file, suite_root);
  const fs::path real = ConfinedPath(file, root, file.string(), "");
  const std::string bytes =
      ReadFileBounded(real, std::min<uint64_t>(limits.max_file_bytes, INT_MAX));
  return ParseTensor(bytes, file.string(), root, limits);
}

onnx::TensorProto ToTensorProto(const Tensor& tensor, Payload payload) {
  const DTypeInfo& t = Info(tensor.dtype);
  uint64_t elements = 1;
  for (int64_t dim : tensor.dims) {
    if (dim < 0 || __builtin_mul_overflow(elements, static_cast<uint64_t>(dim),
                                          &elements)) {
      throw std::invalid_argument("tensor " + tensor.name + " has bad dims");
    }
  }
  if (StorageBytes(t, elements) != tensor.bytes.size()) {
    throw std::invalid_argument("tensor " + tensor.name + " holds " +
                                std::to_string(tensor.bytes.size()) +
                                " bytes, not the storage of its dims");
  }
  onnx::TensorProto proto;
  proto.set_name(tensor.name);
  proto.set_data_type(static_cast<int32_t>(t.code));
  for (int64_t dim : tensor.dims) proto.add_dims(dim);
  if (payload == Payload::kRawData) {
    proto.set_raw_data(tensor.bytes.data(), tensor.bytes.size());
  } else {
    StoreTyped(tensor, t, proto);
  }
  return proto;
}

std::string EncodeTensor(const Tensor& tensor) {
  return ToTensorProto(tensor).SerializeAsString();
}

void WriteTensorFile(const fs::path& file, const Tensor& tensor) {
  WriteFileAtomic(file, EncodeTensor(tensor));
}

void WriteScratchTensorFile(const fs::path& file, const Tensor& tensor) {
  // Every field but raw_data through protobuf; then raw_data's key and
  // length by hand, and the elements from the tensor itself. Field order
  // does not matter to a parser, and EncodeTensor() emits raw_data last too.
  onnx::TensorProto proto;
  proto.set_name(tensor.name);
  proto.set_data_type(static_cast<int32_t>(tensor.dtype));
  for (int64_t dim : tensor.dims) proto.add_dims(dim);
  std::string bytes = proto.SerializeAsString();
  constexpr char kRawDataKey = (9 << 3) | 2;  // field 9, length-delimited
  bytes += kRawDataKey;
  for (uint64_t n = tensor.bytes.size();; n >>= 7) {
    bytes += static_cast<char>(n < 0x80 ? n : (n & 0x7F) | 0x80);
    if (n < 0x80) break;
  }
  const auto* elements = reinterpret_cast<const char*>(tensor.bytes.data());
  WriteFileParts(file, {bytes, {elements, tensor.bytes.size()}});
}

}  // namespace onnxcts
