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
                                                           // (searches test published_at_slot)

// Free-text terms. They carry the post's language, so Czech and English posts have disjoint
// vocabularies: a query parsed for one language cannot match (or reorder) the other language's
// posts, no language filter is needed, and wildcards expand within one language. Every word is
// indexed
//   - <language> + the folded word (lowercase, no diacritics), with positions: phrases,
//     wildcards, and (without the prefix) the spelling dictionary;
//   - "Z" + <language> + the stem of the folded word (the language's folded stemmer);
//   - "Z" + <language> + the stem of the lowercase accented word, when that differs: exact
//     accented matches score on both stems, so they rank at least as high as folded-only ones;
//   - Czech: "Z" + <language> + lemma_mark + each lemma hunspell's cs_CZ gives the word (folded),
//     so every form of a word meets its other forms even where the stem changes ("účtu" → "účet").
//     A query word the dictionary knows is searched by its lemmas only, one it does not know by
//     its stems.
// Title words are indexed the same way again with <language> + title_suffix ("CS", "ZCS…"), and
// their <language> and "Z" + <language> terms get title_wdf instead of 1 per occurrence.
inline constexpr std::string_view czech_text_prefix = "C";
inline constexpr std::string_view english_text_prefix = "E";
inline constexpr std::string_view title_suffix = "S";
inline constexpr std::string_view stem_prefix = "Z";
inline constexpr std::string_view lemma_mark = "=";
// Word starts: "P" + <language> + the first 2, 3 and 4 characters of every folded word (as many as
// it has; no positions, wdf its occurrences), so the instant panel's prefix queries ("pla*") read
// one posting list instead of merging those of every word they expand to.
inline constexpr std::string_view word_start_prefix = "P";
inline constexpr std::size_t min_word_start_chars = 2;
inline constexpr std::size_t max_word_start_chars = 4;
inline constexpr unsigned title_wdf = 5;
// Gap between the positions of title, excerpt and body so phrases do not span two fields.
inline constexpr unsigned field_position_gap = 100;
// Longer words (in bytes) are not indexed, as in Xapian's TermGenerator.
inline constexpr std::size_t max_word_bytes = 64;
// Shorter folded words stay out of the spelling dictionary.
inline constexpr std::size_t min_spelling_bytes = 3;

// Value slots.
// Xapian::sortable_serialise(published_at_ms) for published posts and of +infinity for hidden
// ones, so one "<= now" range test enforces both visibility rules; sorts listings by date.
inline constexpr unsigned published_at_slot = 0;
// NFC excerpt + body, whole up to snippet_text_bytes: the best passage may be anywhere in it.
inline constexpr unsigned snippet_text_slot = 1;
inline constexpr std::size_t snippet_text_bytes = 200'000;
inline constexpr unsigned category_slot = 2;  // the category as written (NFC): category facets
inline constexpr unsigned language_slot = 3;  // "en" | "cs": language facets

// Document data: the post id in decimal, nothing else.

// Database metadata.
inline constexpr std::string_view last_seq_key = "last_seq";
// The layout of the documents. An index written with another layout reads as empty (last_seq 0),
// so the node rebuilds it whole on start; bump it whenever documents gain or change terms or values.
// The value stored is layout_version + "/" + the analysis in use (dictionary_status::analysis); an
// index of this layout but another analysis keeps answering while the node rebuilds it in the
// background (index::stale_analysis).
inline constexpr std::string_view layout_key = "layout";
inline constexpr std::string_view layout_version = "4";

// Content language codes. Posts in any other language are analysed, and prefixed, as English.
inline constexpr std::string_view english = "en";
inline constexpr std::string_view czech = "cs";

// The free-text prefix of a post or query language.
constexpr std::string_view text_prefix(bool czech_text) {
  return czech_text ? czech_text_prefix : english_text_prefix;
}

}  // namespace blog::search::schema
