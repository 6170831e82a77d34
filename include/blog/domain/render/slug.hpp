// URL slugs of posts: derived from titles, checked when given.
#pragma once

#include <string>
#include <string_view>

namespace blog::render {

// The slug of a title: NFC-normalised, transliterated to ASCII (diacritics stripped: Czech
// "Žluťoučký kůň" gives "zlutoucky-kun"; ß, æ, ø, ł, đ, þ, œ spelled out), lowercased, each
// run of other characters (spaces, punctuation, emoji, non-Latin scripts) one '-', no '-' at
// either end, at most 200 characters (cut at a '-' when there is one).
// Returns "" when nothing is left; the caller then uses "post-{ms}". Never fails: invalid
// UTF-8 bytes count as separators. Throws only std::bad_alloc.
[[nodiscard]] std::string slugify(std::string_view title);

// True for 1-200 characters of a-z and 0-9 in groups joined by single '-'. Never fails.
[[nodiscard]] bool is_valid_slug(std::string_view slug) noexcept;

}  // namespace blog::render
