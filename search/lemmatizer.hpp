// Czech dictionary lemmas (hunspell cs_CZ and its diacritic-free twin) behind one cache all threads share (internal
// header).
#pragma once

#include "blog/search/dictionaries.hpp"

#include <array>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

class Hunspell;

namespace blog::search {

// Czech lemmas of lowercase words. Hunspell objects are not thread-safe and a stem() call costs
// about 10 µs, so each dictionary is behind a mutex and every answer is kept in a sharded cache:
// the indexer's threads and every reader ask each distinct word once per process.
class lemmatizer {
 public:
  // Loads cs_CZ.aff/.dic from `dir`, and builds and loads its diacritic-free twin (the same words
  // and affix rules with diacritics stripped) so that a word typed without diacritics ("uctu")
  // finds its lemma too. A missing dictionary leaves it unloaded, `status().problem` saying so.
  explicit lemmatizer(const std::filesystem::path& dir);
  ~lemmatizer();
  lemmatizer(const lemmatizer&) = delete;
  lemmatizer& operator=(const lemmatizer&) = delete;

  const dictionary_status& status() const { return status_; }
  bool loaded() const { return status_.czech; }

  // The lemmas of one lowercase NFC word, folded and each once, sorted; empty when the dictionary
  // does not know the word. A proper name is looked up capitalised ("praze" → "praha").
  std::vector<std::string> lemmas(const std::string& lower) const;
  // The same for a word written without diacritics, by the twin dictionary: "uctu" → "ucet".
  std::vector<std::string> folded_lemmas(const std::string& folded) const;

  // The lemmatizer of this process (see use_dictionaries()).
  static std::shared_ptr<const lemmatizer> shared();

 private:
  struct dictionary;
  struct shard {
    std::mutex mutex;
    std::unordered_map<std::string, std::vector<std::string>> words;
  };
  static constexpr std::size_t shard_count = 16;

  std::vector<std::string> lookup(dictionary& dict, bool folded, const std::string& word) const;

  dictionary_status status_;
  std::unique_ptr<dictionary> accented_;
  std::unique_ptr<dictionary> folded_;
  mutable std::array<shard, shard_count> cache_;
};

}  // namespace blog::search
