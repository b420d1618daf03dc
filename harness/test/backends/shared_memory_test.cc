// The shared memory as the other process holding it finds it: it cannot
// shrink it (which would make the harness die of SIGBUS reading it), grow
// it or seal it further, and a memfd it sealed first is replaced.
#include "backends/shared_memory.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace onnxcts {
namespace {

off_t SizeOf(int fd) {
  struct stat st {};
  fstat(fd, &st);
  return st.st_size;
}

TEST(SharedMemoryTest, OnceSizedItCannotShrinkGrowOrTakeSeals) {
  SharedMemory memory;
  EXPECT_FALSE(memory.Reserve(10000));
  ASSERT_GE(memory.size(), 10000u);
  const int fd = memory.fd();  // what the worker holds, as its fd 3
  EXPECT_EQ(ftruncate(fd, 0), -1);
  EXPECT_EQ(errno, EPERM);
  EXPECT_EQ(ftruncate(fd, 1 << 30), -1);
  EXPECT_EQ(errno, EPERM);
  EXPECT_EQ(pwrite(fd, "x", 1, static_cast<off_t>(memory.size())), -1);
  EXPECT_EQ(fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE), -1);
  EXPECT_EQ(SizeOf(fd), static_cast<off_t>(memory.size()));
  memory.data()[memory.size() - 1] = 7;  // still the harness's to write
}

TEST(SharedMemoryTest, GrowingAgainReplacesTheMemfd) {
  SharedMemory memory;
  EXPECT_FALSE(memory.Reserve(4096));
  EXPECT_FALSE(memory.Reserve(100));  // fits already
  EXPECT_TRUE(memory.Reserve(1 << 20));
  EXPECT_EQ(SizeOf(memory.fd()), 1 << 20);
  EXPECT_EQ(ftruncate(memory.fd(), 0), -1);
  memory.data()[(1 << 20) - 1] = 1;
}

TEST(SharedMemoryTest, AMemfdTheOtherSideSealedFirstIsReplaced) {
  SharedMemory memory;
  // Before the harness sizes it, a worker seals it against writes, which
  // would make the harness's writable mapping fail.
  ASSERT_EQ(fcntl(memory.fd(), F_ADD_SEALS, F_SEAL_WRITE), 0);
  EXPECT_TRUE(memory.Reserve(8192));
  memory.data()[0] = 1;
  EXPECT_EQ(ftruncate(memory.fd(), 0), -1);
}

TEST(SharedMemoryTest, AMemfdTheOtherSideGrewFirstIsKeptAtItsSize) {
  SharedMemory memory;
  ASSERT_EQ(ftruncate(memory.fd(), 1 << 20), 0);
  EXPECT_FALSE(memory.Reserve(4096));
  EXPECT_EQ(memory.size(), 4096u);
  EXPECT_EQ(SizeOf(memory.fd()), 1 << 20);
  EXPECT_EQ(ftruncate(memory.fd(), 0), -1);
}

}  // namespace
}  // namespace onnxcts
