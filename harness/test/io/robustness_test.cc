// Fuzz-ish loops: every truncation, many byte flips and random buffers fed
// to the tensor and model parsers must end in a value or an InputError;
// nothing else, and (under ASan/UBSan) no memory error.
#include <gtest/gtest.h>

#include <map>

#include "io/model_io.h"
#include "io/tensor_io.h"
#include "io_test_util.h"

namespace onnxcts {
namespace {

namespace fs = std::filesystem;
using testing::ReadBytes;

struct Tally {
  size_t ok = 0;
  size_t input_errors = 0;
};

// Parses `bytes` as a tensor or a model; fails the test on anything but
// success or an InputError.
void Feed(const std::string& bytes, bool model, const fs::path& root,
          Tally& tally) {
  try {
    if (model) {
      ParseModel(bytes, (root / "model.onnx").string(), root);
    } else {
      ParseTensor(bytes, (root / "input_0.pb").string(), root);
    }
    ++tally.ok;
  } catch (const InputError&) {
    ++tally.input_errors;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not an InputError: " << e.what();
  }
}

// Every prefix, and every byte XORed with a few masks and set to a few
// values.
Tally Mutate(const std::string& seed, bool model, const fs::path& root) {
  Tally tally;
  for (size_t n = 0; n <= seed.size(); ++n) {
    Feed(seed.substr(0, n), model, root, tally);
  }
  for (size_t i = 0; i < seed.size(); ++i) {
    for (int mask : {0x01, 0x02, 0x08, 0x40, 0x80, 0xFF}) {
      std::string s = seed;
      s[i] = static_cast<char>(s[i] ^ mask);
      Feed(s, model, root, tally);
    }
    for (int value : {0x00, 0x7F, 0x0A, 0x12}) {
      std::string s = seed;
      s[i] = static_cast<char>(value);
      Feed(s, model, root, tally);
    }
  }
  return tally;
}

std::vector<std::pair<std::string, bool>> Seeds() {
  const fs::path isinf = testing::kOnnxData / "node/test_isinf";
  std::vector<std::pair<std::string, bool>> seeds = {
      {ReadBytes(isinf / "test_data_set_0/input_0.pb"), false},
      {ReadBytes(isinf / "test_data_set_0/output_0.pb"), false},
      {ReadBytes(isinf / "model.onnx"), true},
      {ReadBytes(testing::kOnnxData / "node/test_sign/model.onnx"), true},
  };
  Tensor typed{"t", DType::kFloat8E5M2, {2, 2}, {0x7C, 0xFC, 0x01, 0x80}};
  seeds.push_back(
      {ToTensorProto(typed, Payload::kTypedFields).SerializeAsString(), false});
  Tensor wide{"w", DType::kUint64, {1, 2}, std::vector<uint8_t>(16, 0xAB)};
  seeds.push_back(
      {ToTensorProto(wide, Payload::kTypedFields).SerializeAsString(), false});
  // External data that points at a real file beside it.
  onnx::TensorProto ext;
  ext.set_data_type(1);
  ext.add_dims(2);
  ext.set_data_location(onnx::TensorProto::EXTERNAL);
  for (auto [k, v] :
       {std::pair{"location", "w.bin"}, {"offset", "0"}, {"length", "8"}}) {
    auto* e = ext.add_external_data();
    e->set_key(k);
    e->set_value(v);
  }
  seeds.push_back({ext.SerializeAsString(), false});
  return seeds;
}

TEST(Robustness, TruncationsAndByteFlipsNeverCrash) {
  testing::TempDir root;
  testing::WriteBytes(root / "w.bin", std::string(8, '\x01'));
  Tally total;
  for (const auto& [bytes, model] : Seeds()) {
    const Tally t = Mutate(bytes, model, root.path());
    EXPECT_GT(t.ok, 0u);            // the seed itself reads
    EXPECT_GT(t.input_errors, 0u);  // and most truncations do not
    total.ok += t.ok;
    total.input_errors += t.input_errors;
  }
  std::cout << "[ mutations ] " << total.ok << " read, " << total.input_errors
            << " input errors\n";
}

TEST(Robustness, RandomBuffersNeverCrash) {
  testing::TempDir root;
  Tally tally;
  uint64_t state = 20261129;
  for (int round = 0; round < 4000; ++round) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    std::string bytes((state >> 33) % 96, '\0');
    for (char& c : bytes) {
      state = state * 6364136223846793005u + 1442695040888963407u;
      c = static_cast<char>(state >> 56);
    }
    Feed(bytes, round % 2 == 0, root.path(), tally);
  }
  EXPECT_EQ(tally.ok + tally.input_errors, 4000u);
}

TEST(Robustness, MalformedCorpusFilesParsedAsAnythingNeverCrash) {
  const fs::path corpus = testing::kSourceDir / "corpora/malformed";
  Tally tally;
  for (const auto& e : fs::recursive_directory_iterator(corpus)) {
    if (!e.is_regular_file()) continue;
    const std::string bytes = ReadBytes(e.path());
    Feed(bytes, false, e.path().parent_path(), tally);
    Feed(bytes, true, e.path().parent_path(), tally);
  }
  EXPECT_GT(tally.input_errors, 20u);
}

}  // namespace
}  // namespace onnxcts
