// The hunspell dictionaries search lemmatises Czech and English with, and what to tell an operator when they are
// missing.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace blog::search {

// Where Debian's hunspell-cs and hunspell-en-us packages put cs_CZ.aff/.dic and en_US.aff/.dic.
inline constexpr std::string_view default_dictionary_dir = "/usr/share/hunspell";

struct dictionary_status {
  std::filesystem::path dir;
  bool czech = false;    // cs_CZ is loaded: Czech words are searched by their dictionary lemmas
  bool english = false;  // en_US is loaded: English forms are brought to their base before Snowball
  // What the index's documents are built with; stored with the index, so an index built with
  // another analysis (another version, or with the dictionary missing) is rebuilt.
  std::string analysis;
  // Empty when the dictionary is in use; otherwise what is missing, what search does instead and
  // how to fix it (one line, English: for the log and blogctl doctor).
  std::string problem;
  // How long a start waits for the dictionaries: cs_CZ and en_US load on two threads at once, and
  // cs_CZ's diacritic-free twin then loads in the background (its first look-up waits for it).
  double load_ms = 0;
  // Processor time of that wait: what the load costs on a machine busy with other work, where
  // load_ms says little.
  double load_cpu_ms = 0;
};

// Loads cs_CZ and en_US from `dir` for every index this process opens from now on (indexes already open keep
// the analysis they were opened with). A missing or unreadable dictionary is no error: Czech falls
// back to the light stemmer (English to Snowball alone) and `problem` says so. Thread-safe.
dictionary_status use_dictionaries(const std::filesystem::path& dir);

// The dictionaries in use, loading them on first use from $BLOG_HUNSPELL_DIR when set, else from
// default_dictionary_dir. Thread-safe.
dictionary_status dictionaries();

// The Czech lemmas of one word as search indexes them: lowercase without diacritics, each once,
// sorted; empty when the dictionary does not know the word (or is not loaded). For tools and
// tests; thread-safe.
std::vector<std::string> czech_lemmas(std::string_view word);

// The English stem of one word as search indexes it (en_US base, then Snowball), for tools and
// tests; thread-safe.
std::string english_stem(std::string_view word);

}  // namespace blog::search
