// io_error with the system's errno: the message reads as before, and the errno and the path ride
// along for a caller that tells a missing file from a folder or a denied one (the Python module's
// OSError subclasses).
#include "engine/errors.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace px {
namespace {

TEST(IoError, CarriesTheErrnoAndThePath) {
  const absl::Status status = io_error("cannot open", "a/b.dae", ENOENT);
  EXPECT_EQ(failure_of(status), Failure::kIo);
  EXPECT_EQ(status.message(), "cannot open a/b.dae: " + std::string(std::strerror(ENOENT)));
  const std::optional<IoCause> cause = io_cause(status);
  ASSERT_TRUE(cause.has_value());
  EXPECT_EQ(cause->error, ENOENT);
  EXPECT_EQ(cause->path, "a/b.dae");
  const absl::Status copied = status;  // a status passed along keeps it
  EXPECT_EQ(io_cause(copied)->error, ENOENT);
}

TEST(IoError, AReasonMayReplaceTheSystemsText) {
  const absl::Status status = io_error("cannot read", "folder", EISDIR, "it is a directory");
  EXPECT_EQ(status.message(), "cannot read folder: it is a directory");
  EXPECT_EQ(io_cause(status)->error, EISDIR);
}

TEST(IoError, OtherStatusesCarryNoCause) {
  EXPECT_FALSE(io_cause(io_error("cannot write the GLB to its stream")).has_value());
  EXPECT_FALSE(io_cause(refuse("collada.p.length", "detail")).has_value());
  EXPECT_FALSE(io_cause(absl::OkStatus()).has_value());
}

}  // namespace
}  // namespace px
