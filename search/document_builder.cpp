// Turns a post into a Xapian document: boolean terms, folded and stemmed words, date and snippet values.
#include "document_builder.hpp"

#include "blog/search/schema.hpp"
#include "blog/search/text.hpp"
#include "utf8.hpp"

#include <algorithm>
#include <charconv>
#include <limits>

namespace blog::search {
namespace {

// A writer indexing a whole corpus sees a few hundred thousand distinct words; past this the cache
// is dropped and refilled rather than grown without bound.
constexpr std::size_t max_cached_words = 200'000;

}  // namespace

std::string id_to_data(std::int64_t id) {
  return std::to_string(id);
}

std::optional<std::int64_t> id_from_data(std::string_view data) {
  std::int64_t id = 0;
  const auto [end, error] = std::from_chars(data.data(), data.data() + data.size(), id);
  if (error != std::errc() || end != data.data() + data.size()) return std::nullopt;
  return id;
}

std::vector<std::string> word_starts_of(std::string_view folded) {
  std::vector<std::string> out;
  std::size_t chars = 0;
  for (std::size_t at = 0; at < folded.size() && chars < schema::max_word_start_chars;) {
    utf8::decode(folded, at);
    if (++chars >= schema::min_word_start_chars) out.emplace_back(folded.substr(0, at));
  }
  return out;
}

std::string id_term(std::int64_t id) {
  std::string term(schema::id_prefix);
  term += std::to_string(id);
  return term;
}

document_builder::entry& document_builder::entry_of(const std::string& lower, bool czech) {
  auto& cache = czech ? czech_cache_ : english_cache_;
  if (const auto found = cache.find(lower); found != cache.end()) return found->second;
  entry& fresh = cache.try_emplace(lower).first->second;
  analyse_word(lower, czech, stem_, fresh.terms);
  const std::string prefix(schema::text_prefix(czech));
  const std::string title_prefix = prefix + std::string(schema::title_suffix);
  fresh.positional = prefix + fresh.terms.folded;
  fresh.title_positional = title_prefix + fresh.terms.folded;
  const auto add_stem = [&](const std::string& stem) {
    if (stem.empty()) return;
    fresh.stem_terms.push_back(std::string(schema::stem_prefix) + prefix + stem);
    fresh.title_stem_terms.push_back(std::string(schema::stem_prefix) + title_prefix + stem);
  };
  add_stem(fresh.terms.stem_folded);
  add_stem(fresh.terms.stem_accented);
  for (const std::string& lemma : fresh.terms.lemmas) add_stem(lemma);
  for (const std::string& start : word_starts_of(fresh.terms.folded)) {
    std::string term = std::string(schema::word_start_prefix) + prefix + start;
    auto found = starts_.find(term);
    if (found == starts_.end()) {
      found = starts_.try_emplace(term).first;
      found->second.term = std::move(term);
    }
    // References into an unordered_map survive later insertions.
    fresh.word_starts.push_back(&found->second);
  }
  if (fresh.terms.spelling) {
    // References into an unordered_map survive later insertions.
    fresh.spelling_entry = fresh.terms.folded == lower ? &fresh : &entry_of(fresh.terms.folded, czech);
  }
  return fresh;
}

void document_builder::add_field(Xapian::Document& doc, std::string_view text, bool czech, bool title) {
  const Xapian::termcount wdf = title ? schema::title_wdf : 1;
  word_reader reader(text);
  while (reader.next(current_)) {
    if (current_.lower.size() > schema::max_word_bytes) continue;
    entry& e = entry_of(current_.lower, czech);
    ++position_;
    doc.add_posting(e.positional, position_, wdf);
    if (e.document != document_) {
      e.document = document_;
      e.weighted = 0;
      e.in_title = 0;
      in_document_.push_back(&e);
    }
    e.weighted += wdf;
    if (title) {
      ++e.in_title;
      doc.add_posting(e.title_positional, position_);
    }
  }
  position_ += schema::field_position_gap;
}

void document_builder::add_stems(Xapian::Document& doc) {
  starts_in_document_.clear();
  for (const entry* e : in_document_) {
    for (const std::string& term : e->stem_terms) doc.add_term(term, e->weighted);
    if (e->in_title > 0) {
      for (const std::string& term : e->title_stem_terms) doc.add_term(term, e->in_title);
    }
    for (start_entry* start : e->word_starts) {
      if (start->document != document_) {
        start->document = document_;
        start->weighted = 0;
        starts_in_document_.push_back(start);
      }
      start->weighted += e->weighted;
    }
    entry* counted = e->spelling_entry;
    if (counted != nullptr && counted->spelling_document != document_) {
      counted->spelling_document = document_;
      if (counted->spelling++ == 0) spelling_pending_.push_back(counted);
    }
  }
  for (const start_entry* start : starts_in_document_) doc.add_term(start->term, start->weighted);
}

void document_builder::drop_cache() {
  for (entry* e : spelling_pending_) dropped_spelling_[e->terms.folded] += e->spelling;
  spelling_pending_.clear();
  czech_cache_.clear();
  english_cache_.clear();
  starts_.clear();
}

void document_builder::take_spelling(std::unordered_map<std::string, std::int64_t>& deltas) {
  for (entry* e : spelling_pending_) {
    deltas[e->terms.folded] += e->spelling;
    e->spelling = 0;
  }
  spelling_pending_.clear();
  for (const auto& [word, count] : dropped_spelling_) deltas[word] += count;
  dropped_spelling_.clear();
}

Xapian::Document document_builder::build(const post_doc& post) {
  if (czech_cache_.size() + english_cache_.size() > max_cached_words) drop_cache();
  ++document_;
  in_document_.clear();
  position_ = 0;

  const bool czech = post.language == schema::czech;
  Xapian::Document doc;
  doc.set_data(id_to_data(post.id));
  doc.add_boolean_term(id_term(post.id));
  doc.add_boolean_term(std::string(schema::language_prefix) + std::string(czech ? schema::czech : schema::english));
  if (!post.category.empty()) {
    const std::string category = normalize_nfc(post.category);
    doc.add_boolean_term(std::string(schema::category_prefix) + fold(category));
    doc.add_value(schema::category_slot, category);
  }
  doc.add_value(schema::language_slot, std::string(czech ? schema::czech : schema::english));
  if (post.published) doc.add_boolean_term(std::string(schema::published_term));
  doc.add_value(schema::published_at_slot,
                Xapian::sortable_serialise(post.published ? static_cast<double>(post.published_at_ms)
                                                          : std::numeric_limits<double>::infinity()));

  const std::string title = normalize_nfc(post.title);
  const std::string excerpt = normalize_nfc(post.excerpt);
  const std::string body = normalize_nfc(post.body_text);
  add_field(doc, title, czech, true);
  add_field(doc, excerpt, czech, false);
  add_field(doc, body, czech, false);
  add_stems(doc);

  std::string snippet_text = excerpt;
  if (!snippet_text.empty() && !body.empty()) snippet_text += '\n';
  snippet_text +=
      cut_utf8(body, schema::snippet_text_bytes - std::min(snippet_text.size(), schema::snippet_text_bytes));
  doc.add_value(schema::snippet_text_slot, std::string(cut_utf8(snippet_text, schema::snippet_text_bytes)));
  return doc;
}

}  // namespace blog::search
