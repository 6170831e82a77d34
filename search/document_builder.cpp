// Turns a post into a Xapian document: boolean terms, folded and stemmed words, date and snippet values.
#include "document_builder.hpp"

#include "blog/search/schema.hpp"
#include "blog/search/text.hpp"

#include <charconv>
#include <cstdlib>

namespace blog::search {
namespace {

// A writer indexing a whole corpus sees a few hundred thousand distinct words; past this the cache
// is dropped and refilled rather than grown without bound.
constexpr std::size_t max_cached_words = 200'000;

// Cuts NFC text to at most `bytes`, on a code point boundary.
std::string_view cut_utf8(std::string_view text, std::size_t bytes) {
  if (text.size() <= bytes) return text;
  std::size_t end = bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

}  // namespace

std::string id_to_data(std::int64_t id) { return std::to_string(id); }

std::optional<std::int64_t> id_from_data(std::string_view data) {
  std::int64_t id = 0;
  const auto [end, error] = std::from_chars(data.data(), data.data() + data.size(), id);
  if (error != std::errc() || end != data.data() + data.size()) return std::nullopt;
  return id;
}

std::string id_term(std::int64_t id) {
  std::string term(schema::id_prefix);
  term += std::to_string(id);
  return term;
}

const word_terms& document_builder::terms_of(const std::string& lower, bool czech) {
  auto& cache = czech ? czech_cache_ : english_cache_;
  auto found = cache.find(lower);
  if (found != cache.end()) return found->second;
  auto [inserted, _] = cache.try_emplace(lower);
  analyse_word(lower, czech, stem_, inserted->second);
  return inserted->second;
}

void document_builder::add_field(Xapian::Document& doc, std::string_view text, bool czech,
                                 bool title) {
  const Xapian::termcount wdf = title ? schema::title_wdf : 1;
  word_reader reader(text);
  while (reader.next(current_)) {
    if (current_.lower.size() > schema::max_word_bytes) continue;
    const word_terms& terms = terms_of(current_.lower, czech);
    ++position_;
    static const bool no_pos = std::getenv("NO_POS");
    if (no_pos) doc.add_term(terms.folded, wdf); else doc.add_posting(terms.folded, position_, wdf);
    if (terms.spelling) spelling_seen_.insert(&terms);
    if (title) {
      term_.assign(schema::title_prefix);
      term_ += terms.folded;
      doc.add_posting(term_, position_);
    }
    static const bool no_acc = std::getenv("NO_ACC");
    for (const std::string* stem : {&terms.stem_folded, &terms.stem_accented}) {
      if (stem->empty()) continue;
      if (no_acc && stem == &terms.stem_accented) continue;
      term_.assign(schema::stem_prefix);
      term_ += *stem;
      doc.add_term(term_, wdf);
      if (title) {
        term_.assign(schema::stem_prefix);
        term_ += schema::title_prefix;
        term_ += *stem;
        doc.add_term(term_);
      }
    }
  }
  position_ += schema::field_position_gap;
}

Xapian::Document document_builder::build(const post_doc& post,
                                         std::vector<std::string>& spelling_words) {
  if (czech_cache_.size() + english_cache_.size() > max_cached_words) {
    czech_cache_.clear();
    english_cache_.clear();
  }
  spelling_seen_.clear();
  position_ = 0;

  const bool czech = post.language == schema::czech;
  Xapian::Document doc;
  doc.set_data(id_to_data(post.id));
  doc.add_boolean_term(id_term(post.id));
  doc.add_boolean_term(std::string(schema::language_prefix) + post.language);
  if (!post.category.empty()) {
    doc.add_boolean_term(std::string(schema::category_prefix) + fold(normalize_nfc(post.category)));
  }
  if (post.published) doc.add_boolean_term(std::string(schema::published_term));
  doc.add_value(schema::published_at_slot,
                Xapian::sortable_serialise(static_cast<double>(post.published_at_ms)));

  const std::string title = normalize_nfc(post.title);
  const std::string excerpt = normalize_nfc(post.excerpt);
  const std::string body = normalize_nfc(post.body_text);
  add_field(doc, title, czech, true);
  add_field(doc, excerpt, czech, false);
  add_field(doc, body, czech, false);

  std::string snippet_text = excerpt;
  if (!snippet_text.empty() && !body.empty()) snippet_text += '\n';
  snippet_text += cut_utf8(body, schema::snippet_text_bytes - std::min(snippet_text.size(),
                                                                         schema::snippet_text_bytes));
  if (!std::getenv("NO_SNIP")) doc.add_value(schema::snippet_text_slot,
                std::string(cut_utf8(snippet_text, schema::snippet_text_bytes)));

  spelling_words.clear();
  for (const word_terms* terms : spelling_seen_) spelling_words.push_back(terms->folded);
  return doc;
}

}  // namespace blog::search
