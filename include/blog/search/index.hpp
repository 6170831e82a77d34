// Full-text index of posts (Xapian): one writer and concurrent readers over one folder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace blog::search {

// A post as the index needs it.
struct post_doc {
  std::int64_t id = 0;
  std::string title;
  std::string excerpt;
  std::string body_text;  // plain text, HTML already stripped
  std::string category;
  std::string language;  // "en" | "cs"; anything else is indexed as "en"
  bool published = false;
  std::int64_t published_at_ms = 0;
};

// Glossary pairs (English <-> Czech) that search treats as synonyms across the languages.
struct synonym_pair {
  std::string en;
  std::string cs;
};
struct glossary {
  std::int64_t version = 0;  // a reader re-analyses the pairs when a query brings another version
  std::vector<synonym_pair> pairs;
};

struct query {
  std::string text;
  std::string language = "en";  // "en": English posts only; "cs": Czech and English posts
  std::optional<std::string> category;
  std::int64_t now_ms = 0;  // posts published later than this are not returned
  std::size_t offset = 0;
  std::size_t limit = 20;
  // With a glossary, a query holding one side of a pair also finds the posts of the other
  // language (when they are included) that hold the other side, ranked below its own language's.
  std::shared_ptr<const glossary> synonyms;
};

struct hit {
  std::int64_t id = 0;
  double weight = 0;
  std::string snippet_html;  // HTML-escaped text with matched words in <mark>…</mark>
};

// How many matches share one value of a facet.
struct facet_count {
  std::string value;
  std::size_t count = 0;
  bool operator==(const facet_count&) const = default;
};

struct result {
  std::vector<hit> hits;
  std::size_t total_estimate = 0;  // exact for search(): every match is counted for the facets
  std::string suggestion;          // the corrected query; empty when none
  // search() only, over every match before paging, most matches first (then by value):
  std::vector<facet_count> categories;  // category names as written in the posts
  std::vector<facet_count> languages;   // "en" | "cs"
  // Visible posts the language filter kept out that the query would find with Czech posts
  // included (query language "en" only; 0 for "cs", which includes both).
  std::size_t hidden_by_language = 0;
};

// Raised when the index cannot be opened, read or written (I/O error, corruption, a second
// writer on the same folder). Malformed query text never raises it.
class index_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One index folder. Writes (replace, remove, commit) come from one thread at a time; searches may
// run on any number of threads at once, each borrowing a reader (a Xapian::Database reopened
// after commits) from a pool. Spell it blog::search::index (or with a using-declaration): under
// `using namespace blog::search` the name clashes with POSIX ::index().
class index {
 public:
  // Opens the index in `dir`, creating it when missing. Throws index_error when it cannot (for
  // example another index object or process holds the write lock).
  explicit index(std::filesystem::path dir);
  ~index();
  index(const index&) = delete;
  index& operator=(const index&) = delete;

  // Adds the post or replaces the document with its id (idempotent). Visible to searches after
  // the next commit(). Throws index_error on a write failure.
  void replace(const post_doc& post);

  // Removes the post's document; no-op when absent. Throws index_error on a write failure.
  void remove(std::int64_t id);

  // Makes all changes visible, storing last_seq in the same commit. A commit survives the
  // process being killed at once; it reaches the disk by sync() (or the OS's own writeback).
  // Throws index_error on a write failure (the changes since the last commit are then lost).
  void commit(std::int64_t last_seq);

  // Writes the commits made since the last sync to the disk. Before the first unsynced commit
  // a marker naming this boot is made durable; sync removes it once every file is on the disk
  // and no commit came meanwhile. An index that finds another boot's marker when it opens lost
  // its last commits with the machine (a power cut, a crash of the system): it starts empty and
  // is rebuilt from PostgreSQL. Commits cost no fsync each (an fsync of every table per write
  // was most of a write's time), and a killed process loses nothing, its writes being in the
  // page cache. True when nothing is left unsynced. Throws index_error when the files cannot be
  // synced.
  bool sync();

  // The last_seq of the last commit; 0 for a new index. Does not fail.
  std::int64_t last_seq() const;
  // Commits since this index was opened: moves with every commit, whatever last_seq it stored.
  std::uint64_t revision() const;
  // True when the index was written with another analysis (another dictionary, or a new analysis
  // version; see dictionary_status::analysis): its documents still answer and take changes, but
  // only a rebuild (index_store::rebuild) brings them all to this process's analysis. Does not
  // fail.
  bool stale_analysis() const;

  // Ranked full-text search (BM25, newer first on equal weight) over visible posts: published,
  // published_at_ms <= now_ms, of the query's content language (and category when set). Every
  // word must match (syntax: AND OR NOT in any case, "phrases", +word -word, title:word,
  // prefix*); when no post has them all, the posts with some of them are ranked instead. When
  // fewer than 3 posts have them all, suggestion is the text with unknown words replaced by the
  // closest indexed word (inflections of indexed words are never "corrected"). Every match is
  // counted per category and language (facets), and for language "en" the Czech posts the same
  // query would find are counted too (hidden_by_language). Snippets are the best passage of
  // excerpt + body (snippet_maker). Never throws for malformed query
  // text (falls back to plain words, or returns no hits); throws index_error when the index
  // cannot be read.
  result search(const query& q) const;

  // Up to `limit` visible posts (as search() sees them: published by now_ms) in `language`,
  // most similar to post `id` by Xapian's relevance set (the post's own most telling terms),
  // never the post itself. Empty when the post is not indexed. Throws index_error when the index
  // cannot be read.
  std::vector<std::int64_t> related(std::int64_t id, const std::string& language, std::int64_t now_ms,
                                    std::size_t limit) const;

  // Visible posts of q.category (all categories when unset), newest first; q.text is ignored and
  // snippets are empty. Throws index_error when the index cannot be read.
  result by_category(const query& q) const;

  // Ids of every indexed post, visible or not, in ascending order. Throws index_error when the
  // index cannot be read.
  std::vector<std::int64_t> all_ids() const;

  // The folder this index lives in. Does not fail.
  const std::filesystem::path& dir() const;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace blog::search
