// Micro-benchmarks of the reading hot path: number tokens, splitting character data, and the
// element tree, on text taken from a generated COLLADA document (tools/gen_collada.h).
#include <benchmark/benchmark.h>
#include <expat.h>

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/source.h"
#include "formats/collada/read/xml/number_scan.h"
#include "formats/collada/read/xml/numbers.h"
#include "formats/collada/read/xml/xml_document.h"
#include "tools/gen_collada.h"

namespace {

// A generated document and the tokens of its bulk arrays, made once.
struct Corpus {
  std::string document;
  std::string float_text;           // every float_array's text, joined by spaces
  std::string int_text;             // every <p> and <vcount>'s text, joined by spaces
  std::string float_tokens_buffer;  // float tokens, each followed by '\0' (for strtod)
  std::string int_tokens_buffer;
  std::vector<std::string_view> float_tokens;
  std::vector<std::string_view> int_tokens;
};

void collect(const std::string& doc, std::string_view open, std::string_view close,
             std::string& out) {
  size_t at = 0;
  while ((at = doc.find(open, at)) != std::string::npos) {
    size_t start = doc.find('>', at) + 1;
    size_t end = doc.find(close, start);
    if (!out.empty()) out += ' ';
    out.append(doc, start, end - start);
    at = end;
  }
}

void tokenize(const std::string& text, std::string& buffer, std::vector<std::string_view>& out) {
  buffer.reserve(text.size() + 1);
  std::vector<std::pair<size_t, size_t>> spans;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && px::is_xml_space(text[i])) ++i;
    size_t start = i;
    while (i < text.size() && !px::is_xml_space(text[i])) ++i;
    if (i > start) {
      spans.emplace_back(buffer.size(), i - start);
      buffer.append(text, start, i - start);
      buffer.push_back('\0');
    }
  }
  for (auto [offset, size] : spans) out.emplace_back(buffer.data() + offset, size);
}

const Corpus& corpus() {
  static const Corpus* c = [] {
    auto* c = new Corpus;
    px::gen::Options options;
    options.target_bytes = 4'000'000;
    options.seed = 7;
    c->document = px::gen::generate_collada_string(options);
    collect(c->document, "<float_array", "</float_array>", c->float_text);
    collect(c->document, "<p>", "</p>", c->int_text);
    collect(c->document, "<vcount>", "</vcount>", c->int_text);
    tokenize(c->float_text, c->float_tokens_buffer, c->float_tokens);
    tokenize(c->int_text, c->int_tokens_buffer, c->int_tokens);
    return c;
  }();
  return *c;
}

void set_counters(benchmark::State& state, const std::vector<std::string_view>& tokens) {
  int64_t bytes = 0;
  for (std::string_view t : tokens) bytes += static_cast<int64_t>(t.size()) + 1;
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(tokens.size()));
  state.SetBytesProcessed(state.iterations() * bytes);
}

// ---- number tokens ----------------------------------------------------------------------------

void BM_parse_float(benchmark::State& state) {
  const auto& tokens = corpus().float_tokens;
  for (auto _ : state) {
    float sum = 0;
    for (std::string_view t : tokens) {
      float v;
      px::parse_float(t, &v);
      sum += v;
    }
    benchmark::DoNotOptimize(sum);
  }
  set_counters(state, tokens);
}
BENCHMARK(BM_parse_float);

void BM_parse_double(benchmark::State& state) {
  const auto& tokens = corpus().float_tokens;
  for (auto _ : state) {
    double sum = 0;
    for (std::string_view t : tokens) {
      double v;
      px::parse_double(t, &v);
      sum += v;
    }
    benchmark::DoNotOptimize(sum);
  }
  set_counters(state, tokens);
}
BENCHMARK(BM_parse_double);

void BM_from_chars_float(benchmark::State& state) {
  const auto& tokens = corpus().float_tokens;
  for (auto _ : state) {
    float sum = 0;
    for (std::string_view t : tokens) {
      float v = 0;
      std::from_chars(t.data(), t.data() + t.size(), v);
      sum += v;
    }
    benchmark::DoNotOptimize(sum);
  }
  set_counters(state, tokens);
}
BENCHMARK(BM_from_chars_float);

void BM_strtod(benchmark::State& state) {
  const auto& tokens = corpus().float_tokens;
  for (auto _ : state) {
    double sum = 0;
    for (std::string_view t : tokens) sum += std::strtod(t.data(), nullptr);
    benchmark::DoNotOptimize(sum);
  }
  set_counters(state, tokens);
}
BENCHMARK(BM_strtod);

void BM_strtof(benchmark::State& state) {
  const auto& tokens = corpus().float_tokens;
  for (auto _ : state) {
    float sum = 0;
    for (std::string_view t : tokens) sum += std::strtof(t.data(), nullptr);
    benchmark::DoNotOptimize(sum);
  }
  set_counters(state, tokens);
}
BENCHMARK(BM_strtof);

void BM_parse_int32(benchmark::State& state) {
  const auto& tokens = corpus().int_tokens;
  for (auto _ : state) {
    int64_t sum = 0;
    for (std::string_view t : tokens) {
      int32_t v;
      px::parse_int32(t, &v);
      sum += v;
    }
    benchmark::DoNotOptimize(sum);
  }
  set_counters(state, tokens);
}
BENCHMARK(BM_parse_int32);

void BM_strtol(benchmark::State& state) {
  const auto& tokens = corpus().int_tokens;
  for (auto _ : state) {
    int64_t sum = 0;
    for (std::string_view t : tokens) sum += std::strtol(t.data(), nullptr, 10);
    benchmark::DoNotOptimize(sum);
  }
  set_counters(state, tokens);
}
BENCHMARK(BM_strtol);

// ---- splitting character data -----------------------------------------------------------------

// 1 MB of float_array text cut into pieces of random size in [1, 2 * mean], as expat hands
// character data over (state.range(0) is the mean).
struct Pieces {
  std::string text;
  std::vector<std::string_view> pieces;
};

Pieces make_pieces(size_t mean) {
  Pieces p;
  const std::string& source = corpus().float_text;
  p.text = source.substr(0, std::min<size_t>(source.size(), 1'000'000));
  std::mt19937_64 rng(42);
  std::uniform_int_distribution<size_t> size(1, 2 * mean);
  for (size_t at = 0; at < p.text.size();) {
    size_t n = std::min(size(rng), p.text.size() - at);
    p.pieces.emplace_back(p.text.data() + at, n);
    at += n;
  }
  return p;
}

void BM_TokenSplitter(benchmark::State& state) {
  Pieces p = make_pieces(static_cast<size_t>(state.range(0)));
  for (auto _ : state) {
    px::TokenSplitter splitter;
    size_t total = 0;
    auto on_token = [&](std::string_view t) {
      total += t.size();
      return true;
    };
    for (std::string_view piece : p.pieces) splitter.feed(piece, on_token);
    splitter.finish(on_token);
    benchmark::DoNotOptimize(total);
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(p.text.size()));
}
BENCHMARK(BM_TokenSplitter)->Arg(16)->Arg(1024)->Arg(64 * 1024);

// Splitting and parsing into a float array together: the reader's inner loop.
void BM_TokenSplitter_parse_float(benchmark::State& state) {
  Pieces p = make_pieces(static_cast<size_t>(state.range(0)));
  std::vector<float> out;
  for (auto _ : state) {
    out.clear();
    px::TokenSplitter splitter;
    auto on_token = [&](std::string_view t) {
      float v;
      if (!px::parse_float(t, &v)) return false;
      out.push_back(v);
      return true;
    };
    for (std::string_view piece : p.pieces) splitter.feed(piece, on_token);
    splitter.finish(on_token);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(p.text.size()));
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(out.size()));
}
BENCHMARK(BM_TokenSplitter_parse_float)->Arg(16)->Arg(64 * 1024);

// ---- the element tree -------------------------------------------------------------------------

px::xml::TextMode keep_policy(const px::xml::Element& e) {
  if (e.name == "float_array") return px::xml::TextMode::kFloat32;
  if (e.name == "p" || e.name == "vcount") return px::xml::TextMode::kInt32;
  return px::xml::TextMode::kString;
}

// The reader's inner loop: a whole run of tokens decoded in one pass (engine/number_scan), the
// common spellings read inline; against the token-at-a-time parse_float / parse_int32 above.
template <class T>
void scan_text(benchmark::State& state, const std::string& text,
               const std::vector<std::string_view>& tokens) {
  // Padded as the reader's batches are, so that tokens are read eight bytes at a time.
  std::string padded = text + std::string(64, ' ');
  std::string_view body = std::string_view(padded).substr(0, text.size());
  for (auto _ : state) {
    px::NumberBuffer<T> out;
    out.reserve(tokens.size());
    size_t newlines = 0;
    px::BadToken bad;
    if (!px::scan_numbers(body, padded.data() + padded.size(), out, &newlines, &bad)) {
      state.SkipWithError("not a number");
    }
    benchmark::DoNotOptimize(out.values().data());
  }
  set_counters(state, tokens);
}

void BM_scan_floats(benchmark::State& state) {
  scan_text<float>(state, corpus().float_text, corpus().float_tokens);
}
BENCHMARK(BM_scan_floats);

void BM_scan_int32s(benchmark::State& state) {
  scan_text<int32_t>(state, corpus().int_text, corpus().int_tokens);
}
BENCHMARK(BM_scan_int32s);

void BM_expat_bare(benchmark::State& state) {
  const std::string& doc = corpus().document;
  for (auto _ : state) {
    XML_Parser parser = XML_ParserCreate(nullptr);
    constexpr size_t kBlock = 256 * 1024;
    for (size_t at = 0;; at += kBlock) {
      size_t n = at < doc.size() ? std::min(kBlock, doc.size() - at) : 0;
      void* buffer = XML_GetBuffer(parser, static_cast<int>(kBlock));
      std::memcpy(buffer, doc.data() + at, n);
      if (XML_ParseBuffer(parser, static_cast<int>(n), n == 0) != XML_STATUS_OK) {
        state.SkipWithError("expat refused the generated document");
        break;
      }
      if (n == 0) break;
    }
    XML_ParserFree(parser);
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(doc.size()));
}
BENCHMARK(BM_expat_bare)->Unit(benchmark::kMillisecond);

void BM_xml_parse(benchmark::State& state) {
  const std::string& doc = corpus().document;
  px::xml::ParseOptions options;
  options.policy = keep_policy;
  for (auto _ : state) {
    auto source = px::memory_source(doc);
    auto parsed = px::xml::parse(*source, options);
    if (!parsed.ok()) {
      state.SkipWithError("px::xml::parse refused the generated document");
      break;
    }
    benchmark::DoNotOptimize(parsed->get());
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(doc.size()));
}
BENCHMARK(BM_xml_parse)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
