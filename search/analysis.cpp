// Word analysis shared by indexing, querying and snippets: folding and the stems of both languages.
#include "analysis.hpp"

#include "blog/search/czech_stemmer.hpp"
#include "blog/search/schema.hpp"
#include "blog/search/text.hpp"
#include "utf8.hpp"

namespace blog::search {

stemmers::stemmers()
    : english("english"),
      czech(new czech_stemmer(czech_alphabet::accented)),
      czech_folded(new czech_stemmer(czech_alphabet::folded)) {}

void analyse_word(const std::string& lower, bool czech, stemmers& stem, word_terms& out) {
  out.folded.clear();
  fold_append(lower, out.folded);
  out.spelling = is_spelling_word(out.folded);
  out.stem_accented.clear();
  if (!utf8::starts_with_letter(out.folded)) {
    out.stem_folded.clear();
    return;
  }
  if (czech) {
    out.stem_folded = stem.czech_folded(out.folded);
    std::string accented = stem.czech(lower);
    if (accented != out.stem_folded) out.stem_accented = std::move(accented);
  } else {
    out.stem_folded = stem.english(out.folded);
    if (lower != out.folded) {
      std::string accented = stem.english(lower);
      if (accented != out.stem_folded) out.stem_accented = std::move(accented);
    }
  }
}

bool is_spelling_word(std::string_view folded) {
  if (folded.size() < schema::min_spelling_bytes || folded.size() > schema::max_word_bytes) {
    return false;
  }
  std::size_t pos = 0;
  while (pos < folded.size()) {
    const char32_t cp = utf8::decode(folded, pos);
    if (utf8::is_digit(cp) || cp == U'_' || cp == U'\'' || cp == U'&' || cp == U'+' || cp == U'#') {
      return false;
    }
  }
  return true;
}

}  // namespace blog::search
