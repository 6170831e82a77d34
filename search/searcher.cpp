// One reader of the index: ranked search with filters, snippets and suggestions; category listings; ids.
#include "searcher.hpp"

#include "blog/search/schema.hpp"
#include "blog/search/text.hpp"
#include "document_builder.hpp"
#include "snippet.hpp"

#include <algorithm>

namespace blog::search {
namespace {

// Below this many hits the query may be misspelt, so a suggestion is looked for.
constexpr Xapian::doccount suggestion_threshold = 3;

std::string prefixed(std::string_view prefix, std::string_view value) {
  std::string term(prefix);
  term += value;
  return term;
}

bool wants_czech(const query& q) {
  return q.language == schema::czech;
}

}  // namespace

searcher::searcher(const std::string& dir) : db_(dir), builder_(db_, stem_) {}

void searcher::catch_up(std::uint64_t revision) {
  if (revision == revision_) return;
  db_.reopen();
  revision_ = revision;
}

Xapian::Query searcher::visibility_filter(const query& q, bool with_language) const {
  // Hidden posts carry +infinity in the date slot, so this one test covers both rules.
  std::vector<Xapian::Query> parts{Xapian::Query(Xapian::Query::OP_VALUE_LE, schema::published_at_slot,
                                                 Xapian::sortable_serialise(static_cast<double>(q.now_ms)))};
  if (with_language) {
    const Xapian::Query english(prefixed(schema::language_prefix, schema::english));
    parts.push_back(wants_czech(q) ? Xapian::Query(Xapian::Query::OP_OR, english,
                                                   Xapian::Query(prefixed(schema::language_prefix, schema::czech)))
                                   : english);
  }
  if (q.category) {
    parts.emplace_back(prefixed(schema::category_prefix, fold(normalize_nfc(*q.category))));
  }
  return parts.size() == 1 ? parts.front() : Xapian::Query(Xapian::Query::OP_AND, parts.begin(), parts.end());
}

result searcher::search(const query& q) {
  const bool czech = wants_czech(q);
  result out;
  parsed_text parsed = builder_.parse(q.text, czech, Xapian::Query::OP_AND);
  if (parsed.query.empty()) return out;

  // The text query itself keeps to the wanted languages (schema.hpp).
  const Xapian::Query filter = visibility_filter(q, false);
  Xapian::Enquire enquire(db_);
  enquire.set_weighting_scheme(Xapian::BM25Weight());
  enquire.set_sort_by_relevance_then_value(schema::published_at_slot, true);
  const auto check_at_least =
      static_cast<Xapian::doccount>(std::max<std::size_t>(q.offset + q.limit, suggestion_threshold));
  const auto run = [&](const Xapian::Query& text) {
    enquire.set_query(Xapian::Query(Xapian::Query::OP_FILTER, text, filter));
    return enquire.get_mset(static_cast<Xapian::doccount>(q.offset), static_cast<Xapian::doccount>(q.limit),
                            check_at_least);
  };

  Xapian::MSet mset = run(parsed.query);
  const Xapian::doccount strict_matches = mset.get_matches_estimated();
  if (strict_matches == 0) {
    // Nothing has every word: rank the posts that have some of them.
    parsed_text relaxed = builder_.parse(q.text, czech, Xapian::Query::OP_OR);
    if (!relaxed.query.empty() && relaxed.query.get_description() != parsed.query.get_description()) {
      parsed = std::move(relaxed);
      mset = run(parsed.query);
    }
  }
  if (strict_matches < suggestion_threshold) out.suggestion = builder_.suggest(q.text, czech);

  out.total_estimate = mset.get_matches_estimated();
  out.hits.reserve(mset.size());
  snippet_maker snippets(parsed.highlights, czech, stem_);
  for (auto it = mset.begin(); it != mset.end(); ++it) {
    const Xapian::Document doc = it.get_document();
    const auto id = id_from_data(doc.get_data());
    if (!id) continue;
    out.hits.push_back({*id, it.get_weight(), snippets.make(doc.get_value(schema::snippet_text_slot))});
  }
  return out;
}

result searcher::by_category(const query& q) {
  Xapian::Enquire enquire(db_);
  enquire.set_query(visibility_filter(q, true));
  enquire.set_weighting_scheme(Xapian::BoolWeight());
  enquire.set_sort_by_value(schema::published_at_slot, true);
  enquire.set_docid_order(Xapian::Enquire::DESCENDING);
  const Xapian::MSet mset =
      enquire.get_mset(static_cast<Xapian::doccount>(q.offset), static_cast<Xapian::doccount>(q.limit));
  result out;
  out.total_estimate = mset.get_matches_estimated();
  out.hits.reserve(mset.size());
  for (auto it = mset.begin(); it != mset.end(); ++it) {
    const auto id = id_from_data(it.get_document().get_data());
    if (id) out.hits.push_back({*id, 0.0, {}});
  }
  return out;
}

std::vector<std::int64_t> searcher::all_ids() {
  std::vector<std::int64_t> ids;
  const std::string prefix(schema::id_prefix);
  for (auto it = db_.allterms_begin(prefix); it != db_.allterms_end(prefix); ++it) {
    const std::string term = *it;
    if (const auto id = id_from_data(std::string_view(term).substr(prefix.size()))) {
      ids.push_back(*id);
    }
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace blog::search
