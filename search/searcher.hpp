// One reader of the index: a Xapian::Database with its own stemmers and query parser (internal header).
#pragma once

#include "analysis.hpp"
#include "blog/search/index.hpp"
#include "match_counter.hpp"
#include "query_builder.hpp"

#include <xapian.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace blog::search {

// Not thread-safe: the index lends each one to a single thread at a time. Every method throws
// Xapian::Error when the database cannot be read (DatabaseModifiedError: reopen() and retry).
class searcher {
 public:
  explicit searcher(const std::string& dir);

  // Reopens the database at its latest commit when `revision` (the index's commit counter) moved.
  void catch_up(std::uint64_t revision);
  void reopen() {
    db_.reopen();
    counter_.reset();
  }

  result search(const query& q);
  result by_category(const query& q);
  std::vector<std::int64_t> related(std::int64_t id, const std::string& language, std::int64_t now_ms,
                                    std::size_t limit);
  std::vector<std::int64_t> all_ids();

 private:
  // Posts visible at q.now_ms (in q.category when set), of q's languages when with_language.
  Xapian::Query visibility_filter(const query& q, bool with_language) const;
  // search() with Xapian's matcher counting every match, for queries match_counter cannot count.
  result search_by_matcher(const query& q, parsed_text parsed);
  // The hits of `mset` with their snippets.
  // With `counter`, whose posting lists say which query terms each hit holds, a hit's snippet
  // stops reading its text once no later passage can score more.
  void add_hits(const Xapian::MSet& mset, const parsed_text& parsed, bool czech, result& out,
                const match_counter* counter = nullptr);
  // A check_at_least that makes Xapian's matcher count every match.
  Xapian::doccount every_match() const;
  // Czech posts passing `filter` that q's text would match with Czech posts included.
  std::size_t hidden_czech_matches(const query& q, const Xapian::Query& filter, Xapian::Query::op used_op,
                                   Xapian::doccount every_match);

  Xapian::Database db_;
  stemmers stem_;
  query_builder builder_;
  std::uint64_t revision_ = 0;
  std::optional<match_counter> counter_;  // of the revision open; made on the first search
};

}  // namespace blog::search
