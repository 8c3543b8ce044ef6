// BudgetAccount and what charges through it (polyxios/memory/budget_account.h), and SharedBytes
// (polyxios/memory/shared_bytes.h): memory that grows with a read's input is charged to its budget,
// in steps, given back when its owner goes, and bytes many owners share are charged once.
#include "polyxios/memory/budget_account.h"

#include <gtest/gtest.h>

#include <memory>
#include <memory_resource>
#include <vector>

#include "polyxios/memory/shared_bytes.h"

namespace px {
namespace {

TEST(BudgetAccount, ChargesItsBudgetInStepsAndGivesEverythingBackWhenItGoes) {
  auto budget = std::make_shared<MemoryBudget>(uint64_t{1} << 20);
  {
    BudgetAccount account(budget);
    account.take(10);
    EXPECT_EQ(budget->peak(), BudgetAccount::kStep) << "a whole step ahead";
    account.take(BudgetAccount::kStep - 10);  // within the step: no charge
    EXPECT_EQ(budget->peak(), BudgetAccount::kStep);
    account.take(1);
    EXPECT_EQ(budget->peak(), 2 * BudgetAccount::kStep);
    account.give(account.used());
    EXPECT_EQ(account.used(), 0u);
  }
  budget->charge(uint64_t{1} << 20);  // all of it back
}

TEST(BudgetAccount, AStepNeverRefusesWhatFitsAndWhatDoesNotIsRefusedCountingNothing) {
  auto budget = std::make_shared<MemoryBudget>(BudgetAccount::kStep / 2);
  BudgetAccount account(budget);
  account.take(BudgetAccount::kStep / 2);  // the step does not fit; the bytes do
  EXPECT_EQ(account.used(), BudgetAccount::kStep / 2);
  EXPECT_THROW(account.take(1), MemoryLimitExceeded);
  EXPECT_EQ(account.used(), BudgetAccount::kStep / 2);
}

TEST(BudgetAccount, WithoutABudgetItCountsOnly) {
  BudgetAccount account(nullptr);
  account.take(uint64_t{1} << 40);
  EXPECT_EQ(account.used(), uint64_t{1} << 40);
}

TEST(BudgetAccount, ItsAllocatorAndResourceCountWhatTheyHold) {
  auto budget = std::make_shared<MemoryBudget>(uint64_t{4} << 20);
  BudgetAccount account(budget);
  {
    std::vector<int, AccountedAllocator<int>> values{AccountedAllocator<int>(&account)};
    values.reserve(1000);
    EXPECT_EQ(account.used(), 4000u);
    EXPECT_THROW(values.reserve(size_t{2} << 20), MemoryLimitExceeded);
    EXPECT_EQ(account.used(), 4000u);
  }
  EXPECT_EQ(account.used(), 0u);
  AccountedResource blocks(account);
  {
    std::pmr::monotonic_buffer_resource arena(1 << 16, &blocks);
    arena.allocate(100, 8);
    EXPECT_GE(account.used(), size_t{1} << 16) << "the arena's first block";
    EXPECT_THROW(arena.allocate(size_t{8} << 20, 8), MemoryLimitExceeded);
  }
  EXPECT_EQ(account.used(), 0u);
}

TEST(SharedBytes, BytesMadeUnderABudgetAreChargedOnceHoweverManyShareThem) {
  auto budget = std::make_shared<MemoryBudget>(uint64_t{1} << 20);
  {
    MemoryBudgetScope scope(budget);
    SharedBytes first = SharedBytes::copy_of(std::vector<uint8_t>(1000, 7));
    EXPECT_EQ(budget->peak(), 1000u);
    std::vector<SharedBytes> copies(1000, first);
    EXPECT_EQ(budget->peak(), 1000u);
    EXPECT_TRUE(copies.back().shares_with(first));
    EXPECT_EQ(copies.back(), first);
    EXPECT_THROW(SharedBytes(std::vector<uint8_t>(size_t{1} << 20)), MemoryLimitExceeded);
  }
  budget->charge(uint64_t{1} << 20);  // the last owner gave them back
}

TEST(SharedBytes, BytesAnotherOwnerHoldsAreNeitherCopiedNorChargedAgain) {
  auto budget = std::make_shared<MemoryBudget>(100);
  MemoryBudgetScope scope(budget);
  auto owner = std::make_shared<const std::vector<uint8_t>>(1000, 1);
  SharedBytes bytes(*owner, owner);
  EXPECT_EQ(bytes.data(), owner->data());
  EXPECT_EQ(budget->peak(), 0u);
  EXPECT_THROW(SharedBytes::copy_of(bytes), MemoryLimitExceeded) << "a copy is charged";
}

}  // namespace
}  // namespace px
