// The parser's fast path for number text (formats/collada/read/xml/number_runs.h): its pieces on
// their own, and the whole parse with runs taken past expat against the same parse with expat
// scanning every byte, on documents made to fool the start-tag scanner (comments, CDATA, quoted
// '>', entities, CR line ends, bad tokens, cuts) and handed over in pieces of every size.
#include "formats/collada/read/xml/number_runs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "formats/collada/read/xml/xml_document.h"
#include "tests/support/dribble_source.h"

namespace px::xml {
namespace {

TEST(NumberRuns, ARunHoldsTheCharactersOfNumberListsOnly) {
  const std::string allowed = "0123456789+-.eE \t\r\n";
  for (size_t at = 0; at < 40; ++at) {
    for (int c = 1; c < 256; ++c) {
      std::string text(at, '7');
      text += static_cast<char>(c);
      text += "123";
      const bool in = allowed.find(static_cast<char>(c)) != std::string::npos;
      const NumberRun run = measure_number_run(text.data(), text.size());
      ASSERT_EQ(run.length, in ? text.size() : at) << "character " << c << " at " << at;
      ASSERT_EQ(run.line_feeds, in && c == '\n' ? 1u : 0u) << "character " << c << " at " << at;
      ASSERT_EQ(run.carriage_return, in && c == '\r') << "character " << c << " at " << at;
    }
  }
  EXPECT_EQ(measure_number_run("", 0).length, 0u);
  // Line feeds are counted in the run only, sixteen at a time and one at a time alike.
  const std::string lines = std::string(37, '\n') + "1\r" + std::string(20, '\n') + "<\n\n";
  const NumberRun run = measure_number_run(lines.data(), lines.size());
  EXPECT_EQ(run.length, lines.find('<'));
  EXPECT_EQ(run.line_feeds, 57u);
  EXPECT_TRUE(run.carriage_return);
  // Past 255 rounds of sixteen bytes a byte lane's count would wrap: runs of every line feed and
  // of one in three, long enough for several rounds, and cut at every length near a round's end.
  for (size_t length : {size_t{4080}, size_t{4095}, size_t{4096}, size_t{4097}, size_t{100000}}) {
    const std::string feeds(length, '\n');
    EXPECT_EQ(measure_number_run(feeds.data(), feeds.size()).line_feeds, length);
    std::string sparse;
    for (size_t i = 0; i < length; ++i) sparse += i % 3 == 0 ? '\n' : '5';
    const NumberRun r = measure_number_run(sparse.data(), sparse.size());
    EXPECT_EQ(r.length, length);
    EXPECT_EQ(r.line_feeds, (length + 2) / 3);
  }
}

TEST(NumberRuns, LineEndsAreMadeExpatsAcrossRuns) {
  bool cr = false;
  std::string scratch;
  EXPECT_EQ(expat_line_ends("1\n2\n", &cr, &scratch), "1\n2\n");
  EXPECT_FALSE(cr);
  EXPECT_EQ(expat_line_ends("1\r\n2\r\n3", &cr, &scratch), "1\n2\n3");
  EXPECT_EQ(expat_line_ends("1\r2\r", &cr, &scratch), "1\n2\n");
  EXPECT_TRUE(cr);
  // A CR ending one run and an LF opening the next are one line end.
  EXPECT_EQ(expat_line_ends("\n1", &cr, &scratch), "1");
  EXPECT_FALSE(cr);
  cr = true;
  EXPECT_EQ(expat_line_ends("\n1\r", &cr, &scratch), "1\n");
  EXPECT_EQ(expat_line_ends("", &cr, &scratch), "");
  EXPECT_TRUE(cr);
}

std::vector<size_t> tag_ends(const std::string& text, size_t block) {
  StartTagScanner scanner;
  std::vector<size_t> ends;
  for (size_t base = 0; base < text.size(); base += block) {
    const size_t size = std::min(block, text.size() - base);
    for (size_t at = 0;
         (at = scanner.next(text.data() + base, at, size)) != StartTagScanner::kNone;) {
      ends.push_back(base + at);
    }
  }
  return ends;
}

TEST(NumberRuns, TheScannerFindsStartTagEndsWhateverTheBlocks) {
  const std::string text =
      "<?xml version=\"1.0\"?><r a=\"x>y\" b='q\"'><e/><f>1</f><!-- c --><g\nc=\"/\">2</g></r>";
  const std::vector<size_t> want = {text.find("'>") + 2, text.find("<f>") + 3, text.find(">2") + 1};
  for (size_t block = 1; block <= text.size(); ++block) {
    EXPECT_EQ(tag_ends(text, block), want) << "blocks of " << block;
  }
}

using ::px::test_support::DribbleSource;

TextMode numbers_in_arrays(const Element& e) {
  if (e.name == "f") return TextMode::kFloat32;
  if (e.name == "d") return TextMode::kFloat64;
  if (e.name == "i") return TextMode::kInt32;
  if (e.name == "skip") return TextMode::kIgnore;
  return TextMode::kString;
}

// A tree or a refusal, spelled out whole (lines, attributes, text and values), for comparison.
std::string outcome(const std::string& text, size_t run_bytes, size_t step, int threads,
                    uint64_t* taken = nullptr) {
  DribbleSource source(text, step);
  ParseOptions options;
  options.policy = numbers_in_arrays;
  options.threads = threads;
  options.number_run_bytes = run_bytes;
  Document doc;
  absl::Status status = parse_into(doc, source, options);
  if (taken != nullptr) *taken += doc.number_run_bytes_taken();
  if (!status.ok()) return "refused: " + std::string(status.message());
  std::string out;
  std::vector<const Element*> stack = {doc.root()};
  while (!stack.empty()) {
    const Element* e = stack.back();
    stack.pop_back();
    out += std::string(e->name) + "@" + std::to_string(e->line);
    for (const Attribute& a : e->attributes)
      out += " " + std::string(a.name) + "=" + std::string(a.value);
    out += " [" + std::string(e->text) + "]";
    for (float v : e->floats) out += " " + std::to_string(v);
    for (double v : e->doubles) out += " " + std::to_string(v);
    for (int32_t v : e->ints) out += " " + std::to_string(v);
    out += "\n";
    std::vector<const Element*> children;
    for (const Element& c : e->children()) children.push_back(&c);
    stack.insert(stack.end(), children.rbegin(), children.rend());
  }
  return out;
}

// Random documents from pieces that look like number text but are not all of it.
std::string tricky_document(std::mt19937& rng) {
  static const char* const kInside[] = {
      "1 2 3 ",           "-4.5e-3 ",          "\n",           "\r\n", "\r", "NaN ", "&#49; ",
      "<!-- > 9 9 < -->", "<![CDATA[ 7 8 ]]>", "<?pi 5 > 6?>", "1,5 ", "x ", "+6 ",  "\t.5 "};
  static const char* const kOpen[] = {"<f>",        "<d count=\"3\">", "<i>",    "<f a=\"x>1 2\">",
                                      "<d\nb='>'>", "<i count='2' >",  "<skip>", "<s>"};
  std::string text = rng() % 2 ? "<?xml version=\"1.0\"?>\r\n" : "";
  text += "<r>\n";
  const int elements = 1 + static_cast<int>(rng() % 6);
  for (int e = 0; e < elements; ++e) {
    const std::string open = kOpen[rng() % std::size(kOpen)];
    std::string name = open.substr(1, open.find_first_of(" \n>") - 1);
    text += open;
    const int pieces = static_cast<int>(rng() % 12);
    for (int p = 0; p < pieces; ++p) {
      // Mostly plain numbers, so that runs are long; now and then something else.
      if (rng() % 4 != 0) {
        for (int k = static_cast<int>(rng() % 40); k > 0; --k) {
          text += std::to_string(static_cast<int>(rng() % 2000) - 1000);
          text += rng() % 5 == 0 ? "\n" : " ";
        }
      } else {
        text += kInside[rng() % std::size(kInside)];
      }
    }
    text += "</" + name + ">" + (rng() % 3 == 0 ? "<!-- <f>1 2</f> -->" : "") + "\n";
  }
  text += "</r>\n";
  if (rng() % 5 == 0) text.resize(rng() % text.size());  // cut anywhere
  return text;
}

TEST(NumberRuns, TakingRunsPastExpatChangesNoTreeNoLineAndNoRefusal) {
  std::mt19937 rng(20261202);
  uint64_t taken = 0;  // by the fast path, over every document
  for (int round = 0; round < 400; ++round) {
    const std::string text = tricky_document(rng);
    const std::string reference = outcome(text, 0, 1 << 18, 1);
    for (size_t run_bytes : {size_t{1}, size_t{16}}) {
      for (size_t step : {size_t{1}, size_t{3}, size_t{64}, size_t{1} << 18}) {
        for (int threads : {1, 2}) {
          ASSERT_EQ(outcome(text, run_bytes, step, threads, &taken), reference)
              << "runs of " << run_bytes << ", pieces of " << step << ", " << threads
              << " threads, document:\n"
              << text;
        }
      }
    }
  }
  // The comparison above is of the fast path, not of expat twice.
  EXPECT_GT(taken, 100000u);
}

}  // namespace
}  // namespace px::xml
