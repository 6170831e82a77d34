// Dictionary lemmas (hunspell cs_CZ with its diacritic-free twin, and en_US) behind one cache all threads share
// (internal header).
#pragma once

#include "blog/search/dictionaries.hpp"

#include <array>
#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

class Hunspell;

namespace blog::search {

// Lemmas of lowercase words. Hunspell objects are not thread-safe and a stem() call costs
// about 10 µs, so each dictionary is behind a mutex and every answer is kept in a sharded cache:
// the indexer's threads and every reader ask each distinct word once per process.
class lemmatizer {
 public:
  // Loads cs_CZ.aff/.dic from `dir`, and builds and loads its diacritic-free twin (the same words
  // and affix rules with diacritics stripped) so that a word typed without diacritics ("uctu")
  // finds its lemma too; loads en_US.aff/.dic from the same folder. A missing dictionary leaves it
  // unloaded, `status().problem` saying so. The twin's files are written before this returns and
  // the twin loads on a thread of its own: folded_lemmas() waits for it, so every answer is the
  // same as if it had loaded here, while a start that needs none yet does not wait.
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
  // The en_US base of a lowercase English form that is not a dictionary word of its own, reached by
  // suffix rules only ("happier" → "happy", "studies" → "study", "fallen" → "fall"); empty for a
  // word the dictionary lists itself or does not know, and for a base reached through a prefix
  // ("indices" is not "in" + "dices", "unpaid" is not "paid").
  std::string english_base(const std::string& lower) const;

  // The lemmatizer of this process (see use_dictionaries()).
  static std::shared_ptr<const lemmatizer> shared();

 private:
  struct dictionary;
  struct shard {
    std::mutex mutex;
    std::unordered_map<std::string, std::vector<std::string>> words;
  };
  static constexpr std::size_t shard_count = 16;

  enum class kind : char { accented = 'a', folded = 'f', english = 'e' };
  std::vector<std::string> lookup(dictionary& dict, kind k, const std::string& word) const;
  // The twin, once its thread has loaded it; nullptr when it has none.
  dictionary* twin() const;

  dictionary_status status_;
  std::unique_ptr<dictionary> accented_;
  std::unique_ptr<dictionary> english_;
  // The diacritic-free twin: loading on twin_loader_ while twin_pending_.
  std::unique_ptr<dictionary> folded_;
  std::atomic<bool> twin_pending_{false};
  mutable std::mutex twin_mutex_;
  mutable std::condition_variable twin_loaded_;
  std::thread twin_loader_;
  mutable std::array<shard, shard_count> cache_;
};

}  // namespace blog::search
