// Exact match counts from posting lists: docid sets for terms, combined as the query's operators say.
#include "match_counter.hpp"

#include "blog/search/schema.hpp"

#include <algorithm>
#include <bit>

namespace blog::search {
namespace {

// Posting lists kept per reader (12.5 kB each at 100,000 posts): past this, they are all dropped.
constexpr std::size_t max_cached_term_bytes = 8 << 20;

std::vector<facet_count> sorted(std::vector<facet_count> counts) {
  std::sort(counts.begin(), counts.end(), [](const facet_count& a, const facet_count& b) {
    return a.count != b.count ? a.count > b.count : a.value < b.value;
  });
  return counts;
}

// A fixed list of docids as a posting list (no weight).
class docid_list : public Xapian::PostingSource {
 public:
  explicit docid_list(std::vector<Xapian::docid> ids) : ids_(std::move(ids)) {}

  Xapian::doccount get_termfreq_min() const override { return static_cast<Xapian::doccount>(ids_.size()); }
  Xapian::doccount get_termfreq_est() const override { return static_cast<Xapian::doccount>(ids_.size()); }
  Xapian::doccount get_termfreq_max() const override { return static_cast<Xapian::doccount>(ids_.size()); }
  void init(const Xapian::Database&) override {
    at_ = 0;
    started_ = false;
  }
  void next(double) override {
    if (started_) ++at_;
    started_ = true;
  }
  void skip_to(Xapian::docid id, double) override {
    started_ = true;
    at_ = static_cast<std::size_t>(std::lower_bound(ids_.begin() + static_cast<std::ptrdiff_t>(at_), ids_.end(), id) -
                                   ids_.begin());
  }
  bool at_end() const override { return at_ >= ids_.size(); }
  Xapian::docid get_docid() const override { return ids_[at_]; }
  docid_list* clone() const override { return new docid_list(ids_); }

 private:
  std::vector<Xapian::docid> ids_;
  std::size_t at_ = 0;
  bool started_ = false;
};

}  // namespace

void docid_set::intersect(const docid_set& other) {
  for (std::size_t i = 0; i < words_.size(); ++i) words_[i] &= other.words_[i];
}

void docid_set::unite(const docid_set& other) {
  for (std::size_t i = 0; i < words_.size(); ++i) words_[i] |= other.words_[i];
}

void docid_set::subtract(const docid_set& other) {
  for (std::size_t i = 0; i < words_.size(); ++i) words_[i] &= ~other.words_[i];
}

std::size_t docid_set::count() const {
  std::size_t n = 0;
  for (const std::uint64_t w : words_) n += static_cast<std::size_t>(std::popcount(w));
  return n;
}

std::size_t docid_set::count_with(const docid_set& other) const {
  std::size_t n = 0;
  for (std::size_t i = 0; i < words_.size(); ++i)
    n += static_cast<std::size_t>(std::popcount(words_[i] & other.words_[i]));
  return n;
}

match_counter::match_counter(const Xapian::Database& db)
    : db_(db), last_(db.get_lastdocid()), english_(last_), czech_(last_) {
  for (auto it = db_.valuestream_begin(schema::published_at_slot); it != db_.valuestream_end(schema::published_at_slot);
       ++it) {
    dated_.emplace_back(Xapian::sortable_unserialise(*it), it.get_docid());
  }
  std::sort(dated_.begin(), dated_.end());
  english_ = term_set(std::string(schema::language_prefix) + std::string(schema::english));
  czech_ = term_set(std::string(schema::language_prefix) + std::string(schema::czech));
  for (auto it = db_.valuestream_begin(schema::category_slot); it != db_.valuestream_end(schema::category_slot); ++it) {
    const std::string category = *it;
    if (category.empty()) continue;
    auto found = categories_.find(category);
    if (found == categories_.end()) found = categories_.emplace(category, docid_set(last_)).first;
    found->second.add(it.get_docid());
  }
}

docid_set match_counter::term_set(const std::string& term) {
  docid_set out(last_);
  for (auto it = db_.postlist_begin(term); it != db_.postlist_end(term); ++it) out.add(*it);
  return out;
}

std::optional<docid_set> match_counter::evaluate(const Xapian::Query& query) {
  using Q = Xapian::Query;
  const std::size_t parts = query.get_num_subqueries();
  switch (query.get_type()) {
    case Q::LEAF_TERM: {
      const std::string term = *query.get_terms_begin();
      auto known = terms_.find(term);
      if (known == terms_.end()) {
        docid_set read = term_set(term);
        if ((terms_.size() + 1) * read.bytes() > max_cached_term_bytes) terms_.clear();
        known = terms_.emplace(term, std::move(read)).first;
      }
      return known->second;
    }
    case Q::LEAF_MATCH_ALL:
      return term_set("");
    case Q::LEAF_MATCH_NOTHING:
      return docid_set(last_);
    case Q::OP_AND_MAYBE:     // the optional parts only add weight
    case Q::OP_SCALE_WEIGHT:  // a factor of 0 still matches
      return evaluate(query.get_subquery(0));
    case Q::OP_AND:
    case Q::OP_FILTER:
    case Q::OP_OR:
    case Q::OP_SYNONYM:
    case Q::OP_MAX:
    case Q::OP_AND_NOT: {
      std::optional<docid_set> out;
      for (std::size_t i = 0; i < parts; ++i) {
        std::optional<docid_set> part = evaluate(query.get_subquery(i));
        if (!part) return std::nullopt;
        if (!out) {
          out = std::move(part);
        } else if (query.get_type() == Q::OP_AND || query.get_type() == Q::OP_FILTER) {
          out->intersect(*part);
        } else if (query.get_type() == Q::OP_AND_NOT) {
          out->subtract(*part);
        } else {
          out->unite(*part);
        }
      }
      return out ? out : docid_set(last_);
    }
    default:
      return std::nullopt;
  }
}

std::optional<docid_set> match_counter::matches(const Xapian::Query& text) {
  return evaluate(text);
}

std::optional<bool> match_counter::holds(const std::string& term, Xapian::docid id) const {
  const auto known = terms_.find(term);
  if (known == terms_.end()) return std::nullopt;
  return known->second.contains(id);
}

docid_set match_counter::visible(std::int64_t now_ms, const std::optional<std::string>& category_term) {
  const auto now = static_cast<double>(now_ms);
  if (!visible_ || now < visible_upto_ms_) {
    visible_.emplace(last_);
    for (auto it = dated_.begin(); it != dated_.end() && it->first <= now; ++it) visible_->add(it->second);
  } else {
    // Posts scheduled between the last search and this one have appeared since.
    auto it =
        std::upper_bound(dated_.begin(), dated_.end(), visible_upto_ms_,
                         [](double date, const std::pair<double, Xapian::docid>& entry) { return date < entry.first; });
    for (; it != dated_.end() && it->first <= now; ++it) visible_->add(it->second);
  }
  visible_upto_ms_ = now;
  docid_set out = *visible_;
  if (category_term) out.intersect(term_set(*category_term));
  return out;
}

Xapian::Query match_counter::invisible(std::int64_t now_ms) const {
  const auto now = static_cast<double>(now_ms);
  const auto later =
      std::upper_bound(dated_.begin(), dated_.end(), now,
                       [](double date, const std::pair<double, Xapian::docid>& entry) { return date < entry.first; });
  if (later == dated_.end()) return Xapian::Query::MatchNothing;
  std::vector<Xapian::docid> ids;
  for (auto it = later; it != dated_.end(); ++it) ids.push_back(it->second);
  std::sort(ids.begin(), ids.end());
  return Xapian::Query((new docid_list(std::move(ids)))->release());
}

std::vector<facet_count> match_counter::categories(const docid_set& found) const {
  std::vector<facet_count> out;
  for (const auto& [category, posts] : categories_) {
    if (const std::size_t n = found.count_with(posts); n > 0) out.push_back({category, n});
  }
  return sorted(std::move(out));
}

std::vector<facet_count> match_counter::languages(const docid_set& found) const {
  std::vector<facet_count> out;
  if (const std::size_t n = found.count_with(english_); n > 0) out.push_back({std::string(schema::english), n});
  if (const std::size_t n = found.count_with(czech_); n > 0) out.push_back({std::string(schema::czech), n});
  return sorted(std::move(out));
}

}  // namespace blog::search
