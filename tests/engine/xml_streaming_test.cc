// The element tree's streaming side: numbers decoded inline or on a second thread give the same
// values and the same refusals, whatever the pieces expat hands over; close hooks, tasks run
// after the arrays they read, ids and released arrays.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "engine/number_sink.h"
#include "engine/xml_document.h"
#include "tests/support/dribble_source.h"

namespace px::xml {
namespace {

using ::px::test_support::DribbleSource;

TextMode numbers_in_arrays(const Element& e) {
  if (e.name == "f") return TextMode::kFloat32;
  if (e.name == "d") return TextMode::kFloat64;
  if (e.name == "i") return TextMode::kInt32;
  return TextMode::kString;
}

absl::Status parse_with(Document& doc, const std::string& text, int threads, size_t step,
                        CloseHook hook = {}) {
  DribbleSource source(text, step);
  ParseOptions options;
  options.policy = numbers_in_arrays;
  options.threads = threads;
  options.on_close = std::move(hook);
  return parse_into(doc, source, options);
}

// A document of many arrays, long and short, on one line and on many, with counts.
std::string many_arrays(unsigned seed) {
  std::mt19937 rng(seed);
  std::string text = "<r>\n";
  for (int a = 0; a < 60; ++a) {
    const char* name = a % 3 == 0 ? "f" : a % 3 == 1 ? "d" : "i";
    int n = static_cast<int>(rng() % (a % 7 == 0 ? 40000 : 50));
    text += std::string("<") + name + " count=\"" + std::to_string(n) + "\">";
    for (int k = 0; k < n; ++k) {
      if (a % 3 == 2) {
        text += std::to_string(rng() % 100000);
      } else {
        text += std::to_string(static_cast<int>(rng() % 20000) - 10000) + "." +
                std::to_string(rng() % 1000);
      }
      text += (k % 9 == 8) ? "\n" : " ";
    }
    text += std::string("</") + name + ">\n";
  }
  return text + "</r>\n";
}

void expect_same_arrays(const Element* a, const Element* b) {
  for (; a != nullptr && b != nullptr; a = a->next_sibling, b = b->next_sibling) {
    ASSERT_EQ(a->name, b->name);
    ASSERT_EQ(a->value_count(), b->value_count()) << a->name << " line " << a->line;
    EXPECT_TRUE(std::equal(a->floats.begin(), a->floats.end(), b->floats.begin()));
    EXPECT_TRUE(std::equal(a->doubles.begin(), a->doubles.end(), b->doubles.begin()));
    EXPECT_TRUE(std::equal(a->ints.begin(), a->ints.end(), b->ints.begin()));
  }
  EXPECT_EQ(a, nullptr);
  EXPECT_EQ(b, nullptr);
}

TEST(XmlStreaming, InlineAndThreadedDecodingGiveTheSameArraysWhateverThePieces) {
  std::string text = many_arrays(1);
  Document reference;
  ASSERT_TRUE(parse_with(reference, text, 1, 1 << 18).ok());
  size_t values = 0;
  for (const Element& e : reference.root()->children()) values += e.value_count();
  EXPECT_GT(values, 10000u);
  for (int threads : {1, 2}) {
    for (size_t step : {size_t{1}, size_t{7}, size_t{4096}, size_t{1} << 18}) {
      Document doc;
      ASSERT_TRUE(parse_with(doc, text, threads, step).ok()) << threads << " " << step;
      expect_same_arrays(reference.root()->first_child, doc.root()->first_child);
    }
  }
}

TEST(XmlStreaming, ABadTokenIsRefusedWithItsLineWhateverTheThreadsAndPieces) {
  std::string text = "<r>\n<f count=\"5\">1 2\n3\n\n 4,5 6</f>\n</r>";
  for (int threads : {1, 2}) {
    for (size_t step : {size_t{1}, size_t{3}, size_t{1} << 18}) {
      Document doc;
      absl::Status s = parse_with(doc, text, threads, step);
      ASSERT_FALSE(s.ok());
      EXPECT_NE(s.message().find("number.not-a-number: <f> at line 5"), std::string::npos) << s;
      EXPECT_NE(s.message().find("\"4,5\""), std::string::npos) << s;
    }
  }
}

TEST(XmlStreaming, TheFirstFailureInTheDocumentWins) {
  // A bad number before malformed markup: the number. Malformed markup first: the markup.
  std::string number_first = "<r><i>1 x</i><a></b></r>";
  std::string markup_first = "<r><a></b><i>1 x</i></r>";
  for (int threads : {1, 2}) {
    Document a;
    absl::Status s = parse_with(a, number_first, threads, 1 << 18);
    EXPECT_NE(s.message().find("number.not-a-number"), std::string::npos) << s;
    Document b;
    s = parse_with(b, markup_first, threads, 1 << 18);
    EXPECT_NE(s.message().find("xml.malformed"), std::string::npos) << s;
  }
}

TEST(XmlStreaming, TextAroundAChildElementJoinsAsOneTokenStream) {
  for (int threads : {1, 2}) {
    Document doc;
    ASSERT_TRUE(parse_with(doc, "<r><i>1 2<x/>3 4</i></r>", threads, 1 << 18).ok());
    const Element* i = doc.root()->child("i");
    EXPECT_EQ(std::vector<int32_t>(i->ints.begin(), i->ints.end()),
              (std::vector<int32_t>{1, 23, 4}));
  }
}

TEST(XmlStreaming, TasksRunAfterTheArraysBeforeThemAreDecodedAndInOrder) {
  std::string text = many_arrays(2);
  for (int threads : {1, 2}) {
    std::vector<std::string> seen;
    Document doc;
    absl::Status s = parse_with(doc, text, threads, 4096, [&](const Element& e, NumberSink& sink) {
      if (e.name == "r") return;
      const Element* element = &e;
      sink.after([&seen, element] {
        seen.push_back(std::string(element->name) + ":" + std::to_string(element->value_count()));
      });
    });
    ASSERT_TRUE(s.ok()) << s;
    std::vector<std::string> want;
    for (const Element& e : doc.root()->children()) {
      want.push_back(std::string(e.name) + ":" + std::to_string(e.value_count()));
    }
    EXPECT_EQ(seen, want);
  }
}

TEST(XmlStreaming, TasksAreDroppedAfterAFailure) {
  for (int threads : {1, 2}) {
    int ran = 0;
    Document doc;
    absl::Status s = parse_with(doc, "<r><i>1</i><i>2 y</i><i>3</i></r>", threads, 1 << 18,
                                [&](const Element& e, NumberSink& sink) {
                                  if (e.name == "i") sink.after([&ran] { ++ran; });
                                });
    EXPECT_FALSE(s.ok());
    EXPECT_LE(ran, 1);
  }
}

TEST(XmlStreaming, ReleasedNumbersAreGoneAndTheirSpansEmpty) {
  for (int threads : {1, 2}) {
    Document doc;
    ASSERT_TRUE(parse_with(doc, "<r><g><f>1 2</f><h><i>3</i></h></g><i>4 5</i></r>", threads,
                           1 << 18, [&doc](const Element& e, NumberSink& sink) {
                             if (e.name == "g") sink.after([&doc, &e] { doc.release_numbers(e); });
                           })
                    .ok());
    const Element* g = doc.root()->child("g");
    EXPECT_TRUE(g->child("f")->floats.empty());
    EXPECT_TRUE(g->child("h")->child("i")->ints.empty());
    EXPECT_EQ(doc.root()->child("i")->ints.size(), 2u);  // outside g: kept
  }
}

TEST(XmlStreaming, IdsNameTheFirstElementInDocumentOrder) {
  Document doc;
  ASSERT_TRUE(parse_with(doc, "<r>\n<a id=\"x\"><b id=\"y\"/></a>\n<c id=\"x\"/><d id=\"y\"/></r>", 1,
                         1 << 18)
                  .ok());
  EXPECT_EQ(doc.find_id("x")->name, "a");
  EXPECT_EQ(doc.find_id("y")->name, "b");
  EXPECT_EQ(doc.find_id("z"), nullptr);
}

}  // namespace
}  // namespace px::xml
