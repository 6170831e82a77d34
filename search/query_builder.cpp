// Query text → Xapian query: normalise and fold, parse with each stemmer, OR the results; spelling suggestions.
#include "query_builder.hpp"

#include "blog/search/schema.hpp"
#include "blog/search/text.hpp"
#include "document_builder.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace blog::search {
namespace {

constexpr unsigned parser_flags = Xapian::QueryParser::FLAG_PHRASE | Xapian::QueryParser::FLAG_BOOLEAN |
                                  Xapian::QueryParser::FLAG_LOVEHATE | Xapian::QueryParser::FLAG_WILDCARD |
                                  Xapian::QueryParser::FLAG_BOOLEAN_ANY_CASE;

// Longer search text is cut: nobody types it, and each word costs a posting list.
constexpr std::size_t max_query_bytes = 512;
// A wildcard longer than the indexed word starts (schema::max_word_start_chars) expands to at most
// this many of its most frequent terms, and needs a prefix of at least min_wildcard_prefix bytes
// ("a*" would scan a large part of the vocabulary).
constexpr Xapian::termcount max_wildcard_terms = 10;
constexpr std::size_t min_wildcard_prefix = 2;
constexpr unsigned max_edit_distance = 2;

// Words too common to narrow a search; dropped outside phrases (the index keeps them). Folded and
// accented forms, since the text is parsed both ways.
constexpr auto stop_words = std::to_array<std::string_view>(
    {// English
     "a", "an", "the", "of", "to", "in", "on", "at", "by", "for", "with", "from", "into", "is", "are", "was", "were",
     "be", "been", "it", "its", "this", "that", "these", "those", "as", "if", "than", "then", "so", "do", "does", "how",
     "what", "which", "who", "about",
     // Czech
     "i", "k", "o", "s", "u", "v", "z", "ve", "ze", "že", "na", "do", "od", "po", "pro", "při", "pri", "se", "si", "je",
     "jsou", "byl", "by", "to", "ta", "ten", "jak", "ale", "nebo", "také", "take", "jako", "aby", "už", "uz", "ke"});

// An accented stem carried by at least this share of the posts its folded stem matches does not
// boost exact spellings (parse_language).
constexpr double common_spelling_share = 0.9;
// Posts found only through a glossary synonym score this share of their weight, so matches in
// the query's own language rank above them.
constexpr double synonym_weight = 0.1;
// At most this many glossary pairs expand one query.
constexpr std::size_t max_synonym_pairs = 8;

constexpr auto operator_words = std::to_array<std::string_view>({"and", "or", "not", "xor", "near", "adj"});

bool is_operator_word(std::string_view lower) {
  return std::find(operator_words.begin(), operator_words.end(), lower) != operator_words.end();
}

// Czech and German quotation marks („…“, »…«) act as the ASCII double quote of phrase syntax.
std::string ascii_quotes(std::string_view text) {
  static constexpr auto quotes =
      std::to_array<std::string_view>({"\u201E", "\u201C", "\u201D", "\u201F", "\u00AB", "\u00BB"});
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const auto quote =
        std::find_if(quotes.begin(), quotes.end(), [&](std::string_view q) { return text.substr(at).starts_with(q); });
    if (quote == quotes.end()) {
      out += text[at++];
    } else {
      out += '"';
      at += quote->size();
    }
  }
  return out;
}

// The field through which a word start reaches the query parsers ("pla*" is parsed as
// "wordstart:pla"); a reader typing it gets the same prefix search.
constexpr std::string_view word_start_field = "wordstart";

// Turns a word start into its indexed term (schema::word_start_prefix) in one language.
class word_start_processor : public Xapian::FieldProcessor {
 public:
  explicit word_start_processor(std::string head) : head_(std::move(head)) {}
  Xapian::Query operator()(const std::string& text) override { return Xapian::Query(head_ + fold(to_lower(text))); }

 private:
  std::string head_;
};

// Hands a wildcard whose prefix is an indexed word start (2-4 characters) to the word start
// field: one posting list instead of the OR of up to max_wildcard_terms of them, and every word
// with the prefix instead of the most frequent ones. Wildcards in phrases or fields stay as they are.
std::string use_word_starts(std::string text) {
  // The field is ours alone: typed by a reader it is a plain word. Xapian 1.4's parser crashes on
  // a field processor's value that holds a ':' after a '+' ("be +wordstart:a:b", fuzz_search_query).
  const std::string field = std::string(word_start_field) + ':';
  for (auto at = text.find(field); at != std::string::npos; at = text.find(field, at + field.size()))
    text[at + word_start_field.size()] = ' ';
  word_reader reader(text);
  word w;
  std::string out;
  std::size_t copied = 0;
  bool in_phrase = false;
  std::size_t quotes_seen = 0;
  while (reader.next(w)) {
    for (; quotes_seen < w.begin; ++quotes_seen) {
      if (text[quotes_seen] == '"') in_phrase = !in_phrase;
    }
    if (in_phrase || w.end >= text.size() || text[w.end] != '*') continue;
    if (w.begin > 0 && text[w.begin - 1] == ':') continue;
    // Indexed when its longest word start is the whole of it.
    const std::string start = fold(w.lower);
    const std::vector<std::string> starts = word_starts_of(start);
    if (starts.empty() || starts.back().size() != start.size()) continue;
    out.append(text, copied, w.begin - copied);
    out += word_start_field;
    out += ':';
    out.append(text, w.begin, w.end - w.begin);
    out += ' ';  // for the '*': "ab*cd*" must not run on into one field value
    copied = w.end + 1;
  }
  if (copied == 0) return text;
  out.append(text, copied, std::string::npos);
  return out;
}

// Drops the '*' after words too short to be a useful wildcard prefix.
std::string drop_short_wildcards(std::string text) {
  word_reader reader(text);
  word w;
  std::vector<std::size_t> stars;
  while (reader.next(w)) {
    if (w.end < text.size() && text[w.end] == '*' && w.end - w.begin < min_wildcard_prefix) {
      stars.push_back(w.end);
    }
  }
  for (auto it = stars.rbegin(); it != stars.rend(); ++it) text.erase(*it, 1);
  return text;
}

// One parse; nullopt when QueryParser rejects the text even without operators.
std::optional<Xapian::Query> parse_with(Xapian::QueryParser& parser, const std::string& text, const Xapian::Stem& stem,
                                        Xapian::Query::op default_op) {
  parser.set_stemmer(stem);
  parser.set_default_op(default_op);
  try {
    return split_lemma_terms(parser.parse_query(text, parser_flags));
  } catch (const Xapian::QueryParserError&) {
  }
  try {
    return split_lemma_terms(parser.parse_query(text, 0));
  } catch (const Xapian::QueryParserError&) {
  }
  return std::nullopt;
}

void add_stem_terms(const word_terms& terms, std::string_view prefix, std::vector<Xapian::Query>& out) {
  const auto term = [&](std::string_view head, const std::string& word) {
    std::string t(head);
    t += prefix;
    t += word;
    return t;
  };
  if (!terms.lemmas.empty()) {
    for (const std::string& lemma : terms.lemmas) out.emplace_back(term(schema::stem_prefix, lemma));
    return;
  }
  if (terms.stem_folded.empty()) {
    out.emplace_back(term("", terms.folded));
    return;
  }
  out.emplace_back(term(schema::stem_prefix, terms.stem_folded));
  if (!terms.stem_accented.empty()) out.emplace_back(term(schema::stem_prefix, terms.stem_accented));
}

// Strips the prefixes of a free-text term: "ZCSplatb" → "platb" (stem), "Cplatba" → "platba".
// nullopt for boolean terms.
std::optional<std::pair<std::string_view, bool>> text_of(std::string_view term) {
  const bool stem = term.starts_with(schema::stem_prefix);
  if (stem) term.remove_prefix(schema::stem_prefix.size());
  if (term.starts_with(schema::czech_text_prefix)) {
    term.remove_prefix(schema::czech_text_prefix.size());
  } else if (term.starts_with(schema::english_text_prefix)) {
    term.remove_prefix(schema::english_text_prefix.size());
  } else {
    return std::nullopt;
  }
  if (term.starts_with(schema::title_suffix)) term.remove_prefix(schema::title_suffix.size());
  if (term.empty() || (term.front() >= 'A' && term.front() <= 'Z')) return std::nullopt;
  return std::pair{term, stem};
}

void collect_highlights(const Xapian::Query& query, const std::string& folded, const Xapian::Database& db,
                        highlight_terms& out) {
  const double documents = static_cast<double>(db.get_doccount()) + 1;
  for (auto it = query.get_unique_terms_begin(); it != query.get_terms_end(); ++it) {
    const std::string term = *it;
    if (const auto text = text_of(term)) {
      std::string key(text->first);
      (text->second ? out.stems : out.words).insert(key);
      out.sources.emplace_back(term, key);
      const double rarity = std::log(1 + documents / (static_cast<double>(db.get_termfreq(term)) + 1));
      double& known = out.rarity[key];
      known = std::max(known, rarity);
    }
  }
  word_reader reader(folded);
  word w;
  while (reader.next(w)) {
    if (w.end < folded.size() && folded[w.end] == '*') out.wildcard_prefixes.push_back(w.lower);
  }
}

}  // namespace

bool is_stop_word(std::string_view word) {
  return std::find(stop_words.begin(), stop_words.end(), word) != stop_words.end();
}

query_builder::query_builder(const Xapian::Database& db, stemmers& stem) : db_(db), stem_(stem) {
  for (const std::string_view stop_word : stop_words) stopper_.add(std::string(stop_word));
  for (const bool czech : {true, false}) {
    Xapian::QueryParser& parser = czech ? czech_parser_ : english_parser_;
    const std::string prefix(schema::text_prefix(czech));
    parser.set_database(db_);
    parser.set_stopper(&stopper_);
    parser.set_stemming_strategy(Xapian::QueryParser::STEM_SOME);
    parser.add_prefix("", prefix);
    parser.add_prefix("title", prefix + std::string(schema::title_suffix));
    parser.add_prefix(std::string(word_start_field),
                      (new word_start_processor(std::string(schema::word_start_prefix) + prefix))->release());
    parser.set_max_expansion(max_wildcard_terms, Xapian::Query::WILDCARD_LIMIT_MOST_FREQUENT,
                             Xapian::QueryParser::FLAG_WILDCARD);
  }
}

// One language's query. Its base is the folded text parsed with the language's folded stemmer:
// every post carries those terms, so the base alone decides what matches. The accented text
// parsed with the accented stemmer contributes the stems only exact accented spellings carry, as
// an AND_MAYBE boost: exact matches rank higher without a second evaluation of the whole query.
std::optional<Xapian::Query> query_builder::parse_language(const std::string& lower, const std::string& folded,
                                                           bool czech, Xapian::Query::op default_op) {
  Xapian::QueryParser& parser = czech ? czech_parser_ : english_parser_;
  const Xapian::Stem& folded_stem = czech ? stem_.czech_folded : stem_.english;
  const Xapian::Stem& accented_stem = czech ? stem_.czech : stem_.english;
  const std::string_view prefix = schema::text_prefix(czech);

  // The folded parse looks Czech words up by the spelling the reader typed.
  stem_.spellings->clear();
  if (czech) {
    word_reader reader(lower);
    word w;
    while (reader.next(w)) stem_.spellings->try_emplace(fold(w.lower), w.lower);
  }
  std::optional<Xapian::Query> base = parse_with(parser, folded, folded_stem, default_op);
  if (!base) {
    // QueryParser gave up on this text: search its plain words, each in all its forms.
    word_reader reader(folded);
    word w;
    word_terms terms;
    std::vector<Xapian::Query> words;
    while (reader.next(w)) {
      if (w.lower.size() > schema::max_word_bytes || is_stop_word(w.lower)) continue;
      std::vector<Xapian::Query> forms;
      analyse_word(w.lower, czech, stem_, terms);
      add_stem_terms(terms, prefix, forms);
      words.emplace_back(Xapian::Query::OP_OR, forms.begin(), forms.end());
    }
    base = Xapian::Query(default_op, words.begin(), words.end());
  }
  if (base->empty()) return std::nullopt;
  if (lower == folded && &folded_stem == &accented_stem) return base;

  const std::optional<Xapian::Query> accented = parse_with(parser, lower, accented_stem, default_op);
  if (!accented) return base;
  const std::unordered_set<std::string> base_terms(base->get_unique_terms_begin(), base->get_terms_end());
  // Each word's accented stem and the folded stem every post with the word carries.
  const std::string stem_head = std::string(schema::stem_prefix) + std::string(prefix);
  std::unordered_map<std::string, std::string> folded_stem_of;
  {
    word_reader reader(lower);
    word w;
    word_terms terms;
    while (reader.next(w)) {
      analyse_word(w.lower, czech, stem_, terms);
      if (!terms.stem_accented.empty() && !terms.stem_folded.empty())
        folded_stem_of.emplace(stem_head + terms.stem_accented, stem_head + terms.stem_folded);
    }
  }
  std::vector<Xapian::Query> boosts;
  for (auto it = accented->get_unique_terms_begin(); it != accented->get_terms_end(); ++it) {
    const std::string& term = *it;
    if (!term.starts_with(schema::stem_prefix) || base_terms.contains(term)) continue;
    // A boost nearly every match carries (the corpus writes the word with its diacritics) would
    // reorder only the few posts written without them, at the cost of reading one more posting
    // list as long as the word's own for every match. It is left out; a spelling that tells
    // posts apart ("být" among "byt") keeps it.
    if (auto pair = folded_stem_of.find(term);
        pair != folded_stem_of.end() && static_cast<double>(db_.get_termfreq(term)) >=
                                            common_spelling_share * static_cast<double>(db_.get_termfreq(pair->second)))
      continue;
    boosts.emplace_back(term);
  }
  if (boosts.empty()) return base;
  return Xapian::Query(Xapian::Query::OP_AND_MAYBE, *base,
                       Xapian::Query(Xapian::Query::OP_OR, boosts.begin(), boosts.end()));
}

void query_builder::use_synonyms(const std::shared_ptr<const glossary>& synonyms) {
  if (synonyms == synonyms_) return;
  synonyms_ = synonyms;
  synonym_entries_.clear();
  if (!synonyms_) return;
  for (const synonym_pair& pair : synonyms_->pairs) {
    synonym_entry e;
    e.en = to_lower(normalize_nfc(pair.en));
    e.cs = to_lower(normalize_nfc(pair.cs));
    e.en_stems = stems_of(e.en, false);
    e.cs_stems = stems_of(e.cs, true);
    // A term spelt alike in both languages ("chargeback") is found without help.
    if (e.en_stems.empty() || e.cs_stems.empty() || fold(e.en) == fold(e.cs)) continue;
    synonym_entries_.push_back(std::move(e));
  }
}

std::vector<std::string> query_builder::stems_of(std::string_view lower, bool czech) {
  std::vector<std::string> out;
  word_reader reader(lower);
  word w;
  word_terms terms;
  while (reader.next(w)) {
    analyse_word(w.lower, czech, stem_, terms);
    if (!terms.lemmas.empty()) {
      std::string lemmas;
      for (const std::string& lemma : terms.lemmas) lemmas += lemma;
      out.push_back(std::move(lemmas));
    } else {
      out.push_back(terms.stem_folded.empty() ? terms.folded : terms.stem_folded);
    }
  }
  return out;
}

std::optional<Xapian::Query> query_builder::synonym_query(const std::string& lower, bool from_czech) {
  const std::vector<std::string> words = stems_of(lower, from_czech);
  const auto side = [&](const synonym_entry& e) -> const std::vector<std::string>& {
    return from_czech ? e.cs_stems : e.en_stems;
  };
  // Cover the words with the longest glossary terms, left to right; each covered span becomes the
  // OR of its terms' translations, and the spans are AND-ed: "card fraud" means "karetní podvod",
  // not every post about cards. Words no term covers may add weight but are not required: they
  // rarely exist in the other language ("Česku").
  std::vector<Xapian::Query> spans;
  std::string uncovered;
  std::size_t pairs = 0;
  word_reader reader(lower);
  word w;
  std::vector<std::string> originals;
  while (reader.next(w)) originals.push_back(w.lower);
  for (std::size_t at = 0; at < words.size();) {
    std::size_t longest = 0;
    std::vector<const synonym_entry*> matches;
    for (const synonym_entry& e : synonym_entries_) {
      const auto& phrase = side(e);
      if (phrase.size() < longest || at + phrase.size() > words.size() ||
          !std::equal(phrase.begin(), phrase.end(), words.begin() + static_cast<std::ptrdiff_t>(at))) {
        continue;
      }
      if (phrase.size() > longest) matches.clear();
      longest = phrase.size();
      matches.push_back(&e);
    }
    if (matches.empty()) {
      if (at < originals.size() && !is_stop_word(originals[at])) uncovered += originals[at] + ' ';
      ++at;
      continue;
    }
    std::vector<Xapian::Query> alternatives;
    std::unordered_set<std::string> seen;  // pairs that differ only in inflection parse alike
    for (const synonym_entry* e : matches) {
      if (pairs++ >= max_synonym_pairs) break;
      const std::string& target = from_czech ? e->en : e->cs;
      if (auto q = parse_language(target, fold(target), !from_czech, Xapian::Query::OP_AND)) {
        if (seen.insert(q->get_description()).second) alternatives.push_back(std::move(*q));
      }
    }
    if (!alternatives.empty()) spans.emplace_back(Xapian::Query::OP_OR, alternatives.begin(), alternatives.end());
    at += longest;
  }
  if (spans.empty()) return std::nullopt;
  Xapian::Query required(Xapian::Query::OP_AND, spans.begin(), spans.end());
  if (uncovered.empty()) return required;
  const std::optional<Xapian::Query> optional =
      parse_language(uncovered, fold(uncovered), !from_czech, Xapian::Query::OP_OR);
  if (!optional) return required;
  return Xapian::Query(Xapian::Query::OP_AND_MAYBE, required, *optional);
}

std::vector<Xapian::Query> query_builder::synonym_queries(const std::string& lower, bool czech) {
  std::vector<Xapian::Query> out;
  if (synonym_entries_.empty()) return out;
  // English posts are always searched; Czech ones only when the query includes them.
  if (auto q = synonym_query(lower, true)) out.push_back(std::move(*q));
  if (czech) {
    if (auto q = synonym_query(lower, false)) out.push_back(std::move(*q));
  }
  return out;
}

parsed_text query_builder::parse(std::string_view text, bool czech, Xapian::Query::op default_op) {
  const std::string typed =
      drop_short_wildcards(ascii_quotes(to_lower(normalize_nfc(cut_utf8(text, max_query_bytes)))));
  const std::string lower = use_word_starts(typed);
  const std::string folded = fold(lower);

  // The languages' vocabularies are disjoint (schema.hpp), so each query finds only its own
  // language's posts and no language filter is needed.
  std::vector<Xapian::Query> languages;
  if (czech) {
    if (auto q = parse_language(lower, folded, true, default_op)) languages.push_back(std::move(*q));
  }
  if (auto q = parse_language(lower, folded, false, default_op)) languages.push_back(std::move(*q));

  parsed_text out;
  if (languages.empty()) return out;
  out.query = languages.size() == 1 ? languages.front()
                                    : Xapian::Query(Xapian::Query::OP_OR, languages.begin(), languages.end());
  // Glossary synonyms in the other language, weighted down: they add posts, never outrank.
  if (std::vector<Xapian::Query> synonyms = synonym_queries(typed, czech); !synonyms.empty()) {
    out.query = Xapian::Query(
        Xapian::Query::OP_OR, out.query,
        Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT,
                      Xapian::Query(Xapian::Query::OP_OR, synonyms.begin(), synonyms.end()), synonym_weight));
  }
  collect_highlights(out.query, fold(typed), db_, out.highlights);
  word_reader reader(typed);
  word w;
  word_terms terms;
  while (reader.next(w)) {
    if (w.lower.size() > schema::max_word_bytes) continue;
    std::vector<std::string> forms;
    for (const bool language : {true, false}) {
      if (language && !czech) continue;
      analyse_word(w.lower, language, stem_, terms);
      for (const std::string* form : {&terms.folded, &terms.stem_folded, &terms.stem_accented}) {
        if (!form->empty()) forms.push_back(*form);
      }
      forms.insert(forms.end(), terms.lemmas.begin(), terms.lemmas.end());
    }
    out.highlights.forms.push_back(std::move(forms));
  }
  return out;
}

std::string query_builder::suggest(std::string_view text, bool czech) {
  const std::string original = normalize_nfc(cut_utf8(text, max_query_bytes));
  std::string corrected;
  std::size_t copied = 0;
  bool changed = false;
  word_reader reader(original);
  word w;
  word_terms terms;

  // A word is known in a language when its folded form or one of its stems is indexed there.
  const auto known = [&](const std::string& lower, bool czech_text) {
    const std::string prefix(schema::text_prefix(czech_text));
    analyse_word(lower, czech_text, stem_, terms);
    if (db_.term_exists(prefix + terms.folded)) return true;
    for (const std::string* stem : {&terms.stem_folded, &terms.stem_accented}) {
      if (!stem->empty() && db_.term_exists(std::string(schema::stem_prefix) + prefix + *stem)) {
        return true;
      }
    }
    return std::any_of(terms.lemmas.begin(), terms.lemmas.end(), [&](const std::string& lemma) {
      return db_.term_exists(std::string(schema::stem_prefix) + prefix + lemma);
    });
  };

  while (reader.next(w)) {
    if (w.end < original.size() && (original[w.end] == '*' || original[w.end] == ':')) continue;
    if (is_operator_word(w.lower)) continue;
    const std::string folded = fold(w.lower);
    if (!is_spelling_word(folded)) continue;
    if ((czech && known(w.lower, true)) || known(w.lower, false)) continue;
    const std::string replacement = db_.get_spelling_suggestion(folded, max_edit_distance);
    if (replacement.empty() || replacement == folded) continue;
    corrected.append(original, copied, w.begin - copied);
    corrected += replacement;
    copied = w.end;
    changed = true;
  }
  if (!changed) return {};
  corrected.append(original, copied, std::string::npos);
  return corrected;
}

}  // namespace blog::search
