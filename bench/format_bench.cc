// Google Benchmark: the COLLADA writer's number formatting (formats/collada/write/number_text.h)
// against std::to_chars, which it matches byte for byte, and the XML writer's long lists on one
// and two threads. items/s is numbers per second; bytes/s is text per second.
#include <benchmark/benchmark.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "formats/collada/write/number_text.h"
#include "formats/collada/write/xml_writer.h"

namespace {

constexpr size_t kCount = 1 << 20;

// Exporter data: coordinates printed %.7g (some %.6g) and read back as float32, as in
// gen_collada's documents and the GLBs made from them.
const std::vector<float>& exporter_floats() {
  static const std::vector<float> values = [] {
    std::mt19937 random(1);
    std::uniform_real_distribution<double> coordinate(-50.0, 50.0);
    std::vector<float> out(kCount);
    char text[32];
    for (size_t i = 0; i < kCount; ++i) {
      std::snprintf(text, sizeof text, i % 4 == 0 ? "%.6g" : "%.7g", coordinate(random));
      out[i] = std::strtof(text, nullptr);
    }
    return out;
  }();
  return values;
}

// Exporter data as a mesh with split vertices writes it: a vertex's floats again for each corner
// split from it (here every run of 96 values, 32 vertices, three times), which the writer finds
// in its table of the texts it wrote last.
const std::vector<float>& repeating_floats() {
  static const std::vector<float> values = [] {
    const std::vector<float>& unique = exporter_floats();
    std::vector<float> out;
    out.reserve(kCount);
    for (size_t run = 0; out.size() < kCount; run += 96) {
      for (int copy = 0; copy < 3 && out.size() < kCount; ++copy) {
        for (size_t i = run; i < run + 96 && out.size() < kCount; ++i) out.push_back(unique[i]);
      }
    }
    return out;
  }();
  return values;
}

// Uniformly random finite bit patterns: the hardest case, long digits and extreme exponents.
template <class T>
const std::vector<T>& random_bits() {
  static const std::vector<T> values = [] {
    std::mt19937_64 random(2);
    std::vector<T> out;
    out.reserve(kCount);
    while (out.size() < kCount) {
      using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
      T v = std::bit_cast<T>(static_cast<Bits>(random()));
      if (std::isfinite(v)) out.push_back(v);
    }
    return out;
  }();
  return values;
}

// Vertex indices of a large mesh.
const std::vector<uint32_t>& indices() {
  static const std::vector<uint32_t> values = [] {
    std::mt19937 random(3);
    std::vector<uint32_t> out(kCount);
    for (uint32_t& v : out) v = random() % 500000;
    return out;
  }();
  return values;
}

template <class T>
void format_all(benchmark::State& state, const std::vector<T>& values, bool ours) {
  std::vector<char> text(values.size() * (px::collada::kMaxNumberChars + 1));
  size_t bytes = 0;
  for (auto _ : state) {
    char* p = text.data();
    if (ours) {
      p = px::collada::write_numbers(p, std::span<const T>(values), false);
    } else {
      for (T v : values) {
        p = std::to_chars(p, p + 64, v).ptr;
        *p++ = ' ';
      }
    }
    bytes = static_cast<size_t>(p - text.data());
    benchmark::DoNotOptimize(text.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * values.size()));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
}

void BM_to_chars_exporter_float(benchmark::State& s) { format_all(s, exporter_floats(), false); }
void BM_write_number_exporter_float(benchmark::State& s) { format_all(s, exporter_floats(), true); }
void BM_to_chars_repeating_float(benchmark::State& s) { format_all(s, repeating_floats(), false); }
void BM_write_number_repeating_float(benchmark::State& s) {
  format_all(s, repeating_floats(), true);
}
void BM_to_chars_random_float(benchmark::State& s) { format_all(s, random_bits<float>(), false); }
void BM_write_number_random_float(benchmark::State& s) {
  format_all(s, random_bits<float>(), true);
}
void BM_to_chars_random_double(benchmark::State& s) { format_all(s, random_bits<double>(), false); }
void BM_write_number_random_double(benchmark::State& s) {
  format_all(s, random_bits<double>(), true);
}
void BM_to_chars_index(benchmark::State& s) { format_all(s, indices(), false); }
void BM_write_number_index(benchmark::State& s) { format_all(s, indices(), true); }
BENCHMARK(BM_to_chars_exporter_float);
BENCHMARK(BM_write_number_exporter_float);
BENCHMARK(BM_to_chars_repeating_float);
BENCHMARK(BM_write_number_repeating_float);
BENCHMARK(BM_to_chars_random_float);
BENCHMARK(BM_write_number_random_float);
BENCHMARK(BM_to_chars_random_double);
BENCHMARK(BM_write_number_random_double);
BENCHMARK(BM_to_chars_index);
BENCHMARK(BM_write_number_index);

// XmlWriter::numbers and integers on a sink that only counts: the writer's own throughput, on
// state.range(0) threads.
void BM_xml_lists(benchmark::State& state) {
  size_t bytes = 0;
  for (auto _ : state) {
    px::collada::XmlWriter xml(
        [&](std::string_view text) {
          bytes += text.size();
          return absl::OkStatus();
        },
        1 << 16, static_cast<int>(state.range(0)));
    xml.open("float_array");
    xml.numbers(exporter_floats());
    xml.close();
    xml.open("p");
    xml.integers(indices());
    xml.close();
    benchmark::DoNotOptimize(xml.finish());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * 2 * kCount));
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_xml_lists)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
