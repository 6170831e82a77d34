// Dictionary lemmas by hunspell: loads cs_CZ, a diacritic-free twin built from it, and en_US, and caches every answer
// for all threads.
#include "lemmatizer.hpp"

#include "blog/search/text.hpp"
#include "utf8.hpp"

#include <utf8proc.h>
#include <hunspell/hunspell.hxx>

#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <sstream>
#include <string_view>
#include <system_error>
#include <thread>

namespace blog::search {
namespace {

// The diacritic-free twin's temporary folders: "<tmp>/blog-hunspell-XXXXXX".
constexpr std::string_view twin_prefix = "blog-hunspell-";

// Removes twin folders a process left when it was killed before its twin had loaded (a SIGKILL, an
// OOM kill; 3 MB each). A live process removes its own within seconds of writing it, so one
// untouched for ten minutes is an orphan.
void sweep_orphaned_twins(const std::filesystem::path& tmp) {
  const auto orphaned_before = std::filesystem::file_time_type::clock::now() - std::chrono::minutes(10);
  std::error_code ec;
  for (auto it = std::filesystem::directory_iterator(tmp, ec); !ec && it != std::filesystem::directory_iterator();
       it.increment(ec)) {
    if (!it->path().filename().string().starts_with(twin_prefix)) continue;
    std::error_code ignored;
    if (it->is_directory(ignored) && it->last_write_time(ignored) < orphaned_before)
      std::filesystem::remove_all(it->path(), ignored);
  }
}

// Bumped whenever what a word is indexed as changes (see dictionary_status::analysis).
// 5: en_US bases before Snowball.
constexpr std::string_view analysis_version = "5";
// A shard holding more words than this starts afresh: a bound on memory for any vocabulary.
constexpr std::size_t max_words_per_shard = 40'000;
// Bytes an inflected form may have beyond the longest word of its .dic: prefixes ("nej", "ne") and
// endings ("ovějšími") together.
constexpr std::size_t affix_room = 24;

// The longest word of a .dic, in bytes: no form of a longer token is in the dictionary.
std::size_t longest_word_bytes(const std::filesystem::path& dic) {
  std::ifstream in(dic);
  std::string line;
  std::getline(in, line);  // the word count
  std::size_t longest = 0;
  while (std::getline(in, line)) {
    const std::size_t end = line.find_first_of("/\t ");
    longest = std::max(longest, end == std::string::npos ? line.size() : end);
  }
  return longest;
}

// Whether hunspell could know the word: letters only, and not longer than its longest form. Tokens
// with digits or marks, and long runs of letters (a pasted hash, a fuzzer's garbage), never reach
// hunspell or the cache: each new one used to cost several stem() calls and a cache entry.
bool worth_looking_up(std::string_view word, std::size_t max_bytes) {
  if (word.empty() || word.size() > max_bytes) return false;
  for (std::size_t at = 0; at < word.size();) {
    const char32_t cp = utf8::decode(word, at);
    if (cp < 0x80) {
      if (!((cp >= U'a' && cp <= U'z') || (cp >= U'A' && cp <= U'Z'))) return false;
      continue;
    }
    switch (utf8proc_category(static_cast<utf8proc_int32_t>(cp))) {
      case UTF8PROC_CATEGORY_LU:
      case UTF8PROC_CATEGORY_LL:
      case UTF8PROC_CATEGORY_LT:
      case UTF8PROC_CATEGORY_LM:
      case UTF8PROC_CATEGORY_LO:
        break;
      default:
        return false;
    }
  }
  return true;
}

// Strips diacritics but keeps case: the twin dictionary must still tell "Praha" from "praha".
// Character by character through a table, since it runs over every word of the dictionary.
std::string fold_keep_case(std::string_view word) {
  static thread_local std::unordered_map<char32_t, std::string> table;
  std::string out;
  out.reserve(word.size());
  for (std::size_t at = 0; at < word.size();) {
    if (static_cast<unsigned char>(word[at]) < 0x80) {
      out += word[at++];
      continue;
    }
    const std::size_t begin = at;
    const char32_t cp = utf8::decode(word, at);
    auto found = table.find(cp);
    if (found == table.end()) {
      std::string folded = fold(word.substr(begin, at - begin));
      if (static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(cp))) != cp) {
        for (char& c : folded) {
          if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
        }
      }
      found = table.emplace(cp, std::move(folded)).first;
    }
    out += found->second;
  }
  return out;
}

// An affix condition without diacritics. A negated class loses its accented letters: "[^eě]k"
// excluded only "e" and "ě", and of their folded images only the plain "e" was excluded before.
std::string fold_condition(std::string_view condition) {
  std::string out;
  bool in_class = false;
  bool negated = false;
  std::string klass;
  for (std::size_t at = 0; at < condition.size();) {
    const std::size_t begin = at;
    utf8::decode(condition, at);
    const std::string_view ch = condition.substr(begin, at - begin);
    if (!in_class) {
      if (ch == "[") {
        in_class = true;
        negated = condition.substr(at).starts_with("^");
        if (negated) ++at;
        klass.clear();
      } else {
        out += fold(ch);
      }
      continue;
    }
    if (ch == "]") {
      in_class = false;
      if (negated && klass.empty()) {
        out += '.';
      } else {
        out += negated ? "[^" : "[";
        out += klass;
        out += ']';
      }
      continue;
    }
    if (!negated) {
      klass += fold(ch);
    } else if (ch.size() == 1) {
      klass += ch;
    }
  }
  return out;
}

std::vector<std::string> split_fields(const std::string& line) {
  std::vector<std::string> fields;
  std::istringstream in(line);
  for (std::string field; in >> field;) fields.push_back(field);
  return fields;
}

// An affix entry's text ("ov/B"): the letters are folded, the continuation flags kept.
std::string fold_affix_text(const std::string& text) {
  const auto slash = text.find('/');
  if (slash == std::string::npos) return text == "0" ? text : fold_keep_case(text);
  return fold_keep_case(text.substr(0, slash)) + text.substr(slash);
}

void write_folded_aff(const std::filesystem::path& from, const std::filesystem::path& to) {
  std::ifstream in(from);
  std::ofstream out(to);
  for (std::string line; std::getline(in, line);) {
    if ((line.starts_with("SFX ") || line.starts_with("PFX "))) {
      std::vector<std::string> f = split_fields(line);
      if (f.size() >= 5) {
        f[2] = f[2] == "0" ? f[2] : fold_keep_case(f[2]);
        f[3] = fold_affix_text(f[3]);
        f[4] = fold_condition(f[4]);
        line.clear();
        for (const std::string& field : f) {
          if (!line.empty()) line += ' ';
          line += field;
        }
      }
    }
    out << line << '\n';
  }
}

void write_folded_dic(const std::filesystem::path& from, const std::filesystem::path& to) {
  std::ifstream in(from);
  std::ofstream out(to);
  std::string line;
  if (std::getline(in, line)) out << line << '\n';  // the word count
  while (std::getline(in, line)) {
    const auto end = line.find_first_of("/\t ");
    if (end == std::string::npos) {
      out << fold_keep_case(line) << '\n';
    } else {
      out << fold_keep_case(std::string_view(line).substr(0, end)) << std::string_view(line).substr(end) << '\n';
    }
  }
}

std::string capitalised(const std::string& lower) {
  std::size_t at = 0;
  const char32_t first = utf8::decode(lower, at);
  std::string out;
  utf8::encode(static_cast<char32_t>(utf8proc_toupper(static_cast<utf8proc_int32_t>(first))), out);
  out.append(lower, at, std::string::npos);
  return out;
}

bool readable_pair(const std::filesystem::path& dir, const std::string& name) {
  std::error_code error;
  const std::filesystem::path aff = dir / (name + ".aff");
  const std::filesystem::path dic = dir / (name + ".dic");
  return std::filesystem::is_regular_file(aff, error) && std::filesystem::is_regular_file(dic, error) &&
         ::access(aff.c_str(), R_OK) == 0 && ::access(dic.c_str(), R_OK) == 0;
}

// Whether `stem` is `word` with a suffix rule undone: the two share all of the stem but its last
// two letters ("happ|y" in "happier", "stud|y" in "studies"). A prefix rule ("in" + "dices" for
// "indices") changes the meaning and is not followed.
bool by_suffix(std::string_view word, std::string_view stem) {
  if (stem.empty() || stem.size() > word.size() + 2) return false;
  std::size_t common = 0;
  while (common < stem.size() && common < word.size() && stem[common] == word[common]) ++common;
  return common >= 1 && common + 2 >= stem.size();
}

std::mutex shared_mutex;
std::shared_ptr<const lemmatizer> shared_lemmatizer;

}  // namespace

struct lemmatizer::dictionary {
  dictionary(const std::filesystem::path& aff, const std::filesystem::path& dic)
      : speller(aff.c_str(), dic.c_str()), max_word_bytes(longest_word_bytes(dic) + affix_room) {}
  std::mutex mutex;
  Hunspell speller;
  std::size_t max_word_bytes;  // longer tokens are no form of its words
};

lemmatizer::lemmatizer(const std::filesystem::path& dir) {
  const auto started = std::chrono::steady_clock::now();
  const std::clock_t started_cpu = std::clock();
  status_.dir = dir;
  std::vector<std::string> problems;
  std::string czech_analysis = "light";
  std::string english_analysis = "snowball";
  // en_US is small (50k words): it loads on its own thread while the Czech ones load here.
  std::thread english;
  if (readable_pair(dir, "en_US")) {
    english = std::thread([&] { english_ = std::make_unique<dictionary>(dir / "en_US.aff", dir / "en_US.dic"); });
  } else {
    problems.push_back("the English dictionary " + (dir / "en_US.dic").string() +
                       " (with en_US.aff) is missing or unreadable: English search uses Snowball alone, so " +
                       "forms such as \"happier\" and \"studies\" do not meet their base; install hunspell-en-us " +
                       "(tools/bootstrap) and restart");
  }
  const std::filesystem::path aff = dir / "cs_CZ.aff";
  const std::filesystem::path dic = dir / "cs_CZ.dic";
  if (!readable_pair(dir, "cs_CZ")) {
    problems.insert(problems.begin(),
                    "the Czech dictionary " + dic.string() + " (with cs_CZ.aff) is missing or unreadable: Czech " +
                        "search falls back to the light stemmer, so stem-changing forms (účet/účtu) do not meet; " +
                        "install hunspell-cs (tools/bootstrap) and restart");
  } else {
    // The twin is written to a private temporary folder while the accented dictionary loads, and
    // loads once that is done: on a machine of two cores, three loads at once kept the start
    // waiting for all three.
    sweep_orphaned_twins(std::filesystem::temp_directory_path());
    std::string folder = (std::filesystem::temp_directory_path() / (std::string(twin_prefix) + "XXXXXX")).string();
    const bool have_folder = ::mkdtemp(folder.data()) != nullptr;
    std::thread accented([&] { accented_ = std::make_unique<dictionary>(aff, dic); });
    const std::filesystem::path folded_aff = std::filesystem::path(folder) / "cs_CZ_folded.aff";
    const std::filesystem::path folded_dic = std::filesystem::path(folder) / "cs_CZ_folded.dic";
    if (have_folder) {
      write_folded_aff(aff, folded_aff);
      write_folded_dic(dic, folded_dic);
      twin_pending_ = true;
    }
    accented.join();
    if (twin_pending_) {
      twin_loader_ = std::thread([this, folder, folded_aff, folded_dic] {
        std::unique_ptr<dictionary> twin;
        try {
          twin = std::make_unique<dictionary>(folded_aff, folded_dic);
        } catch (const std::exception&) {
          // Out of memory: words typed without diacritics keep to the light stemmer, as without a twin.
        }
        std::error_code error;
        std::filesystem::remove_all(folder, error);
        {
          const std::lock_guard lock(twin_mutex_);
          folded_ = std::move(twin);
          twin_pending_ = false;
        }
        twin_loaded_.notify_all();
      });
    }
    status_.czech = true;
    czech_analysis = "hunspell-cs_CZ";
    if (!have_folder) {
      problems.push_back("could not write the diacritic-free copy of the Czech dictionary to " +
                         std::filesystem::temp_directory_path().string() +
                         ": words typed without diacritics fall back to the light stemmer");
      czech_analysis += "-accented";
    }
  }
  if (english.joinable()) english.join();
  if (english_) {
    status_.english = true;
    english_analysis = "hunspell-en_US";
  }
  status_.analysis = std::string(analysis_version) + "/" + czech_analysis + "/" + english_analysis;
  for (const std::string& problem : problems) {
    if (!status_.problem.empty()) status_.problem += "; ";
    status_.problem += problem;
  }
  status_.load_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  status_.load_cpu_ms = 1000.0 * static_cast<double>(std::clock() - started_cpu) / CLOCKS_PER_SEC;
}

lemmatizer::~lemmatizer() {
  if (twin_loader_.joinable()) twin_loader_.join();
}

lemmatizer::dictionary* lemmatizer::twin() const {
  if (twin_pending_) {
    std::unique_lock lock(twin_mutex_);
    twin_loaded_.wait(lock, [this] { return !twin_pending_; });
  }
  return folded_.get();
}

std::vector<std::string> lemmatizer::lookup(dictionary& dict, kind k, const std::string& word) const {
  if (!worth_looking_up(word, dict.max_word_bytes)) return {};
  std::string key(1, static_cast<char>(k));
  key += word;
  shard& s = cache_[std::hash<std::string>{}(key) % shard_count];
  {
    const std::lock_guard lock(s.mutex);
    if (const auto found = s.words.find(key); found != s.words.end()) return found->second;
  }
  std::vector<std::string> stems;
  {
    const std::lock_guard lock(dict.mutex);
    stems = dict.speller.stem(word);
    // Czech proper names are listed capitalised; English ones are left to Snowball.
    if (stems.empty() && k != kind::english) stems = dict.speller.stem(capitalised(word));
  }
  std::vector<std::string> out;
  if (k == kind::english) {
    // A form the dictionary lists as a word of its own ("news", "dying", "better") keeps it: en_US
    // links no irregular form to its base, and a listed word's other analyses ("best" as "be" +
    // "st") are mostly accidents of its affix rules.
    if (std::find(stems.begin(), stems.end(), word) == stems.end()) {
      for (std::string& stem : stems) {
        if (by_suffix(word, stem)) out.push_back(to_lower(stem));
      }
      // One base, the same every time: the shortest, then the first in order.
      std::sort(out.begin(), out.end(), [](const std::string& a, const std::string& b) {
        return std::pair(a.size(), a) < std::pair(b.size(), b);
      });
      if (out.size() > 1) out.resize(1);
    }
  } else {
    out.reserve(stems.size());
    for (const std::string& stem : stems) out.push_back(fold(stem));
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }
  const std::lock_guard lock(s.mutex);
  if (s.words.size() >= max_words_per_shard) s.words.clear();
  s.words.emplace(std::move(key), out);
  return out;
}

std::vector<std::string> lemmatizer::lemmas(const std::string& lower) const {
  if (!accented_ || lower.empty()) return {};
  return lookup(*accented_, kind::accented, lower);
}

std::vector<std::string> lemmatizer::folded_lemmas(const std::string& folded) const {
  if (folded.empty()) return {};
  dictionary* dict = twin();
  if (dict == nullptr) return {};
  return lookup(*dict, kind::folded, folded);
}

std::string lemmatizer::english_base(const std::string& lower) const {
  if (!english_ || lower.empty()) return {};
  std::vector<std::string> base = lookup(*english_, kind::english, lower);
  return base.empty() ? std::string() : std::move(base.front());
}

std::shared_ptr<const lemmatizer> lemmatizer::shared() {
  const std::lock_guard lock(shared_mutex);
  if (!shared_lemmatizer) {
    // BLOG_HUNSPELL_DIR points a node (and blogctl doctor) at other dictionaries.
    const char* dir = std::getenv("BLOG_HUNSPELL_DIR");
    shared_lemmatizer = std::make_shared<lemmatizer>(
        dir != nullptr && *dir != '\0' ? std::string(dir) : std::string(default_dictionary_dir));
  }
  return shared_lemmatizer;
}

dictionary_status use_dictionaries(const std::filesystem::path& dir) {
  auto fresh = std::make_shared<lemmatizer>(dir);
  const std::lock_guard lock(shared_mutex);
  shared_lemmatizer = fresh;
  return fresh->status();
}

dictionary_status dictionaries() {
  return lemmatizer::shared()->status();
}

std::vector<std::string> czech_lemmas(std::string_view word) {
  const std::string lower = to_lower(normalize_nfc(word));
  const auto lemmatiser = lemmatizer::shared();
  std::vector<std::string> out = lemmatiser->lemmas(lower);
  if (out.empty() && fold(lower) == lower) out = lemmatiser->folded_lemmas(lower);
  return out;
}

}  // namespace blog::search
