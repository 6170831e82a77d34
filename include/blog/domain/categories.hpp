// Categories (spec §5): the six built-in ones, the rules for a custom one's name, how the two lists
// merge, and which name of them a post's category is. No I/O: store/categories_store.hpp keeps the custom names,
// api/categories_api.cpp serves them.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace blog::domain {

inline constexpr std::array<std::string_view, 6> builtin_categories = {
    "Digital Payments", "Fintech", "Regulations", "Cybersecurity", "Innovation", "Market Trends"};

// The longest name a category may have, in characters.
inline constexpr std::size_t max_category_name_chars = 50;

// A new custom category's name, trimmed. Throws blog::error invalid (field "name") when it has
// fewer than 3 or more than 50 characters, or a character no page may carry ('Category name
// contains characters that are not allowed').
std::string validated_category_name(std::string_view name);

// The built-in names, then the custom ones in their order, dropping any name that differs from
// one before it only in case (lower_case). Does not fail (but std::bad_alloc).
std::vector<std::string> merged_category_names(std::vector<std::string> custom);

// The name among `names` (merged_category_names) that `category` is, ignoring case as the
// list's uniqueness does, in the list's spelling; nullopt when it is none of them. Does not fail
// (but std::bad_alloc).
std::optional<std::string> listed_category(const std::vector<std::string>& names, std::string_view category);

// Throws blog::error conflict 'Category already exists' (field "name") when `name` equals one of
// `existing` ignoring case (lower_case: the database's unique index on lower(name) agrees).
void check_category_is_new(const std::vector<std::string>& existing, std::string_view name);

}  // namespace blog::domain
