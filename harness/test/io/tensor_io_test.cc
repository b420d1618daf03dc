#include "io/tensor_io.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <sys/stat.h>

#include <bit>
#include <cstring>
#include <fstream>
#include <iterator>

#include "io/unsupported_input.h"
#include "io_test_util.h"

namespace onnxcts {
namespace {

using testing::ExpectInputError;
using testing::TempDir;
using testing::WriteBytes;

// A tensor of `t` whose elements run through the edges of the storage
// (zero, all ones, the sign bit) and then a pseudo-random walk.
Tensor Sample(const DTypeInfo& t, std::vector<int64_t> dims, uint64_t seed) {
  Tensor tensor{"x", t.code, dims, {}};
  size_t n = 1;
  for (int64_t d : dims) n *= static_cast<size_t>(d);
  tensor.bytes.resize(StorageBytes(t, n));
  uint64_t state = seed * 0x9E3779B97F4A7C15u + 1;
  for (size_t i = 0; i < n; ++i) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    uint64_t bits = i == 0   ? 0
                    : i == 1 ? t.all_bits()
                    : i == 2 ? uint64_t{1} << (t.bits - 1)
                             : state >> 7;
    if (t.kind == Kind::kBool) bits &= 1;
    StoreBits(t, tensor.bytes.data(), i, bits & t.all_bits());
  }
  return tensor;
}

Tensor ThroughProto(const Tensor& tensor, Payload payload) {
  const std::string bytes = ToTensorProto(tensor, payload).SerializeAsString();
  return ParseTensor(bytes, "mem.pb", "/nonexistent");
}

void ExpectSame(const Tensor& a, const Tensor& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.dtype, b.dtype);
  EXPECT_EQ(a.dims, b.dims);
  EXPECT_EQ(a.bytes, b.bytes);
}

TEST(TensorIo, EveryDtypeRoundTripsThroughRawDataAndTypedFields) {
  for (const DTypeInfo& t : kDTypes) {
    SCOPED_TRACE(std::string(t.name));
    const Tensor tensor = Sample(t, {3, 5}, static_cast<uint64_t>(t.code));
    ExpectSame(ThroughProto(tensor, Payload::kRawData), tensor);
    ExpectSame(ThroughProto(tensor, Payload::kTypedFields), tensor);
  }
}

RC_GTEST_PROP(TensorIo, RandomTensorsRoundTrip, ()) {
  const DTypeInfo& t = kDTypes[*rc::gen::inRange<size_t>(0, kDTypes.size())];
  const auto dims = *rc::gen::container<std::vector<int64_t>>(
      *rc::gen::inRange(0, 5), rc::gen::inRange<int64_t>(0, 4));
  const Tensor tensor = Sample(t, dims, *rc::gen::arbitrary<uint64_t>());
  const auto payload =
      *rc::gen::element(Payload::kRawData, Payload::kTypedFields);
  const Tensor back = ThroughProto(tensor, payload);
  RC_ASSERT(back.bytes == tensor.bytes);
  RC_ASSERT(back.dims == tensor.dims);
  RC_ASSERT(back.dtype == tensor.dtype);
}

// The typed field of each dtype, as the comments of onnx.proto assign them.
TEST(TensorIo, TypedFieldsFollowOnnxProto) {
  const std::map<std::string_view, std::string_view> expected = {
      {"float", "float_data"},          {"uint8", "int32_data"},
      {"int8", "int32_data"},           {"uint16", "int32_data"},
      {"int16", "int32_data"},          {"int32", "int32_data"},
      {"int64", "int64_data"},          {"bool", "int32_data"},
      {"float16", "int32_data"},        {"double", "double_data"},
      {"uint32", "uint64_data"},        {"uint64", "uint64_data"},
      {"bfloat16", "int32_data"},       {"float8e4m3fn", "int32_data"},
      {"float8e4m3fnuz", "int32_data"}, {"float8e5m2", "int32_data"},
      {"float8e5m2fnuz", "int32_data"}, {"uint4", "int32_data"},
      {"int4", "int32_data"},           {"float4e2m1", "int32_data"},
      {"float8e8m0", "int32_data"},     {"uint2", "int32_data"},
      {"int2", "int32_data"}};
  ASSERT_EQ(expected.size(), kDTypes.size());
  for (const DTypeInfo& t : kDTypes) {
    EXPECT_EQ(TypedFieldName(t), expected.at(t.name)) << t.name;
  }
}

onnx::TensorProto Proto(int32_t dtype, std::vector<int64_t> dims) {
  onnx::TensorProto p;
  p.set_name("t");
  p.set_data_type(dtype);
  for (int64_t d : dims) p.add_dims(d);
  return p;
}

std::vector<uint8_t> Decoded(const onnx::TensorProto& p) {
  return DecodeTensor(p, "t.pb", "", "/nonexistent").bytes;
}

TEST(TensorIo, TypedFieldValuesBecomeLittleEndianBits) {
  auto p = Proto(10, {2});  // float16: bit patterns in int32_data
  p.add_int32_data(0x3C00);
  p.add_int32_data(0xFC00);
  EXPECT_EQ(Decoded(p), (std::vector<uint8_t>{0x00, 0x3C, 0x00, 0xFC}));

  p = Proto(3, {3});  // int8: values, sign and all
  for (int v : {-1, 127, -128}) p.add_int32_data(v);
  EXPECT_EQ(Decoded(p), (std::vector<uint8_t>{0xFF, 0x7F, 0x80}));

  p = Proto(12, {1});  // uint32 lives in uint64_data
  p.add_uint64_data(0xFFFFFFFEu);
  EXPECT_EQ(Decoded(p), (std::vector<uint8_t>{0xFE, 0xFF, 0xFF, 0xFF}));

  p = Proto(7, {1});
  p.add_int64_data(-2);
  EXPECT_EQ(Decoded(p), std::vector<uint8_t>(
                            {0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));

  p = Proto(11, {1});
  p.add_double_data(1.0);
  EXPECT_EQ(Decoded(p), std::vector<uint8_t>({0, 0, 0, 0, 0, 0, 0xF0, 0x3F}));

  p = Proto(1, {1});  // a NaN payload must survive float_data
  p.add_float_data(std::bit_cast<float>(0x7FA00001u));
  EXPECT_EQ(Decoded(p), (std::vector<uint8_t>{0x01, 0x00, 0xA0, 0x7F}));

  p = Proto(19, {2});  // float8e5m2, a code Debian's protos do not name
  p.add_int32_data(0x7C);
  p.add_int32_data(0xFF);
  EXPECT_EQ(Decoded(p), (std::vector<uint8_t>{0x7C, 0xFF}));

  p = Proto(9, {2});
  p.add_int32_data(1);
  p.add_int32_data(0);
  EXPECT_EQ(Decoded(p), (std::vector<uint8_t>{1, 0}));
}

TEST(TensorIo, EncodingWritesRawDataDimsTypeAndName) {
  Tensor t{"probe", DType::kFloat8E4M3FNUZ, {2, 1}, {0x80, 0x01}};
  onnx::TensorProto p;
  ASSERT_TRUE(p.ParseFromString(EncodeTensor(t)));
  EXPECT_EQ(p.name(), "probe");
  EXPECT_EQ(p.data_type(), 18);
  EXPECT_EQ(std::vector<int64_t>(p.dims().begin(), p.dims().end()),
            (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(p.raw_data(), std::string("\x80\x01", 2));
  EXPECT_EQ(p.int32_data_size(), 0);
  EXPECT_THROW(EncodeTensor(Tensor{"bad", DType::kFloat, {3}, {0, 0, 0, 0}}),
               std::invalid_argument);
  EXPECT_THROW(EncodeTensor(Tensor{"bad", DType::kFloat, {-1}, {}}),
               std::invalid_argument);
}

// A sweep's scratch files hold what WriteTensorFile() would, byte for byte:
// one and two-byte lengths, no elements, the widest type.
TEST(TensorIo, ScratchFileHoldsTheEncodedTensor) {
  TempDir dir;
  const std::vector<Tensor> tensors = {
      Sample(Info(DType::kFloat16), {3, 2}, 1),
      Sample(Info(DType::kFloat), {200}, 2),
      Sample(Info(DType::kBool), {0, 5}, 3),
      Sample(Info(DType::kUint64), {70000}, 4)};
  for (const Tensor& t : tensors) {
    const std::filesystem::path file = dir.path() / "x.pb";
    WriteScratchTensorFile(file, t);
    std::ifstream in(file, std::ios::binary);
    const std::string written{std::istreambuf_iterator<char>(in), {}};
    EXPECT_EQ(written, EncodeTensor(t)) << Name(t.dtype);
  }
  EXPECT_THROW(WriteScratchTensorFile(dir.path() / "no" / "x.pb", tensors[0]),
               std::runtime_error);
}

TEST(TensorIo, EmptyTensorNeedsNoPayload) {
  auto p = Proto(1, {0, 4});
  EXPECT_TRUE(Decoded(p).empty());
  p.set_raw_data("");
  EXPECT_TRUE(Decoded(p).empty());
}

void ExpectDecodeError(const onnx::TensorProto& p, const std::string& field,
                       const Limits& limits = {}) {
  ExpectInputError([&] { DecodeTensor(p, "t.pb", "", "/nonexistent", limits); },
                   field);
}

TEST(TensorIo, BadTypeAndDimsNameTheirField) {
  onnx::TensorProto p;
  p.add_dims(1);
  ExpectDecodeError(p, "data_type");  // missing
  p = Proto(99, {1});
  ExpectDecodeError(p, "data_type");
  p = Proto(1, {2, 3, -1});
  ExpectDecodeError(p, "dims[2]");
  p = Proto(1, {int64_t{1} << 62, 4});
  const std::string why =
      ExpectInputError([&] { DecodeTensor(p, "t.pb", "", "", {}); }, "dims");
  EXPECT_NE(why.find("overflow"), std::string::npos) << why;
  p = Proto(1, std::vector<int64_t>(17, 1));
  ExpectDecodeError(p, "dims");
  p = Proto(1, {100, 100});
  ExpectDecodeError(p, "dims", Limits{.max_elements = 9999});
  ExpectDecodeError(p, "dims", Limits{.max_bytes = 39999});
}

TEST(TensorIo, OnnxTypesOutsideTheTableAreUnsupportedNotMalformed) {
  for (int32_t code : {8, 14, 15}) {
    auto p = Proto(code, {1});
    testing::ExpectInputError<UnsupportedInput>(
        [&] { DecodeTensor(p, "t.pb", "", ""); }, "data_type");
  }
  auto p = Proto(1, {1});
  p.add_float_data(1);
  p.mutable_segment()->set_begin(0);
  testing::ExpectInputError<UnsupportedInput>(
      [&] { DecodeTensor(p, "t.pb", "", ""); }, "segment");
}

// Every pattern of each new dtype, at every slot of a packed byte (counts
// of all patterns plus 0 to 3, so odd ones and every padding), through
// raw_data and int32_data, and through a file.
TEST(TensorIo, EveryPatternOfTheNewDtypesRoundTrips) {
  const TempDir dir;
  for (DType d : {DType::kUint4, DType::kInt4, DType::kFloat4E2M1,
                  DType::kFloat8E8M0, DType::kUint2, DType::kInt2}) {
    const DTypeInfo& t = Info(d);
    for (uint64_t extra = 0; extra < 4; ++extra) {
      SCOPED_TRACE(std::string(t.name) + " +" + std::to_string(extra));
      const uint64_t n = t.all_bits() + 1 + extra;
      Tensor tensor{"x", d, {static_cast<int64_t>(n)}, {}};
      tensor.bytes.resize(StorageBytes(t, n));
      for (uint64_t i = 0; i < n; ++i) {
        StoreBits(t, tensor.bytes.data(), i, i & t.all_bits());
      }
      ExpectSame(ThroughProto(tensor, Payload::kRawData), tensor);
      ExpectSame(ThroughProto(tensor, Payload::kTypedFields), tensor);
      WriteTensorFile(dir / "x.pb", tensor);
      ExpectSame(ReadTensorFile(dir / "x.pb", dir.path()), tensor);
    }
  }
}

// What onnx 1.22's helper.make_tensor writes: int32_data holds one packed
// byte per value ([1, -2, 3] as int4 is 0xE1, 0x03; [1, 2, 3, 0, 1] as
// uint2 is 0x39, 0x01), and from_array's raw_data holds the same bytes.
TEST(TensorIo, PackedTypesReadAsOnnxWritesThem) {
  auto p = Proto(22, {3});
  p.add_int32_data(225);
  p.add_int32_data(3);
  EXPECT_EQ(Decoded(p), (std::vector<uint8_t>{0xE1, 0x03}));
  p = Proto(25, {5});
  p.add_int32_data(57);
  p.add_int32_data(1);
  EXPECT_EQ(Decoded(p), (std::vector<uint8_t>{0x39, 0x01}));
  p = Proto(22, {3});
  p.set_raw_data(std::string("\xE1\x03", 2));
  EXPECT_EQ(Decoded(p), (std::vector<uint8_t>{0xE1, 0x03}));
  p = Proto(24, {2});  // float8e8m0: one element per int32, 0 to 255
  p.add_int32_data(127);
  p.add_int32_data(255);
  EXPECT_EQ(Decoded(p), (std::vector<uint8_t>{0x7F, 0xFF}));
  // Padding bits carry no element: a writer's stray ones are dropped.
  p = Proto(23, {1});
  p.set_raw_data(std::string("\xF7", 1));
  EXPECT_EQ(Decoded(p), (std::vector<uint8_t>{0x07}));
}

TEST(TensorIo, PackedPayloadOfTheWrongSizeNamesFileAndField) {
  auto p = Proto(22, {5});  // five int4 take three bytes
  p.set_raw_data(std::string(2, '\0'));
  std::string why = ExpectInputError(
      [&] { DecodeTensor(p, "x.pb", "", "/nonexistent"); }, "raw_data");
  EXPECT_NE(why.find("x.pb"), std::string::npos) << why;
  EXPECT_NE(why.find("need 3"), std::string::npos) << why;
  p.set_raw_data(std::string(5, '\0'));  // one byte per element: unpacked
  ExpectDecodeError(p, "raw_data");
  p = Proto(26, {5});  // five int2 take two bytes
  for (int v : {0, 0, 0}) p.add_int32_data(v);
  why = ExpectInputError([&] { DecodeTensor(p, "x.pb", "", ""); }, "int32_data");
  EXPECT_NE(why.find("pack into 2"), std::string::npos) << why;
  p = Proto(21, {2});
  p.add_int32_data(256);
  ExpectDecodeError(p, "int32_data[0]");
  p = Proto(21, {2});
  p.add_int32_data(-1);
  ExpectDecodeError(p, "int32_data[0]");
  p = Proto(24, {1});
  p.add_int32_data(256);  // float8e8m0 is one byte per element
  ExpectDecodeError(p, "int32_data[0]");
}

TEST(TensorIo, PayloadMustMatchDimsAndDtype) {
  auto p = Proto(1, {4});
  ExpectDecodeError(p, "raw_data");  // none at all
  p.set_raw_data(std::string(12, '\0'));
  ExpectDecodeError(p, "raw_data");
  p.set_raw_data(std::string(20, '\0'));
  ExpectDecodeError(p, "raw_data");
  p.set_raw_data(std::string(16, '\0'));
  p.add_float_data(1);
  ExpectDecodeError(p, "float_data");  // two payloads

  p = Proto(1, {1});
  p.add_int64_data(1);
  ExpectDecodeError(p, "int64_data");  // not float's field
  p = Proto(1, {1});
  p.add_string_data("x");
  ExpectDecodeError(p, "string_data");
  p = Proto(3, {2});
  p.add_int32_data(1);
  ExpectDecodeError(p, "int32_data");  // one value for two elements
}

TEST(TensorIo, TypedValuesMustFitTheDtype) {
  const struct {
    int32_t dtype;
    int64_t value;
    const char* field;
  } cases[] = {
      {3, 128, "int32_data[1]"},
      {3, -129, "int32_data[1]"},
      {2, -1, "int32_data[1]"},
      {2, 256, "int32_data[1]"},
      {5, 32768, "int32_data[1]"},
      {4, 65536, "int32_data[1]"},
      {10, 0x10000, "int32_data[1]"},
      {10, -1, "int32_data[1]"},
      {16, 0x10000, "int32_data[1]"},
      {17, 256, "int32_data[1]"},
      {20, -1, "int32_data[1]"},
      {9, 2, "int32_data[1]"},
      {12, int64_t{1} << 32, "uint64_data[1]"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.field + std::string(" of ") + std::to_string(c.dtype));
    auto p = Proto(c.dtype, {2});
    if (c.dtype == 12) {
      p.add_uint64_data(0);
      p.add_uint64_data(static_cast<uint64_t>(c.value));
    } else {
      p.add_int32_data(0);
      p.add_int32_data(static_cast<int32_t>(c.value));
    }
    ExpectDecodeError(p, c.field);
  }
}

TEST(TensorIo, RawBoolsMustBeZeroOrOne) {
  auto p = Proto(9, {3});
  p.set_raw_data(std::string("\x01\x00\x02", 3));
  const std::string why =
      ExpectInputError([&] { DecodeTensor(p, "t.pb", "", ""); }, "raw_data");
  EXPECT_NE(why.find("element 2"), std::string::npos) << why;
}

TEST(TensorIo, DataLocationMustBeKnownAndAgreeWithExternalData) {
  auto p = Proto(1, {1});
  p.set_raw_data(std::string(4, '\0'));
  p.mutable_unknown_fields()->AddVarint(
      onnx::TensorProto::kDataLocationFieldNumber, 7);
  ExpectDecodeError(p, "data_location");
  p = Proto(1, {1});
  auto* entry = p.add_external_data();
  entry->set_key("location");
  entry->set_value("w.bin");
  ExpectDecodeError(p, "data_location");
}

TEST(TensorIo, ErrorsCarryTheFieldPrefixAndTheFile) {
  auto p = Proto(1, {-3});
  try {
    DecodeTensor(p, "/s/model.onnx", "graph.initializer[3].", "/s");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "/s/model.onnx");
    EXPECT_EQ(e.field(), "graph.initializer[3].dims[0]");
    EXPECT_EQ(std::string(e.what()).rfind("/s/model.onnx: ", 0), 0u);
  }
}

TEST(TensorIo, TruncatedAndOversizedBytesAreInputErrors) {
  const std::string good = EncodeTensor(Sample(Info(DType::kFloat), {8}, 1));
  ExpectInputError(
      [&] { ParseTensor(good.substr(0, good.size() - 5), "t.pb", ""); }, "");
  ExpectInputError([&] { ParseTensor("\xff\xff\xff", "t.pb", ""); }, "");
  ExpectInputError(
      [&] { ParseTensor(good, "t.pb", "", Limits{.max_file_bytes = 10}); }, "");
}

// External data: a .pb and its data file in a suite folder.
class ExternalData : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::create_directories(suite_ / "case/test_data_set_0");
    WriteBytes(suite_ / "case/test_data_set_0/w.bin",
               std::string("JUNK") + std::string("\x01\x02\x03\x04", 4) +
                   std::string("\x05\x06\x07\x08", 4));
    WriteBytes(outside_ / "secret.bin", std::string(8, 'S'));
  }

  onnx::TensorProto Ref(std::vector<std::pair<std::string, std::string>> kv,
                        int32_t dtype = 1, std::vector<int64_t> dims = {2}) {
    auto p = Proto(dtype, dims);
    p.set_data_location(onnx::TensorProto::EXTERNAL);
    for (const auto& [k, v] : kv) {
      auto* e = p.add_external_data();
      e->set_key(k);
      e->set_value(v);
    }
    return p;
  }
  Tensor Decode(const onnx::TensorProto& p) {
    return DecodeTensor(p, pb_.string(), "", suite_.path());
  }
  void ExpectError(const onnx::TensorProto& p, const std::string& field) {
    ExpectInputError([&] { Decode(p); }, field);
  }

  TempDir suite_;
  TempDir outside_;
  std::filesystem::path pb_ = suite_ / "case/test_data_set_0/input_0.pb";
};

TEST_F(ExternalData, ReadsTheNamedRange) {
  const Tensor t =
      Decode(Ref({{"location", "w.bin"}, {"offset", "4"}, {"length", "8"}}));
  EXPECT_EQ(t.bytes, (std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8}));
  // Without length: the rest of the file.
  const Tensor rest =
      Decode(Ref({{"location", "w.bin"}, {"offset", "8"}}, 1, {1}));
  EXPECT_EQ(rest.bytes, (std::vector<uint8_t>{5, 6, 7, 8}));
  // A sibling folder inside the suite is fine.
  WriteBytes(suite_ / "shared/d.bin", std::string(4, '\0'));
  EXPECT_EQ(
      Decode(Ref({{"location", "../../shared/d.bin"}}, 1, {1})).bytes.size(),
      4u);
}

TEST_F(ExternalData, LocationsThatLeaveTheSuiteAreRefused) {
  const std::string up =
      (std::filesystem::path("../../..") /
       outside_.path().lexically_relative(suite_.path().parent_path()) /
       "secret.bin")
          .string();
  ExpectError(Ref({{"location", up}}), "external_data.location");
  ExpectError(Ref({{"location", "../../../../../../../../../../etc/passwd"}}),
              "external_data.location");
  ExpectError(Ref({{"location", (outside_ / "secret.bin").string()}}),
              "external_data.location");
  ExpectError(Ref({{"location", "/etc/passwd"}}), "external_data.location");
  std::filesystem::create_symlink(outside_ / "secret.bin",
                                  suite_ / "case/test_data_set_0/link.bin");
  ExpectError(Ref({{"location", "link.bin"}}), "external_data.location");
  // Found by fuzz/external_data_fuzzer: a missing folder before ".." hid the
  // link from the check.
  ExpectError(Ref({{"location", "nothing/../link.bin"}}),
              "external_data.location");
  std::filesystem::create_directory_symlink(
      outside_.path(), suite_ / "case/test_data_set_0/dir");
  ExpectError(Ref({{"location", "dir/secret.bin"}}), "external_data.location");
  ExpectError(Ref({{"location", std::string("w.bin\0x", 7)}}),
              "external_data.location");
}

TEST_F(ExternalData, SymlinksThatStayInsideAreFollowed) {
  std::filesystem::create_symlink("w.bin",
                                  suite_ / "case/test_data_set_0/alias.bin");
  EXPECT_EQ(Decode(Ref({{"location", "alias.bin"}, {"length", "8"}})).bytes,
            (std::vector<uint8_t>{'J', 'U', 'N', 'K', 1, 2, 3, 4}));
}

TEST_F(ExternalData, RangesAndKeysAreChecked) {
  ExpectError(Ref({{"location", "w.bin"}, {"offset", "13"}}),
              "external_data.offset");
  ExpectError(Ref({{"location", "w.bin"}, {"offset", "8"}, {"length", "8"}}),
              "external_data.length");
  ExpectError(Ref({{"location", "w.bin"}, {"length", "4"}}),
              "external_data.length");  // 2 floats need 8
  ExpectError(Ref({{"location", "w.bin"}, {"offset", "-4"}}),
              "external_data.offset");
  ExpectError(Ref({{"location", "w.bin"}, {"offset", "99999999999999999999"}}),
              "external_data.offset");
  ExpectError(Ref({{"location", "w.bin"}, {"offset", "1"}, {"offset", "2"}}),
              "external_data.offset");
  ExpectError(Ref({{"location", "w.bin"}, {"colour", "red"}}),
              "external_data[1].key");
  ExpectError(Ref({{"offset", "0"}}), "external_data.location");
  ExpectError(Ref({{"location", "nothere.bin"}}), "external_data.location");
  ExpectError(Ref({{"location", "."}}), "external_data.location");
  ExpectError(Ref({{"location", ""}}), "external_data.location");
  auto both = Ref({{"location", "w.bin"}});
  both.set_raw_data(std::string(8, '\0'));
  ExpectError(both, "external_data");
  ExpectError(Ref({{"location", "w.bin"}, {"length", "4"}}, 9, {4}),
              "external_data.location");  // bools 'J','U','N','K'
}

TEST(TensorFile, ReadsInsideTheRootAndRefusesWhatLeavesIt) {
  TempDir suite;
  TempDir outside;
  const Tensor t = Sample(Info(DType::kBfloat16), {4}, 3);
  std::filesystem::create_directories(suite / "a");
  WriteTensorFile(suite / "a/input_0.pb", t);
  ExpectSame(ReadTensorFile(suite / "a/input_0.pb", suite.path()), t);
  ExpectSame(ReadTensorFile(suite / "a/input_0.pb", ""), t);

  WriteTensorFile(outside / "x.pb", t);
  std::filesystem::create_symlink(outside / "x.pb", suite / "a/input_1.pb");
  ExpectInputError(
      [&] { ReadTensorFile(suite / "a/input_1.pb", suite.path()); }, "");
  ExpectInputError(
      [&] { ReadTensorFile(suite / "a/missing.pb", suite.path()); }, "");
  ASSERT_EQ(::mkfifo((suite / "a/fifo.pb").c_str(), 0600), 0);
  ExpectInputError([&] { ReadTensorFile(suite / "a/fifo.pb", suite.path()); },
                   "");
  ExpectInputError([&] { ReadTensorFile(suite / "a", suite.path()); }, "");
}

TEST(TensorFile, WritesAtomicallyAndOverwrites) {
  TempDir dir;
  const Tensor a = Sample(Info(DType::kInt16), {3}, 1);
  const Tensor b = Sample(Info(DType::kUint64), {2, 2}, 2);
  WriteTensorFile(dir / "t.pb", a);
  WriteTensorFile(dir / "t.pb", b);
  ExpectSame(ReadTensorFile(dir / "t.pb", dir.path()), b);
  size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) {
    (void)e;
    ++files;
  }
  EXPECT_EQ(files, 1u);  // no temporary left behind
  EXPECT_THROW(WriteTensorFile(dir / "no/such/folder/t.pb", a),
               std::runtime_error);
}

}  // namespace
}  // namespace onnxcts
