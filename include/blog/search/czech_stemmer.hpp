// Czech light stemmer (Dolamic & Savoy 2009, as Lucene's CzechStemmer) for Xapian 1.4, which has none.
#pragma once

#include <xapian.h>

#include <string>
#include <string_view>

namespace blog::search {

// Which alphabet the stemmer reads.
enum class czech_alphabet {
  // Lowercase NFC Czech with diacritics: the published algorithm, suffix for suffix.
  accented,
  // Lowercase text with diacritics stripped (see fold()): the same rules over the folded image of
  // the suffix lists ("ách" → "ach", "ův" → "uv", "čt" → "ct", "št" → "st"); the "ů → o" rule has
  // no folded image and is left out. Gives the same stem for "bankach" and "bankách".
  folded,
};

// Stems one lowercase word: removes a case ending (length-guarded as in the paper: 5-letter
// endings need a word longer than 7 letters, 4-letter ones > 6, 3-letter ones > 5, 2-letter ones
// > 4, a final vowel > 3), then a possessive "-ov", "-in", "-ův" (word > 5), then undoes
// palatalisation ("čt" → "ck", "št" → "sk", "c"/"č" → "k", "z"/"ž" → "h", drops an "e" before
// the last letter, "ů" → "o" before the last letter). Lengths count code points. Words longer
// than 64 code points come back unchanged. Does not fail.
std::string czech_stem(std::string_view word, czech_alphabet alphabet = czech_alphabet::accented);

// The stemmer as a Xapian::StemImplementation, for Xapian::Stem(new czech_stemmer(...)) (Xapian
// takes ownership). Not thread-safe by Xapian's contract, though this one keeps no state.
class czech_stemmer final : public Xapian::StemImplementation {
 public:
  explicit czech_stemmer(czech_alphabet alphabet = czech_alphabet::accented) : alphabet_(alphabet) {}

  std::string operator()(const std::string& word) override { return czech_stem(word, alphabet_); }

  std::string get_description() const override {
    return alphabet_ == czech_alphabet::accented ? "czech" : "czech_folded";
  }

 private:
  czech_alphabet alphabet_;
};

}  // namespace blog::search
