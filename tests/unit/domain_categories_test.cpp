// Unit tests of the category rules: name length, case-insensitive clashes, built-in names first.
#include <blog/core/error.hpp>
#include <blog/domain/categories.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using blog::domain::check_category_is_new;
using blog::domain::merged_category_names;
using blog::domain::validated_category_name;

std::string field_message(const std::function<void()>& call, blog::error_kind kind) {
  try {
    call();
  } catch (const blog::error& e) {
    EXPECT_EQ(e.kind(), kind);
    return e.fields().contains("name") ? e.fields().at("name") : "";
  }
  ADD_FAILURE() << "no error thrown";
  return "";
}

TEST(DomainCategories, NamesAreTrimmedAndCountedInCharacters) {
  EXPECT_EQ(validated_category_name("  Open Banking \t"), "Open Banking");
  EXPECT_EQ(validated_category_name("Žeň"), "Žeň");  // three characters, six bytes
  EXPECT_EQ(field_message([] { validated_category_name("  ab  "); }, blog::error_kind::invalid),
            "Category name must be at least 3 characters");
  EXPECT_EQ(validated_category_name(std::string(50, 'a')), std::string(50, 'a'));
  EXPECT_EQ(field_message([] { validated_category_name(std::string(51, 'a')); }, blog::error_kind::invalid),
            "Category name must be at most 50 characters");
}

TEST(DomainCategories, ANameThatDiffersOnlyInCaseClashes) {
  const std::vector<std::string> existing{"Fintech", "Open Banking"};
  EXPECT_EQ(field_message([&] { check_category_is_new(existing, "open BANKING"); }, blog::error_kind::conflict),
            "Category already exists");
  EXPECT_NO_THROW(check_category_is_new(existing, "Open Finance"));
}

TEST(DomainCategories, BuiltInNamesComeFirstAndCaseDuplicatesAreDropped) {
  const auto names = merged_category_names({"Open Banking", "FINTECH", "open banking", "Crypto"});
  const std::vector<std::string> expected{"Digital Payments", "Fintech",       "Regulations",  "Cybersecurity",
                                          "Innovation",       "Market Trends", "Open Banking", "Crypto"};
  EXPECT_EQ(names, expected);
}

}  // namespace
