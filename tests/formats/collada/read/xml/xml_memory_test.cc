// The element tree is charged to the read's memory budget as it is built (issue 34, defect 7):
// its elements, attributes, kept strings and expat's own buffers. A tree past the budget is
// refused with limits.memory naming the element and line reached, long before the whole input is
// read; what was charged goes back with the document.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "formats/collada/read/xml/xml_document.h"
#include "polyxios/memory/memory_budget.h"

namespace px::xml {
namespace {

// <root> holding `n` empty elements <a/>, one a line (the first on line 2).
std::string empty_elements(size_t n) {
  std::string text = "<root>\n";
  for (size_t i = 0; i < n; ++i) text += "<a/>\n";
  return text + "</root>\n";
}

absl::StatusOr<std::unique_ptr<Document>> parse_under(const std::shared_ptr<MemoryBudget>& budget,
                                                      std::string_view text) {
  MemoryBudgetScope scope(budget);
  std::unique_ptr<Source> source = memory_source(text);
  return parse(*source, ParseOptions{});
}

// Everything charged was given back: the whole limit can be charged again.
void expect_all_given_back(MemoryBudget& budget) {
  EXPECT_NO_THROW(budget.charge(budget.limit()));
  budget.release(budget.limit());
}

TEST(XmlMemory, EveryElementIsChargedAndGivenBackWithTheDocument) {
  constexpr size_t kElements = 100000;
  auto budget = std::make_shared<MemoryBudget>(uint64_t{1} << 30);
  {
    absl::StatusOr<std::unique_ptr<Document>> doc = parse_under(budget, empty_elements(kElements));
    ASSERT_TRUE(doc.ok()) << doc.status();
    EXPECT_GE(budget->peak(), kElements * sizeof(Element));
  }
  expect_all_given_back(*budget);
}

TEST(XmlMemory, ATreePastTheBudgetIsRefusedAtTheElementAndLineItReached) {
  // 400 KB of <a/> build a tree of about 14 MB: refused under 1 MiB, a few thousand elements in.
  constexpr size_t kElements = 80000;
  auto budget = std::make_shared<MemoryBudget>(uint64_t{1} << 20);
  absl::StatusOr<std::unique_ptr<Document>> doc = parse_under(budget, empty_elements(kElements));
  ASSERT_FALSE(doc.ok());
  EXPECT_EQ(doc.status().code(), absl::StatusCode::kResourceExhausted);
  const std::string message(doc.status().message());
  ASSERT_TRUE(message.starts_with("limits.memory: <a> at line ")) << message;
  const int64_t line = std::stoll(message.substr(message.find("line ") + 5));
  EXPECT_GT(line, 2);
  EXPECT_LT(line, static_cast<int64_t>(kElements) / 4) << "refused early, not at the end";
  EXPECT_LE(budget->peak(), budget->limit());
  expect_all_given_back(*budget);
}

TEST(XmlMemory, TextKeptAsAStringIsCharged) {
  const std::string text = "<root><s>" + std::string(size_t{4} << 20, 'x') + "</s></root>";
  auto roomy = std::make_shared<MemoryBudget>(uint64_t{64} << 20);
  {
    absl::StatusOr<std::unique_ptr<Document>> doc = parse_under(roomy, text);
    ASSERT_TRUE(doc.ok()) << doc.status();
    EXPECT_GE(roomy->peak(), size_t{4} << 20);
  }
  auto tight = std::make_shared<MemoryBudget>(uint64_t{2} << 20);
  absl::StatusOr<std::unique_ptr<Document>> doc = parse_under(tight, text);
  ASSERT_FALSE(doc.ok());
  EXPECT_TRUE(std::string(doc.status().message()).starts_with("limits.memory: <s> at line 1: "))
      << doc.status();
  expect_all_given_back(*tight);
}

TEST(XmlMemory, ExpatsBuffersAreCharged) {
  // expat holds a start tag whole before the tree sees it: a 4 MiB attribute value is refused
  // under 2 MiB by expat's own allocations, naming the element it lies in.
  const std::string text = "<root>\n<a v=\"" + std::string(size_t{4} << 20, 'x') + "\"/>\n</root>";
  auto budget = std::make_shared<MemoryBudget>(uint64_t{2} << 20);
  absl::StatusOr<std::unique_ptr<Document>> doc = parse_under(budget, text);
  ASSERT_FALSE(doc.ok());
  EXPECT_TRUE(std::string(doc.status().message()).starts_with("limits.memory: <root> at line 2: "))
      << doc.status();
  expect_all_given_back(*budget);
}

}  // namespace
}  // namespace px::xml
