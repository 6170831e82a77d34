// Opaque cursors: each kind reads back what it wrote, and nothing else passes for a cursor.
#include "blog/core/error.hpp"
#include "blog/domain/paging.hpp"

#include <gtest/gtest.h>

using namespace blog::domain;

namespace {

void expect_invalid(auto parse) {
  try {
    parse();
    ADD_FAILURE() << "accepted";
  } catch (const blog::error& e) {
    EXPECT_EQ(e.kind(), blog::error_kind::invalid);
    EXPECT_STREQ(e.what(), "Invalid cursor");
  }
}

}  // namespace

TEST(Paging, AKeysetCursorReadsBackItsPosition) {
  auto cursor = keyset_cursor({1'732'000'000'123, 42});
  auto back = parse_keyset_cursor(cursor);
  EXPECT_EQ(back.ms, 1'732'000'000'123);
  EXPECT_EQ(back.id, 42);
  EXPECT_EQ(cursor.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
            std::string::npos)
      << "safe in a URL as it is";
}

TEST(Paging, AnOffsetCursorReadsBackItsOffsetUpToTheLimit) {
  EXPECT_EQ(parse_offset_cursor(offset_cursor(0), 100), 0U);
  EXPECT_EQ(parse_offset_cursor(offset_cursor(24), 100), 24U);
  expect_invalid([] { (void)parse_offset_cursor(offset_cursor(101), 100); });
}

TEST(Paging, OneListsCursorIsRefusedByAnotherKindOfList) {
  expect_invalid([] { (void)parse_offset_cursor(keyset_cursor({1, 2}), 100); });
  expect_invalid([] { (void)parse_keyset_cursor(offset_cursor(12)); });
}

TEST(Paging, WhatTheServerNeverHandedOutIsNoCursor) {
  for (std::string_view text :
       {"", "garbage!", "1732000000123_42", "o12", "a2V5", "azEu", "ay0xLjI", "azErMQ", "azEuMng", "azEuMiA"}) {
    expect_invalid([&] { (void)parse_keyset_cursor(text); });
  }
  expect_invalid([] { (void)parse_keyset_cursor(std::string(65, 'A')); });
  expect_invalid([] { (void)parse_offset_cursor("bzEyeA", 100); });  // "o12x"
}

TEST(Paging, TheNextOffsetCursorStopsAtTheLastPageAndAtTheDeepestOffset) {
  EXPECT_EQ(parse_offset_cursor(next_offset_cursor(0, 12, 12, 30, 100), 100), 12U);
  EXPECT_EQ(next_offset_cursor(24, 12, 6, 30, 100), "") << "a short page is the last";
  EXPECT_EQ(next_offset_cursor(12, 12, 12, 24, 100), "") << "nothing after the total";
  EXPECT_EQ(parse_offset_cursor(next_offset_cursor(84, 12, 12, 500, 100), 100), 96U);
  EXPECT_EQ(next_offset_cursor(96, 12, 12, 500, 100), "") << "108 would be refused";
}
