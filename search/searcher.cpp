// One reader of the index: ranked search with filters, snippets and suggestions; category listings; ids.
#include "searcher.hpp"

#include "blog/search/schema.hpp"
#include "blog/search/text.hpp"
#include "document_builder.hpp"
#include "snippet.hpp"

#include <algorithm>
#include <optional>

namespace blog::search {
namespace {

// Below this many hits the query may be misspelt, so a suggestion is looked for.
constexpr Xapian::doccount suggestion_threshold = 3;
// Related posts share the post's this many most telling terms (an OR: any of them counts).
constexpr Xapian::termcount related_terms = 25;
// Shorter stems ("v", "of") say nothing about what a post is about.
constexpr std::size_t min_related_term_bytes = 3;

std::string prefixed(std::string_view prefix, std::string_view value) {
  std::string term(prefix);
  term += value;
  return term;
}

bool wants_czech(const query& q) {
  return q.language == schema::czech;
}

// A facet's values, most matches first, then by value.
std::vector<facet_count> facet_counts(const Xapian::ValueCountMatchSpy& spy) {
  std::vector<facet_count> out;
  for (auto it = spy.values_begin(); it != spy.values_end(); ++it) {
    out.push_back({*it, static_cast<std::size_t>(it.get_termfreq())});
  }
  std::sort(out.begin(), out.end(), [](const facet_count& a, const facet_count& b) {
    return a.count != b.count ? a.count > b.count : a.value < b.value;
  });
  return out;
}

}  // namespace

searcher::searcher(const std::string& dir) : db_(dir), builder_(db_, stem_) {}

void searcher::catch_up(std::uint64_t revision) {
  if (revision == revision_) return;
  reopen();
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
  builder_.use_synonyms(q.synonyms);
  parsed_text parsed = builder_.parse(q.text, czech, Xapian::Query::OP_AND);
  if (parsed.query.empty()) return {};

  // Facets and hidden_by_language count every match: from posting lists when the query allows,
  // so that Xapian's matcher only ranks the page shown.
  if (!counter_) counter_.emplace(db_);
  std::optional<docid_set> found = counter_->matches(parsed.query);
  if (!found) return search_by_matcher(q, std::move(parsed));
  std::optional<std::string> category;
  if (q.category) category = prefixed(schema::category_prefix, fold(normalize_nfc(*q.category)));
  const docid_set allowed = counter_->visible(q.now_ms, category);
  found->intersect(allowed);
  const std::size_t strict_matches = found->count();
  Xapian::Query::op used_op = Xapian::Query::OP_AND;
  if (strict_matches == 0) {
    // Nothing has every word: rank the posts that have some of them.
    parsed_text relaxed = builder_.parse(q.text, czech, Xapian::Query::OP_OR);
    if (!relaxed.query.empty() && relaxed.query.get_description() != parsed.query.get_description()) {
      found = counter_->matches(relaxed.query);
      if (!found) return search_by_matcher(q, std::move(parsed));
      found->intersect(allowed);
      parsed = std::move(relaxed);
      used_op = Xapian::Query::OP_OR;
    }
  }

  result out;
  if (strict_matches < suggestion_threshold) out.suggestion = builder_.suggest(q.text, czech);
  out.total_estimate = found->count();
  out.categories = counter_->categories(*found);
  out.languages = counter_->languages(*found);
  if (!czech) {
    // What language "cs" would answer, less its English posts (see hidden_czech_matches).
    const auto czech_matches = [&](Xapian::Query::op op) -> std::optional<std::size_t> {
      const parsed_text both = builder_.parse(q.text, true, op);
      if (both.query.empty()) return 0;
      std::optional<docid_set> matches = counter_->matches(both.query);
      if (!matches) return std::nullopt;
      matches->intersect(allowed);
      return matches->count_with(counter_->czech());
    };
    std::optional<std::size_t> hidden = czech_matches(Xapian::Query::OP_AND);
    if (hidden && *hidden == 0 && used_op == Xapian::Query::OP_OR) hidden = czech_matches(Xapian::Query::OP_OR);
    if (!hidden) hidden = hidden_czech_matches(q, visibility_filter(q, false), used_op, every_match());
    out.hidden_by_language = *hidden;
  }

  // The page: the text's matches in the category, less the posts not visible yet.
  Xapian::Query ranked = parsed.query;
  if (category) ranked = Xapian::Query(Xapian::Query::OP_FILTER, ranked, Xapian::Query(*category));
  if (Xapian::Query invisible = counter_->invisible(q.now_ms); !invisible.empty()) {
    ranked = Xapian::Query(Xapian::Query::OP_AND_NOT, ranked, invisible);
  }
  Xapian::Enquire enquire(db_);
  enquire.set_weighting_scheme(Xapian::BM25Weight());
  enquire.set_sort_by_relevance_then_value(schema::published_at_slot, true);
  enquire.set_query(ranked);
  add_hits(enquire.get_mset(static_cast<Xapian::doccount>(q.offset), static_cast<Xapian::doccount>(q.limit)), parsed,
           czech, out, &*counter_);
  return out;
}

Xapian::doccount searcher::every_match() const {
  return std::max<Xapian::doccount>(db_.get_doccount(), 1);
}

void searcher::add_hits(const Xapian::MSet& mset, const parsed_text& parsed, bool czech, result& out,
                        const match_counter* counter) {
  out.hits.reserve(mset.size());
  snippet_maker snippets(parsed.highlights, czech, stem_);
  Xapian::docid docid = 0;
  const snippet_maker::term_probe holds = [&](const std::string& term) {
    const std::optional<bool> known = counter->holds(term, docid);
    return !known || *known;
  };
  for (auto it = mset.begin(); it != mset.end(); ++it) {
    const Xapian::Document doc = it.get_document();
    const auto id = id_from_data(doc.get_data());
    if (!id) continue;
    docid = *it;
    out.hits.push_back(
        {*id, it.get_weight(), snippets.make(doc.get_value(schema::snippet_text_slot), counter ? &holds : nullptr)});
  }
}

result searcher::search_by_matcher(const query& q, parsed_text parsed) {
  const bool czech = wants_czech(q);
  result out;
  // The text query itself keeps to the wanted languages (schema.hpp).
  const Xapian::Query filter = visibility_filter(q, false);
  // Facets and hidden_by_language count every match, so no match may be skipped.
  const Xapian::doccount all = every_match();
  Xapian::Enquire enquire(db_);
  enquire.set_weighting_scheme(Xapian::BM25Weight());
  enquire.set_sort_by_relevance_then_value(schema::published_at_slot, true);
  std::optional<Xapian::ValueCountMatchSpy> categories;
  std::optional<Xapian::ValueCountMatchSpy> languages;
  const auto run = [&](const Xapian::Query& text) {
    // A spy counts every get_mset it sees: fresh ones for each run.
    enquire.clear_matchspies();
    categories.emplace(schema::category_slot);
    languages.emplace(schema::language_slot);
    enquire.add_matchspy(&*categories);
    enquire.add_matchspy(&*languages);
    enquire.set_query(Xapian::Query(Xapian::Query::OP_FILTER, text, filter));
    return enquire.get_mset(static_cast<Xapian::doccount>(q.offset), static_cast<Xapian::doccount>(q.limit), all);
  };

  Xapian::MSet mset = run(parsed.query);
  const Xapian::doccount strict_matches = mset.get_matches_estimated();
  Xapian::Query::op used_op = Xapian::Query::OP_AND;
  if (strict_matches == 0) {
    // Nothing has every word: rank the posts that have some of them.
    parsed_text relaxed = builder_.parse(q.text, czech, Xapian::Query::OP_OR);
    if (!relaxed.query.empty() && relaxed.query.get_description() != parsed.query.get_description()) {
      parsed = std::move(relaxed);
      mset = run(parsed.query);
      used_op = Xapian::Query::OP_OR;
    }
  }
  enquire.clear_matchspies();
  if (strict_matches < suggestion_threshold) out.suggestion = builder_.suggest(q.text, czech);

  out.total_estimate = mset.get_matches_estimated();
  out.categories = facet_counts(*categories);
  out.languages = facet_counts(*languages);
  if (!czech) out.hidden_by_language = hidden_czech_matches(q, filter, used_op, all);
  add_hits(mset, parsed, czech, out);
  return out;
}

std::size_t searcher::hidden_czech_matches(const query& q, const Xapian::Query& filter, Xapian::Query::op used_op,
                                           Xapian::doccount every_match) {
  // What language "cs" would answer, less its English posts: its strict query, or the relaxed one
  // when neither language has a post with every word (the English search relaxed only then too).
  const Xapian::Query czech_posts(Xapian::Query::OP_AND, filter,
                                  Xapian::Query(prefixed(schema::language_prefix, schema::czech)));
  Xapian::Enquire count(db_);
  count.set_weighting_scheme(Xapian::BoolWeight());
  const auto matches = [&](Xapian::Query::op op) -> std::size_t {
    const parsed_text both = builder_.parse(q.text, true, op);
    if (both.query.empty()) return 0;
    count.set_query(Xapian::Query(Xapian::Query::OP_FILTER, both.query, czech_posts));
    return count.get_mset(0, 0, every_match).get_matches_estimated();
  };
  const std::size_t strict = matches(Xapian::Query::OP_AND);
  if (strict > 0 || used_op == Xapian::Query::OP_AND) return strict;
  return matches(Xapian::Query::OP_OR);
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

std::vector<std::int64_t> searcher::related(std::int64_t id, const std::string& language, std::int64_t now_ms,
                                            std::size_t limit) {
  const std::string own = id_term(id);
  const Xapian::PostingIterator posting = db_.postlist_begin(own);
  if (posting == db_.postlist_end(own)) return {};
  Xapian::RSet relevant;
  relevant.add_document(*posting);

  // The post's most telling stems in its own language (not the title's copies of them), the
  // terms Xapian's relevance feedback weighs highest against the whole index.
  const bool czech = language == schema::czech;
  struct own_stems : Xapian::ExpandDecider {
    std::string head;
    bool operator()(const std::string& term) const override {
      if (term.size() < head.size() + min_related_term_bytes || !term.starts_with(head)) return false;
      const std::string_view stem = std::string_view(term).substr(head.size());
      return !(stem.front() >= 'A' && stem.front() <= 'Z') && !is_stop_word(stem);
    }
  } decider;
  decider.head = std::string(schema::stem_prefix) + std::string(schema::text_prefix(czech));
  Xapian::Enquire enquire(db_);
  enquire.set_query(Xapian::Query(own));
  const Xapian::ESet telling = enquire.get_eset(related_terms, relevant, &decider);
  if (telling.empty()) return {};
  std::vector<Xapian::Query> terms;
  for (auto it = telling.begin(); it != telling.end(); ++it) terms.emplace_back(*it);

  const Xapian::Query visible(
      Xapian::Query::OP_AND,
      Xapian::Query(Xapian::Query::OP_VALUE_LE, schema::published_at_slot,
                    Xapian::sortable_serialise(static_cast<double>(now_ms))),
      Xapian::Query(prefixed(schema::language_prefix, czech ? schema::czech : schema::english)));
  enquire.set_query(Xapian::Query(
      Xapian::Query::OP_AND_NOT,
      Xapian::Query(Xapian::Query::OP_FILTER, Xapian::Query(Xapian::Query::OP_OR, terms.begin(), terms.end()), visible),
      Xapian::Query(own)));
  enquire.set_weighting_scheme(Xapian::BM25Weight());
  enquire.set_sort_by_relevance_then_value(schema::published_at_slot, true);
  const Xapian::MSet similar = enquire.get_mset(0, static_cast<Xapian::doccount>(limit));
  std::vector<std::int64_t> ids;
  for (auto it = similar.begin(); it != similar.end(); ++it) {
    if (const auto found = id_from_data(it.get_document().get_data())) ids.push_back(*found);
  }
  return ids;
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
