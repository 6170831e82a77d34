// Category rules: name length, case-insensitive uniqueness, built-in before custom.
#include "blog/domain/categories.hpp"

#include "blog/core/error.hpp"
#include "blog/core/text.hpp"
#include "blog/domain/text.hpp"

#include <set>

namespace blog::domain {
namespace {

constexpr std::size_t min_name_chars = 3;

}  // namespace

std::string validated_category_name(std::string_view name) {
  auto trimmed = trim(name);
  const auto length = core::utf8::length(trimmed);
  if (length < min_name_chars) throw validation_error({{"name", "Category name must be at least 3 characters"}});
  if (length > max_category_name_chars)
    throw validation_error({{"name", "Category name must be at most 50 characters"}});
  field_errors errors;
  check_allowed_chars(errors, "name", "Category name", trimmed);
  if (!errors.empty()) throw validation_error(std::move(errors));
  return trimmed;
}

std::vector<std::string> merged_category_names(std::vector<std::string> custom) {
  std::vector<std::string> names(builtin_categories.begin(), builtin_categories.end());
  std::set<std::string> seen;
  for (const auto& n : names) seen.insert(lower_case(n));
  for (auto& name : custom)
    if (seen.insert(lower_case(name)).second) names.push_back(std::move(name));
  return names;
}

std::optional<std::string> listed_category(const std::vector<std::string>& names, std::string_view category) {
  const auto wanted = lower_case(category);
  for (const auto& name : names)
    if (lower_case(name) == wanted) return name;
  return std::nullopt;
}

void check_category_is_new(const std::vector<std::string>& existing, std::string_view name) {
  const auto wanted = lower_case(name);
  for (const auto& other : existing)
    if (lower_case(other) == wanted) throw conflict("Category already exists", {{"name", "Category already exists"}});
}

}  // namespace blog::domain
