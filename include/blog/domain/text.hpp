// Trimming and the one check of the characters a text field may hold, for the domain rules (UTF-8
// and case helpers are core/text.hpp's).
#pragma once

#include "blog/core/error.hpp"

#include <string>
#include <string_view>

namespace blog::domain {

// `text` without leading and trailing ASCII whitespace. Does not fail (but std::bad_alloc).
std::string trim(std::string_view text);

// `text` composed (NFC: an accent typed as a combining mark is one letter) with every letter in
// its lower case (Unicode's simple mapping: "Účty" → "účty"), as PostgreSQL's lower() has it
// under our UTF-8 locale: names unique ignoring case (categories) compare by it, so that the rule
// agrees with the database's unique index (and is stricter: composed). Text that is not UTF-8 is
// lowered byte by byte where it can be. Does not fail (but std::bad_alloc).
std::string lower_case(std::string_view text);

// '<label> contains characters that are not allowed': what a text field holding a character no
// page or feed may carry (core::utf8::has_forbidden_char) is told.
[[nodiscard]] std::string forbidden_chars_message(std::string_view label);

// Sets errors[field] to forbidden_chars_message(label) when `value` holds such a character and
// the field has no message yet. Every rule that takes text from a client calls it, so that what is
// stored can always be written into a page, a feed or a sitemap. Does not fail (but std::bad_alloc).
void check_allowed_chars(field_errors& errors, const std::string& field, std::string_view label,
                         std::string_view value);

}  // namespace blog::domain
