// Exact match counts without ranking: a query's matches as a set of docids read from posting lists (internal header).
#pragma once

#include "blog/search/index.hpp"

#include <xapian.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace blog::search {

// A set of docids of one database, one bit each. Does not fail (std::bad_alloc aside).
class docid_set {
 public:
  explicit docid_set(Xapian::docid last = 0) : words_(last / 64 + 1, 0) {}

  void add(Xapian::docid id) { words_[id / 64] |= std::uint64_t{1} << (id % 64); }
  bool contains(Xapian::docid id) const { return id / 64 < words_.size() && (words_[id / 64] >> (id % 64) & 1) != 0; }
  void intersect(const docid_set& other);
  void unite(const docid_set& other);
  void subtract(const docid_set& other);
  std::size_t count() const;
  // The size of the intersection with `other`, without building it.
  std::size_t count_with(const docid_set& other) const;
  std::size_t bytes() const { return words_.size() * sizeof(std::uint64_t); }

 private:
  std::vector<std::uint64_t> words_;
};

// Counts the matches of queries over one database revision the way Xapian's matcher would find
// them, at a small fraction of its cost per match: Xapian ranks, and every match of a query it
// ranks costs it a weight, a value read per facet and a visibility test, while a posting list read
// straight into a docid_set costs a few nanoseconds per posting. Facets and the hidden-by-language
// count need every match, the ranking only the page shown. The tables it reads once (dates,
// languages, categories) belong to the revision it was made for: make a new one after a reopen.
// Not thread-safe. Every method throws Xapian::Error when the database cannot be read.
class match_counter {
 public:
  explicit match_counter(const Xapian::Database& db);

  // The documents of `text`'s matches, or nullopt when the query holds parts a posting list does
  // not decide alone (phrases, NEAR, wildcards, value ranges, XOR): Xapian's matcher counts those.
  std::optional<docid_set> matches(const Xapian::Query& text);

  // Whether document `id` holds `term`, read from the posting lists matches() keeps; nullopt when
  // the term's list is not kept (never read, or dropped to bound the memory).
  std::optional<bool> holds(const std::string& term, Xapian::docid id) const;

  // Documents visible at now_ms (published, published_at <= now_ms), in the category whose
  // boolean term is `category_term` when set.
  docid_set visible(std::int64_t now_ms, const std::optional<std::string>& category_term);

  // A query matching the documents not visible at now_ms (drafts, hidden and scheduled posts),
  // for OP_AND_NOT: usually few, so the ranking skips them at the cost of a docid comparison
  // instead of testing the date of every match. Every document has a date (document_builder).
  Xapian::Query invisible(std::int64_t now_ms) const;

  // The Czech documents.
  const docid_set& czech() const { return czech_; }

  // Facet counts of `found`, most matches first, then by value; values without matches left out.
  std::vector<facet_count> categories(const docid_set& found) const;
  std::vector<facet_count> languages(const docid_set& found) const;

 private:
  docid_set term_set(const std::string& term);
  std::optional<docid_set> evaluate(const Xapian::Query& query);

  Xapian::Database db_;
  Xapian::docid last_ = 0;
  // Every document with a date, by date (hidden posts carry +infinity), and the documents visible
  // at visible_upto_ms_ (built on first use): a later search adds the posts dated up to its time,
  // an earlier one builds the set again.
  std::vector<std::pair<double, Xapian::docid>> dated_;
  std::optional<docid_set> visible_;
  double visible_upto_ms_ = 0;
  docid_set english_;
  docid_set czech_;
  std::map<std::string, docid_set> categories_;  // category as written (its facet value) → posts
  // The posting lists read so far, up to max_cached_term_bytes: a search's strict, relaxed and
  // other-language queries share most of their terms, and so do the instant panel's searches
  // as a reader types ("platby k", "platby ka"...).
  std::map<std::string, docid_set> terms_;
};

}  // namespace blog::search
