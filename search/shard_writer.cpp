// The write side of one Xapian database: replace by id without flushing, spelling counted per commit.
#include "shard_writer.hpp"

#include "analysis.hpp"
#include "blog/search/schema.hpp"

#include <charconv>
#include <chrono>
#include <cstdio>

namespace blog::search {
namespace {

constexpr int max_lookup_attempts = 4;

}  // namespace

shard_writer::shard_writer(const std::string& dir, mode m)
    : dir_(dir),
      mode_(m),
      db_(dir, m == mode::bulk
                   ? Xapian::DB_CREATE_OR_OVERWRITE | Xapian::DB_NO_SYNC | Xapian::DB_DANGEROUS
                   : Xapian::DB_CREATE_OR_OPEN) {}

std::int64_t shard_writer::stored_last_seq() {
  const std::string text = db_.get_metadata(std::string(schema::last_seq_key));
  std::int64_t seq = 0;
  std::from_chars(text.data(), text.data() + text.size(), seq);
  return seq;
}

Xapian::docid shard_writer::find(std::int64_t id) {
  if (const auto known = session_.find(id); known != session_.end()) return known->second;
  if (mode_ == mode::bulk) return 0;  // every document of a bulk load is in session_
  const std::string term = id_term(id);
  for (int attempt = 1;; ++attempt) {
    try {
      if (!lookup_) lookup_.emplace(dir_);
      auto it = lookup_->postlist_begin(term);
      return it == lookup_->postlist_end(term) ? 0 : *it;
    } catch (const Xapian::DatabaseModifiedError&) {
      if (attempt == max_lookup_attempts) throw;
      lookup_->reopen();
    }
  }
}

void shard_writer::forget_spelling(Xapian::docid docid) {
  for (auto it = db_.termlist_begin(docid); it != db_.termlist_end(docid); ++it) {
    const std::string& term = *it;
    if (term.empty() || (term.front() >= 'A' && term.front() <= 'Z')) continue;  // prefixed
    if (is_spelling_word(term)) --spelling_delta_[term];
  }
}

void shard_writer::flush_spelling() {
  for (const auto& [word, delta] : spelling_delta_) {
    if (delta > 0) db_.add_spelling(word, static_cast<Xapian::termcount>(delta));
    if (delta < 0) db_.remove_spelling(word, static_cast<Xapian::termcount>(-delta));
  }
  spelling_delta_.clear();
}

static thread_local double t_build = 0, t_add = 0, t_spell = 0, t_flush = 0;
struct reporter { ~reporter() { std::fprintf(stderr, "build %.2f add %.2f spell %.2f flush %.2f\n", t_build, t_add, t_spell, t_flush); } };
static thread_local reporter rep;
void shard_writer::replace(const post_doc& post) {
  (void)rep;
  auto t0 = std::chrono::steady_clock::now();
  Xapian::Document doc = builder_.build(post, spelling_words_);
  auto t1 = std::chrono::steady_clock::now();
  t_build += std::chrono::duration<double>(t1 - t0).count();
  Xapian::docid docid = find(post.id);
  if (docid != 0) {
    forget_spelling(docid);
    db_.replace_document(docid, doc);
  } else {
    docid = db_.add_document(doc);
  }
  session_[post.id] = docid;
  auto t2 = std::chrono::steady_clock::now();
  t_add += std::chrono::duration<double>(t2 - t1).count();
  for (const std::string& word : spelling_words_) ++spelling_delta_[word];
  t_spell += std::chrono::duration<double>(std::chrono::steady_clock::now() - t2).count();
  ++pending_;
}

void shard_writer::remove(std::int64_t id) {
  if (const Xapian::docid docid = find(id)) {
    forget_spelling(docid);
    db_.delete_document(docid);
    session_[id] = 0;
    ++pending_;
  }
}

void shard_writer::flush() {
  // A bulk load hands spelling over once, in its final commit: per-batch hand-overs would redo
  // most of the vocabulary every time.
  auto t0 = std::chrono::steady_clock::now();
  if (mode_ == mode::incremental) flush_spelling();
  db_.commit();
  t_flush += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (mode_ == mode::incremental) {
    if (lookup_) lookup_->reopen();
    session_.clear();
  }
  pending_ = 0;
}

void shard_writer::commit(std::int64_t last_seq) {
  flush_spelling();
  db_.set_metadata(std::string(schema::last_seq_key), std::to_string(last_seq));
  flush();
}

}  // namespace blog::search
