// Czech light stemmer: case endings, possessives and palatalisation, over code points.
#include "blog/search/czech_stemmer.hpp"

#include "utf8.hpp"

#include <array>
#include <initializer_list>

namespace blog::search {
namespace {

constexpr std::size_t max_word_length = 64;

// Case endings of the paper, by length; a word must be longer than `guard` code points.
struct ending_group {
  std::size_t guard;
  std::initializer_list<std::u32string_view> endings;
};

const std::array<ending_group, 4> accented_endings{{
    {7, {U"atech"}},
    {6, {U"ětem", U"etem", U"atům"}},
    {5, {U"ech", U"ich", U"ích", U"ého", U"ěmi", U"emi", U"ému", U"ěte", U"ete", U"ěti", U"eti", U"ího", U"iho",
         U"ími", U"ímu", U"imu", U"ách", U"ata", U"aty", U"ých", U"ama", U"ami", U"ové", U"ovi", U"ými"}},
    {4, {U"em", U"es", U"ém", U"ím", U"ům", U"at", U"ám", U"os", U"us", U"ým", U"mi", U"ou"}},
}};

// The same lists with diacritics stripped and duplicates dropped.
const std::array<ending_group, 4> folded_endings{{
    {7, {U"atech"}},
    {6, {U"etem", U"atum"}},
    {5,
     {U"ech", U"ich", U"eho", U"emi", U"emu", U"ete", U"eti", U"iho", U"imi", U"imu", U"ach", U"ata", U"aty", U"ych",
      U"ama", U"ami", U"ove", U"ovi", U"ymi"}},
    {4, {U"em", U"es", U"im", U"um", U"at", U"am", U"os", U"us", U"ym", U"mi", U"ou"}},
}};

constexpr std::u32string_view accented_vowels = U"aeiouůyáéíýě";
constexpr std::u32string_view folded_vowels = U"aeiouy";
constexpr std::size_t vowel_guard = 3;

constexpr std::array<std::u32string_view, 3> accented_possessives{U"ov", U"in", U"ův"};
constexpr std::array<std::u32string_view, 3> folded_possessives{U"ov", U"in", U"uv"};
constexpr std::size_t possessive_guard = 5;

struct word_buffer {
  std::array<char32_t, max_word_length> chars{};
  std::size_t length = 0;

  bool ends_with(std::u32string_view suffix) const {
    return length >= suffix.size() &&
           std::u32string_view(chars.data() + length - suffix.size(), suffix.size()) == suffix;
  }
  char32_t back(std::size_t from_end) const { return chars[length - 1 - from_end]; }
};

void remove_case(word_buffer& w, czech_alphabet alphabet) {
  const auto& groups = alphabet == czech_alphabet::accented ? accented_endings : folded_endings;
  for (const ending_group& group : groups) {
    if (w.length <= group.guard) continue;
    for (const std::u32string_view ending : group.endings) {
      if (w.ends_with(ending)) {
        w.length -= ending.size();
        return;
      }
    }
  }
  const auto vowels = alphabet == czech_alphabet::accented ? accented_vowels : folded_vowels;
  if (w.length > vowel_guard && vowels.find(w.back(0)) != std::u32string_view::npos) --w.length;
}

void remove_possessive(word_buffer& w, czech_alphabet alphabet) {
  if (w.length <= possessive_guard) return;
  const auto& possessives = alphabet == czech_alphabet::accented ? accented_possessives : folded_possessives;
  for (const std::u32string_view possessive : possessives) {
    if (w.ends_with(possessive)) {
      w.length -= possessive.size();
      return;
    }
  }
}

// Undoes palatalisation so that "ruce"/"ruka", "noze"/"noha", "čeští"/"český" meet.
void normalize(word_buffer& w, czech_alphabet alphabet) {
  const bool accented = alphabet == czech_alphabet::accented;
  if (w.ends_with(accented ? U"čt" : U"ct") || w.ends_with(accented ? U"št" : U"st")) {
    w.chars[w.length - 2] = w.back(1) == U'š' || w.back(1) == U's' ? U's' : U'c';
    w.chars[w.length - 1] = U'k';
    return;
  }
  const char32_t last = w.back(0);
  if (last == U'c' || last == U'č') {
    w.chars[w.length - 1] = U'k';
    return;
  }
  if (last == U'z' || last == U'ž') {
    w.chars[w.length - 1] = U'h';
    return;
  }
  if (w.length > 1 && w.back(1) == U'e') {
    w.chars[w.length - 2] = last;
    --w.length;
    return;
  }
  if (accented && w.length > 2 && w.back(1) == U'ů') w.chars[w.length - 2] = U'o';
}

}  // namespace

std::string czech_stem(std::string_view word, czech_alphabet alphabet) {
  word_buffer w;
  std::size_t pos = 0;
  while (pos < word.size()) {
    if (w.length == max_word_length) return std::string(word);
    w.chars[w.length++] = utf8::decode(word, pos);
  }
  if (w.length == 0) return {};

  remove_case(w, alphabet);
  remove_possessive(w, alphabet);
  if (w.length > 0) normalize(w, alphabet);

  std::string out;
  out.reserve(word.size());
  for (std::size_t i = 0; i < w.length; ++i) utf8::encode(w.chars[i], out);
  return out;
}

}  // namespace blog::search
