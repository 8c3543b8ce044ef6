// The files a convert writes and the temporaries of them it removes first (output_temporaries.h).
#include "tools/cli/output_temporaries.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "polyxios/conversion_options.h"

namespace px::cli {
namespace {
namespace fs = std::filesystem;

WriteOptions format(const char* name) {
  ConversionOptions options;
  ConversionOptionSetter setter(options, OptionSpelling::kFlag);
  EXPECT_EQ(setter.set(*conversion_option_by_flag("--format"), OptionValue::text(name)), "");
  return options.write;
}

TEST(WrittenFiles, AGltfTakesItsBinTheOthersOneFile) {
  using Paths = std::vector<fs::path>;
  EXPECT_EQ(written_files("out/a.glb", {}), Paths{"out/a.glb"});
  EXPECT_EQ(written_files("out/a.dae", {}), Paths{"out/a.dae"});
  EXPECT_EQ(written_files("out/a.gltf", {}), (Paths{"out/a.gltf", "out/a.bin"}));
  EXPECT_EQ(written_files("out/A.GLTF", {}), (Paths{"out/A.GLTF", "out/A.bin"}));
  // --format over the extension, as write_scene chooses.
  EXPECT_EQ(written_files("a.model", format("gltf")), (Paths{"a.model", "a.bin"}));
  EXPECT_EQ(written_files("a.gltf", format("glb")), Paths{"a.gltf"});
  EXPECT_EQ(written_files("a.gltf", format("dae")), Paths{"a.gltf"});
}

TEST(RemoveOutputTemporaries, TakesTheTemporariesOfEveryFileWrittenAndNothingElse) {
  fs::path dir = fs::temp_directory_path() / ("px_output_temporaries_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const char* name : {".a.gltf.polyxios-tmp-0", ".a.bin.polyxios-tmp-0",
                           ".a.bin.polyxios-tmp-1", ".a.glb.polyxios-tmp-0", "a.bin"}) {
    std::ofstream(dir / name) << "x";
  }
  remove_output_temporaries(dir / "a.gltf", {});
  std::vector<std::string> left;
  for (const auto& entry : fs::directory_iterator(dir)) {
    left.push_back(entry.path().filename().string());
  }
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{".a.glb.polyxios-tmp-0", "a.bin"}));
  remove_output_temporaries(dir / "a.glb", {});
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace px::cli
