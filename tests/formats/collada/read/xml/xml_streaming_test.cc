// The element tree's streaming side: numbers decoded inline or on a second thread give the same
// values and the same refusals, whatever the pieces expat hands over; close hooks, tasks run
// after the arrays they read, ids and released arrays.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "formats/collada/read/xml/number_sink.h"
#include "formats/collada/read/xml/xml_document.h"
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

TEST(XmlStreaming, TasksRunAfterTheArraysBeforeThemAreDecodedInOrderAndOneAtATime) {
  std::string text = many_arrays(2);
  for (int threads : {1, 2}) {
    std::vector<std::string> seen;
    std::atomic<int> running{0};
    int most_running = 0;
    Document doc;
    absl::Status s = parse_with(doc, text, threads, 4096, [&](const Element& e, NumberSink& sink) {
      if (e.name == "r") return;
      const Element* element = &e;
      sink.after([&seen, &running, &most_running, element] {
        most_running = std::max(most_running, ++running);
        seen.push_back(std::string(element->name) + ":" + std::to_string(element->value_count()));
        --running;
      });
    });
    ASSERT_TRUE(s.ok()) << s;
    EXPECT_EQ(most_running, 1);
    std::vector<std::string> want;
    for (const Element& e : doc.root()->children()) {
      want.push_back(std::string(e.name) + ":" + std::to_string(e.value_count()));
    }
    EXPECT_EQ(seen, want);
  }
}

// While the first element's task is held, the decoding thread may decode only 4 MiB of arrays
// past it: 40 arrays of 20,000 floats (3.2 MB), then an array whose count reserves 1.2 MB, before
// which it stops. That array's 400 KB of text fills six of the eight 64 KiB batches (the parser
// decodes no array of more than 1 MiB itself), and with half of them waiting the parser decodes
// what follows.
std::string held_decoder_then(std::string_view big_array_end, std::string_view after) {
  std::string text = "<r>\n<held/>\n";
  std::string values;
  for (int k = 0; k < 20000; ++k) values += k % 10 == 9 ? "1.5\n" : "1.5 ";
  for (int a = 0; a < 40; ++a) text += "<f count=\"20000\">" + values + "</f>\n";
  text += "<f count=\"300000\">1";
  for (int k = 0; k < 80000; ++k) text += " 2.25";
  text += big_array_end;
  text += "</f>\n";
  text += after;
  // The big array's count is believed only as far as the input could hold it.
  text += "<!--" + std::string(700000, ' ') + "-->\n</r>\n";
  return text;
}

int line_of(const std::string& text, std::string_view token) {
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + text.find(token), '\n'));
}

// Holds the tasks until `until` holds (or ten seconds pass, so that a failure to get there
// shows as an assertion, not a hang).
void hold_tasks(NumberSink& sink, std::function<bool()> until) {
  sink.after([until] {
    for (int waited = 0; waited < 10000 && !until(); ++waited) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  });
}

const NumberArray* last_array(const Document& doc) {
  const NumberArray* last = nullptr;
  for (const Element& e : doc.root()->children()) {
    if (e.numbers != nullptr) last = e.numbers;
  }
  return last;
}

TEST(XmlStreaming, WhenTheDecodingThreadIsBehindTheParserDecodesArraysToTheSameValues) {
  std::string after;
  for (int a = 0; a < 6; ++a) after += "<i>" + std::to_string(a) + " 7 -3</i>\n<d>2.5e-3 -1</d>\n";
  const std::string text = held_decoder_then("", after);
  Document reference;
  ASSERT_TRUE(parse_with(reference, text, 1, 1 << 18).ok());
  std::atomic<bool> parser_decoded{false};
  Document doc;
  absl::Status s = parse_with(doc, text, 2, 1 << 18, [&](const Element& e, NumberSink& sink) {
    if (e.name == "held") hold_tasks(sink, [&parser_decoded] { return parser_decoded.load(); });
    // The arrays after the big one (the parser may decode some before it too).
    if (e.name != "f" && e.numbers != nullptr && e.numbers->decoded_by_parser) {
      parser_decoded = true;
    }
  });
  ASSERT_TRUE(s.ok()) << s;
  EXPECT_TRUE(last_array(doc)->decoded_by_parser);
  expect_same_arrays(reference.root()->first_child, doc.root()->first_child);
}

// Parses text on two threads, its tasks held until the parse is known to fail; the refusal,
// which must name the <f> array at the line of `bad_token`.
absl::Status refusal_with_tasks_held(Document& doc, const std::string& text,
                                     std::string_view bad_token) {
  absl::Status s = parse_with(doc, text, 2, 1 << 18, [](const Element& e, NumberSink& sink) {
    if (e.name == "held") hold_tasks(sink, [&sink] { return sink.failed(); });
  });
  EXPECT_NE(s.message().find("number.not-a-number: <f> at line " +
                             std::to_string(line_of(text, bad_token))),
            std::string::npos)
      << s;
  return s;
}

TEST(XmlStreaming, ABadTokenTheParserDecodesIsRefusedWithItsLine) {
  Document doc;
  EXPECT_FALSE(
      refusal_with_tasks_held(doc, held_decoder_then("", "<f>1 2\n3 y 4</f>\n"), "3 y 4").ok());
  EXPECT_TRUE(last_array(doc)->decoded_by_parser);
}

TEST(XmlStreaming, AnEarlierBadTokenWinsOverOneTheParserMetFirst) {
  // The big array's bad token waits in the batches for the held decoding thread; the parser meets
  // the bad token of the array after it first. The refusal is still the big array's.
  Document doc;
  absl::Status s = refusal_with_tasks_held(doc, held_decoder_then(" x", "<f>1 y</f>\n"), " x<");
  EXPECT_NE(s.message().find("\"x\""), std::string::npos) << s;
  EXPECT_TRUE(last_array(doc)->decoded_by_parser);
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
                           1 << 18,
                           [&doc](const Element& e, NumberSink& sink) {
                             if (e.name == "g") sink.after([&doc, &e] { doc.release_numbers(e); });
                           })
                    .ok());
    const Element* g = doc.root()->child("g");
    EXPECT_TRUE(g->child("f")->floats.empty());
    EXPECT_TRUE(g->child("h")->child("i")->ints.empty());
    EXPECT_EQ(doc.root()->child("i")->ints.size(), 2u);  // outside g: kept
  }
}

TEST(XmlStreaming, ThePoolKeepsReleasedArraysOnlyAsFarAsTheRestOfTheInputCouldUseThem) {
  // A 4 MB array released once read (by the time the 80 KB of text after it fill a batch), then a
  // small one: with little input left the pool gives the big array's memory back; with more than
  // twice what the array took left after it, the pool keeps it.
  std::string big = "<r><g><f count=\"1000000\">";
  for (int k = 0; k < 1000000; ++k) big += "1.5 ";
  big += "</f></g><f>";
  for (int k = 0; k < 20000; ++k) big += "2.5 ";
  big += "</f><i>1</i>";
  for (size_t trailing : {size_t{0}, size_t{16} << 20}) {
    const std::string text = big + "<!--" + std::string(trailing, ' ') + "--></r>";
    Document doc;
    ASSERT_TRUE(parse_with(doc, text, 1, 1 << 18, [&doc](const Element& e, NumberSink& sink) {
                  if (e.name == "g") sink.after([&doc, &e] { doc.release_numbers(e); });
                }).ok());
    if (trailing == 0) {
      EXPECT_EQ(doc.scratch()->released_bytes(), 0u);
    } else {
      EXPECT_GE(doc.scratch()->released_bytes(), size_t{4000000});
    }
  }
}

TEST(XmlStreaming, IdsNameTheFirstElementInDocumentOrder) {
  Document doc;
  ASSERT_TRUE(parse_with(doc, "<r>\n<a id=\"x\"><b id=\"y\"/></a>\n<c id=\"x\"/><d id=\"y\"/></r>",
                         1, 1 << 18)
                  .ok());
  EXPECT_EQ(doc.find_id("x")->name, "a");
  EXPECT_EQ(doc.find_id("y")->name, "b");
  EXPECT_EQ(doc.find_id("z"), nullptr);
}

}  // namespace
}  // namespace px::xml
