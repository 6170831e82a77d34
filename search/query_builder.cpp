// Query text → Xapian query: normalise and fold, parse with each stemmer, OR the results; spelling suggestions.
#include "query_builder.hpp"

#include "blog/search/schema.hpp"
#include "blog/search/text.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

namespace blog::search {
namespace {

constexpr unsigned parser_flags =
    Xapian::QueryParser::FLAG_PHRASE | Xapian::QueryParser::FLAG_BOOLEAN |
    Xapian::QueryParser::FLAG_LOVEHATE | Xapian::QueryParser::FLAG_WILDCARD |
    Xapian::QueryParser::FLAG_BOOLEAN_ANY_CASE;

// Longer search text is cut: nobody types it, and each word costs a posting list.
constexpr std::size_t max_query_bytes = 512;
// A wildcard expands to at most this many of its most frequent terms.
constexpr Xapian::termcount max_wildcard_terms = 64;
constexpr unsigned max_edit_distance = 2;

// Words too common to narrow a search; dropped outside phrases (the index keeps them). Folded and
// accented forms, since the text is parsed both ways.
constexpr auto stop_words = std::to_array<std::string_view>({
    // English
    "a", "an", "the", "of", "to", "in", "on", "at", "by", "for", "with", "from", "into", "is",
    "are", "was", "were", "be", "been", "it", "its", "this", "that", "these", "those", "as", "if",
    "than", "then", "so", "do", "does", "how", "what", "which", "who", "about",
    // Czech
    "i", "k", "o", "s", "u", "v", "z", "ve", "ze", "že", "na", "do", "od", "po", "pro", "při",
    "pri", "se", "si", "je", "jsou", "byl", "by", "to", "ta", "ten", "jak", "ale", "nebo", "také",
    "take", "jako", "aby", "už", "uz", "ke"});

constexpr auto operator_words =
    std::to_array<std::string_view>({"and", "or", "not", "xor", "near", "adj"});

bool is_operator_word(std::string_view lower) {
  return std::find(operator_words.begin(), operator_words.end(), lower) != operator_words.end();
}

std::string_view cut_utf8(std::string_view text, std::size_t bytes) {
  if (text.size() <= bytes) return text;
  std::size_t end = bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

// Czech and German quotation marks („…“, »…«) act as the ASCII double quote of phrase syntax.
std::string ascii_quotes(std::string_view text) {
  static constexpr auto quotes = std::to_array<std::string_view>(
      {"\u201E", "\u201C", "\u201D", "\u201F", "\u00AB", "\u00BB"});
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const auto quote = std::find_if(quotes.begin(), quotes.end(), [&](std::string_view q) {
      return text.substr(at).starts_with(q);
    });
    if (quote == quotes.end()) {
      out += text[at++];
    } else {
      out += '"';
      at += quote->size();
    }
  }
  return out;
}

// One parse; nullopt when QueryParser rejects the text even without operators.
std::optional<Xapian::Query> parse_with(Xapian::QueryParser& parser, const std::string& text,
                                        const Xapian::Stem& stem, Xapian::Query::op default_op) {
  parser.set_stemmer(stem);
  parser.set_default_op(default_op);
  try {
    return parser.parse_query(text, parser_flags);
  } catch (const Xapian::QueryParserError&) {
  }
  try {
    return parser.parse_query(text, 0);
  } catch (const Xapian::QueryParserError&) {
  }
  return std::nullopt;
}

bool is_stop_word(std::string_view word) {
  return std::find(stop_words.begin(), stop_words.end(), word) != stop_words.end();
}

void add_stem_terms(const word_terms& terms, std::vector<Xapian::Query>& out) {
  if (terms.stem_folded.empty()) {
    out.emplace_back(terms.folded);
    return;
  }
  out.emplace_back(std::string(schema::stem_prefix) + terms.stem_folded);
  if (!terms.stem_accented.empty()) {
    out.emplace_back(std::string(schema::stem_prefix) + terms.stem_accented);
  }
}

void collect_highlights(const Xapian::Query& query, const std::string& folded,
                        highlight_terms& out) {
  for (auto it = query.get_unique_terms_begin(); it != query.get_terms_end(); ++it) {
    const std::string& term = *it;
    std::string_view rest = term;
    if (rest.starts_with(schema::stem_prefix)) {
      rest.remove_prefix(schema::stem_prefix.size());
      if (rest.starts_with(schema::title_prefix)) rest.remove_prefix(schema::title_prefix.size());
      out.stems.emplace(rest);
      continue;
    }
    if (rest.starts_with(schema::title_prefix)) rest.remove_prefix(schema::title_prefix.size());
    if (rest.empty() || (rest.front() >= 'A' && rest.front() <= 'Z')) continue;  // boolean terms
    out.words.emplace(rest);
  }
  word_reader reader(folded);
  word w;
  while (reader.next(w)) {
    if (w.end < folded.size() && folded[w.end] == '*') out.wildcard_prefixes.push_back(w.lower);
  }
}

}  // namespace

query_builder::query_builder(const Xapian::Database& db, stemmers& stem)
    : db_(db), stem_(stem) {
  for (const std::string_view stop_word : stop_words) stopper_.add(std::string(stop_word));
  parser_.set_database(db_);
  parser_.set_stopper(&stopper_);
  parser_.set_stemming_strategy(Xapian::QueryParser::STEM_SOME);
  parser_.add_prefix("title", std::string(schema::title_prefix));
  parser_.set_max_expansion(max_wildcard_terms, Xapian::Query::WILDCARD_LIMIT_MOST_FREQUENT,
                            Xapian::QueryParser::FLAG_WILDCARD);
}

parsed_text query_builder::parse(std::string_view text, bool czech,
                                 Xapian::Query::op default_op) {
  const std::string lower = ascii_quotes(to_lower(normalize_nfc(cut_utf8(text, max_query_bytes))));
  const std::string folded = fold(lower);

  // Each language's parses see only that language's posts: an English stem that happens to equal
  // a Czech stem must not match (and reorder) Czech posts, and the other way round.
  std::vector<Xapian::Query> branches;
  const auto add_branch = [&](bool czech_branch) {
    std::vector<std::pair<const std::string*, const Xapian::Stem*>> variants;
    if (czech_branch) {
      variants = {{&folded, &stem_.czech_folded}, {&lower, &stem_.czech}};
    } else {
      variants = {{&lower, &stem_.english}};
      if (folded != lower) variants.emplace_back(&folded, &stem_.english);
    }
    std::vector<Xapian::Query> parts;
    std::vector<std::string> seen;
    bool parsed = false;
    for (const auto& [variant_text, stem] : variants) {
      std::optional<Xapian::Query> q = parse_with(parser_, *variant_text, *stem, default_op);
      if (!q) continue;
      parsed = true;
      if (q->empty()) continue;
      std::string description = q->get_description();
      if (std::find(seen.begin(), seen.end(), description) != seen.end()) continue;
      seen.push_back(std::move(description));
      parts.push_back(std::move(*q));
    }
    if (!parsed) {
      // QueryParser gave up on this text: search its plain words, each in all its forms.
      word_reader reader(folded);
      word w;
      word_terms terms;
      std::vector<Xapian::Query> words;
      while (reader.next(w)) {
        if (w.lower.size() > schema::max_word_bytes || is_stop_word(w.lower)) continue;
        std::vector<Xapian::Query> forms;
        analyse_word(w.lower, czech_branch, stem_, terms);
        add_stem_terms(terms, forms);
        words.emplace_back(Xapian::Query::OP_OR, forms.begin(), forms.end());
      }
      if (!words.empty()) parts.emplace_back(default_op, words.begin(), words.end());
    }
    if (parts.empty()) return;
    const std::string language(czech_branch ? schema::czech : schema::english);
    branches.emplace_back(Xapian::Query::OP_FILTER,
                          Xapian::Query(Xapian::Query::OP_OR, parts.begin(), parts.end()),
                          Xapian::Query(std::string(schema::language_prefix) + language));
  };
  if (czech) add_branch(true);
  add_branch(false);

  parsed_text out;
  if (branches.empty()) return out;
  out.query = branches.size() == 1
                  ? branches.front()
                  : Xapian::Query(Xapian::Query::OP_OR, branches.begin(), branches.end());
  collect_highlights(out.query, folded, out.highlights);
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

  const auto known = [&](const word_terms& t) {
    for (const std::string* stem : {&t.stem_folded, &t.stem_accented}) {
      if (!stem->empty() && db_.term_exists(std::string(schema::stem_prefix) + *stem)) return true;
    }
    return false;
  };

  while (reader.next(w)) {
    if (w.end < original.size() && (original[w.end] == '*' || original[w.end] == ':')) continue;
    if (is_operator_word(w.lower)) continue;
    const std::string folded = fold(w.lower);
    if (!is_spelling_word(folded) || db_.term_exists(folded)) continue;
    if (czech) {
      analyse_word(w.lower, true, stem_, terms);
      if (known(terms)) continue;
    }
    analyse_word(w.lower, false, stem_, terms);
    if (known(terms)) continue;
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
