#include "tools/cli/validate_asset.h"

#include <cstdio>
#include <ctime>
#include <memory>

#include "engine/errors.h"
#include "formats/gltf/write/gltf_writer.h"
#include "polyxios/polyxios.h"
#include "polyxios/scene/animation.h"

namespace px::cli {
namespace {

struct CloseFile {
  void operator()(std::FILE* file) const { std::fclose(file); }
};

// Now in UTC as the validator writes its validatedAt: "2026-12-07T16:30:00.000Z".
std::string utc_now() {
  std::timespec now{};
  std::timespec_get(&now, TIME_UTC);
  std::tm utc{};
  gmtime_r(&now.tv_sec, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  char millis[8];
  std::snprintf(millis, sizeof millis, ".%03dZ", static_cast<int>(now.tv_nsec / 1000000));
  return std::string(text) + millis;
}

absl::Status write_in_memory(const Scene& scene, const Asset& asset, const WriteOptions& options,
                             Diagnostics& diagnostics) {
  if (!options.collada) {
    std::string bin_name = with_extension(asset.path.filename().string(), ".bin");
    return gltf::write_nowhere(scene, options.binary.value_or(true), bin_name, diagnostics, options);
  }
  std::unique_ptr<std::FILE, CloseFile> sink(std::fopen("/dev/null", "wb"));
  if (sink == nullptr) return io_error("cannot open /dev/null to write the COLLADA document to");
  return write_scene(scene, sink.get(), options, diagnostics);
}

}  // namespace

AssetReport validate_asset(const Asset& asset, const ReadOptions& read_options,
                           const WriteOptions& write_options, const AxisUnitTarget& axis_unit,
                           const CodePolicy& policy, const Diagnostics::Listener& listener) {
  AssetReport report;
  report.uri = asset.relative;
  report.validated_at = utc_now();
  Diagnostics diagnostics;
  if (listener) diagnostics.set_listener(listener);
  absl::StatusOr<Scene> scene = read_scene(asset.path, read_options, diagnostics, &report.format);
  absl::Status status = scene.status();
  if (scene.ok()) {
    report.info = validator_info(*scene);
    status = apply_axis_unit(*scene, axis_unit, diagnostics);
  }
  if (status.ok()) {
    status = write_in_memory(*scene, asset, write_options, diagnostics);
  }
  report.messages = policy.apply(diagnostics);
  if (!status.ok()) {
    report.failure = failure_of(status);
    report.messages.push_back(refusal_message(status));
  }
  return report;
}

}  // namespace px::cli
