// Index schema: the term prefixes, value slots and metadata keys the indexer and the queries share.
#pragma once

#include <cstddef>
#include <string_view>

namespace blog::search::schema {

// Boolean terms (no weight, used with OP_FILTER).
inline constexpr std::string_view id_prefix = "Q";         // Q<post id>: one per document
inline constexpr std::string_view language_prefix = "XL";  // XLen, XLcs
inline constexpr std::string_view category_prefix = "XC";  // XC<folded category name>
inline constexpr std::string_view published_term = "XP";   // present only on published posts

// Free-text terms. Every word is indexed
//   - unprefixed, folded (lowercase, no diacritics), with positions: phrases, wildcards, spelling;
//   - "Z" + stem of the folded word (folded stemmer of the post's language);
//   - "Z" + stem of the lowercase accented word, when that differs: exact accented matches score
//     on both stems, so they rank at least as high as folded-only matches.
// Title words are indexed the same way again under title_prefix ("S", "ZS…"), and their
// unprefixed and "Z" terms get title_wdf instead of 1.
inline constexpr std::string_view stem_prefix = "Z";
inline constexpr std::string_view title_prefix = "S";
inline constexpr unsigned title_wdf = 5;
// Gap between the positions of title, excerpt and body so phrases do not span two fields.
inline constexpr unsigned field_position_gap = 100;
// Longer words (in bytes) are not indexed, as in Xapian's TermGenerator.
inline constexpr std::size_t max_word_bytes = 64;
// Shorter folded words stay out of the spelling dictionary.
inline constexpr std::size_t min_spelling_bytes = 3;

// Value slots.
inline constexpr unsigned published_at_slot = 0;  // Xapian::sortable_serialise(published_at_ms)
inline constexpr unsigned snippet_text_slot = 1;  // NFC excerpt + body, cut to snippet_text_bytes
inline constexpr std::size_t snippet_text_bytes = 1500;

// Document data: the post id in decimal, nothing else.

// Database metadata.
inline constexpr std::string_view last_seq_key = "last_seq";

// Content language codes.
inline constexpr std::string_view english = "en";
inline constexpr std::string_view czech = "cs";

}  // namespace blog::search::schema
