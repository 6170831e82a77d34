// HTML snippets: choose the passage with the most and rarest query terms, escape it, mark the matches.
#include "snippet.hpp"

#include "blog/search/schema.hpp"
#include "blog/search/text.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <utility>
#include <vector>

namespace blog::search {
namespace {

// A repeated term adds this share of its rarity: a new term counts more than a repeat.
constexpr double repeat_share = 0.2;

constexpr std::string_view ellipsis = "\u2026";
// How much text to show before the first match of the window.
constexpr std::size_t lead_bytes = snippet_maker::target_bytes / 5;

constexpr std::string_view closing_punctuation = ".,;:!?)]\"'";
constexpr auto npos = std::string_view::npos;

bool is_space(char c) {
  return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f';
}

// Appends `text` HTML-escaped, with each run of whitespace as one space.
void append_text(std::string_view text, std::string& out) {
  bool in_space = false;
  std::size_t run = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (is_space(text[i])) {
      if (!in_space) {
        append_html_escaped(text.substr(run, i - run), out);
        out += ' ';
        in_space = true;
      }
      run = i + 1;
    } else {
      in_space = false;
    }
  }
  append_html_escaped(text.substr(run), out);
}

}  // namespace

snippet_maker::snippet_maker(const highlight_terms& highlights, bool czech, stemmers& stem)
    : highlights_(highlights), czech_(czech), stem_(stem) {
  const auto note = [this](const std::string& term) {
    if (term.empty()) return;
    if (term.starts_with(schema::lemma_mark)) {
      // The forms of a lemma start with its first letter, or with the "ne"/"nej" of negation
      // and superlatives.
      if (term.size() > schema::lemma_mark.size()) {
        first_bytes_.set(static_cast<unsigned char>(term[schema::lemma_mark.size()]));
      }
      first_bytes_.set(static_cast<unsigned char>('n'));
    } else {
      first_bytes_.set(static_cast<unsigned char>(term.front()));
    }
    if (keys_.try_emplace(term, static_cast<int>(keys_.size())).second) {
      const auto rarity = highlights_.rarity.find(term);
      key_rarity_.push_back(rarity == highlights_.rarity.end() ? 1.0 : rarity->second);
      key_sources_.emplace_back();
    }
  };
  for (const std::string& term : highlights_.words) note(term);
  for (const std::string& term : highlights_.stems) note(term);
  for (const std::string& term : highlights_.wildcard_prefixes) note(term);
  for (const auto& [term, key] : highlights_.sources) {
    if (const auto found = keys_.find(key); found != keys_.end()) key_sources_[found->second].push_back(term);
  }
  // The forms of one typed word make one group (a union-find over the terms' numbers).
  std::vector<int> root(keys_.size());
  std::iota(root.begin(), root.end(), 0);
  const auto find = [&](int k) {
    while (root[static_cast<std::size_t>(k)] != k) k = root[static_cast<std::size_t>(k)];
    return k;
  };
  for (const std::vector<std::string>& forms : highlights_.forms) {
    int group = -1;
    for (const std::string& form : forms) {
      const auto found = keys_.find(form);
      if (found == keys_.end()) continue;
      const int k = find(found->second);
      if (group < 0) {
        group = k;
      } else if (k != group) {
        root[static_cast<std::size_t>(k)] = group;
      }
    }
  }
  group_.resize(keys_.size());
  for (std::size_t key = 0; key < keys_.size(); ++key) group_[key] = find(static_cast<int>(key));
}

double snippet_maker::best_possible(const term_probe& holds) const {
  // A word scores the rarity of the form met first: at most its rarest form the post holds.
  std::vector<double> rarest(group_.size(), 0);
  for (std::size_t key = 0; key < key_sources_.size(); ++key) {
    const std::vector<std::string>& sources = key_sources_[key];
    // A wildcard prefix has no term of its own to ask about: it may be anywhere.
    if (sources.empty() || std::any_of(sources.begin(), sources.end(), holds)) {
      double& best = rarest[static_cast<std::size_t>(group_[key])];
      best = std::max(best, key_rarity_[key]);
    }
  }
  double best = 0;
  for (const double rarity : rarest) best += (1 + repeat_share) * rarity;
  return best;
}

snippet_maker::verdict snippet_maker::verdict_of(const std::string& term) {
  const auto key = static_cast<std::size_t>(keys_.at(term));
  return {group_[key], key_rarity_[key]};
}

bool snippet_maker::may_match(const std::string& lower) {
  if (first_bytes_.test(static_cast<unsigned char>(lower.front()))) return true;
  // An ASCII first letter is its own folded form; only a letter with a diacritic ("č", "ú") may
  // fold to one a term starts with.
  if (static_cast<unsigned char>(lower.front()) < 0x80) return false;
  folded_start_.clear();
  fold_append(cut_utf8(lower, 4), folded_start_);
  return !folded_start_.empty() && first_bytes_.test(static_cast<unsigned char>(folded_start_.front()));
}

snippet_maker::verdict snippet_maker::matches(const std::string& lower) {
  if (lower.empty() || lower.size() > schema::max_word_bytes || !may_match(lower)) return {};
  if (const auto found = verdicts_.find(lower); found != verdicts_.end()) return found->second;

  // The same analysis as indexing: the folded word, then its stems in each language searched.
  const auto check = [&](bool czech) -> const std::string* {
    analyse_word(lower, czech, stem_, terms_);
    if (const auto w = highlights_.words.find(terms_.folded); w != highlights_.words.end()) return &*w;
    for (const std::string& prefix : highlights_.wildcard_prefixes) {
      if (terms_.folded.starts_with(prefix)) return &prefix;
    }
    for (const std::string* stem : {&terms_.stem_folded, &terms_.stem_accented}) {
      if (stem->empty()) continue;
      if (const auto s = highlights_.stems.find(*stem); s != highlights_.stems.end()) return &*s;
    }
    for (const std::string& lemma : terms_.lemmas) {
      if (const auto s = highlights_.stems.find(lemma); s != highlights_.stems.end()) return &*s;
    }
    return nullptr;
  };
  const std::string* term = czech_ ? check(true) : nullptr;
  if (term == nullptr) term = check(false);
  const verdict v = term == nullptr ? verdict{} : verdict_of(*term);
  verdicts_.emplace(lower, v);
  return v;
}

std::string snippet_maker::make(std::string_view text, const term_probe* holds) {
  std::vector<span>& words = words_;
  std::vector<std::size_t>& matched_at = matched_at_;  // indexes into words
  words.clear();
  matched_at.clear();
  word_reader reader(text);
  bool more = true;
  // Words are read as the passages need them: up to word i.
  const auto have = [&](std::size_t i) {
    while (i >= words.size() && more) {
      if (!reader.next(word_)) {
        more = false;
        break;
      }
      const verdict v = matches(word_.lower);
      if (v.key >= 0) matched_at.push_back(words.size());
      words.push_back({word_.begin, word_.end, v.key, v.rarity});
    }
    return i < words.size();
  };
  if (!have(0)) return {};
  // No passage scores more than this, so the first one that does is the best (the earlier wins a
  // tie). Summed in another order than a passage's score: a hair of rounding must not hide it.
  const double enough = holds == nullptr ? std::numeric_limits<double>::infinity() : best_possible(*holds) * (1 - 1e-9);

  // Try a passage starting a little before each match; keep the one whose distinct query words
  // are the rarest in sum (a word's first repeat, in any form, counts a little), the earlier one on
  // a tie.
  std::size_t best_first = 0;
  double best_score = 0;
  std::vector<std::pair<int, int>> seen;  // words (groups) met in the passage being scored, how often
  for (std::size_t m = 0; best_score < enough; ++m) {
    while (m >= matched_at.size() && have(words.size())) {
    }
    if (m >= matched_at.size()) break;
    const std::size_t anchor = matched_at[m];
    std::size_t first = anchor;
    while (first > 0 && words[anchor].begin - words[first - 1].begin <= lead_bytes) --first;
    double score = 0;
    seen.clear();
    for (std::size_t i = first; have(i) && words[i].end - words[first].begin <= target_bytes; ++i) {
      if (words[i].key < 0) continue;
      const auto met = std::find_if(seen.begin(), seen.end(), [&](const auto& s) { return s.first == words[i].key; });
      if (met == seen.end()) {
        score += words[i].rarity;
        seen.emplace_back(words[i].key, 1);
      } else if (met->second++ == 1) {
        score += repeat_share * words[i].rarity;
      }
    }
    if (score > best_score) {
      best_score = score;
      best_first = first;
    }
  }
  // A passage that reaches back near the start of the text starts at the start.
  if (words[best_first].begin <= lead_bytes) best_first = 0;
  std::size_t last = best_first;
  while (have(last + 1) && words[last + 1].end - words[best_first].begin <= target_bytes) ++last;

  std::string out;
  out.reserve(target_bytes + 64);
  const std::size_t begin = best_first == 0 ? 0 : words[best_first].begin;
  if (begin > 0) out += ellipsis;
  std::size_t at = begin;
  for (std::size_t i = best_first; i <= last; ++i) {
    const bool matched = words[i].key >= 0;
    append_text(text.substr(at, words[i].begin - at), out);
    if (matched) out += "<mark>";
    append_html_escaped(text.substr(words[i].begin, words[i].end - words[i].begin), out);
    if (matched) out += "</mark>";
    at = words[i].end;
  }
  // Keep closing punctuation of the last word, then mark what was left out.
  std::size_t end = at;
  while (end < text.size() && end - at < 3 && closing_punctuation.find(text[end]) != npos) ++end;
  append_text(text.substr(at, end - at), out);
  if (have(last + 1)) out += ellipsis;
  return out;
}

}  // namespace blog::search
