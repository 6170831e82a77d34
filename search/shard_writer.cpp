// The write side of one Xapian database: replace by id without flushing, spelling counted per commit.
#include "shard_writer.hpp"

#include "analysis.hpp"
#include "blog/search/schema.hpp"

#include <charconv>

namespace blog::search {
namespace {

constexpr int max_lookup_attempts = 4;

}  // namespace

shard_writer::shard_writer(const std::string& dir, mode m)
    : dir_(dir),
      mode_(m),
      db_(dir, m == mode::bulk ? Xapian::DB_CREATE_OR_OVERWRITE | Xapian::DB_NO_SYNC | Xapian::DB_DANGEROUS
                               : Xapian::DB_CREATE_OR_OPEN | Xapian::DB_NO_SYNC) {}

std::int64_t shard_writer::stored_last_seq() {
  if (const std::string layout = db_.get_metadata(std::string(schema::layout_key)); layout != index_layout()) {
    // Documents of another layout version may not even read right: the index reads as empty and
    // is rebuilt before it serves. Of another analysis only, they still answer (most words are
    // indexed alike) while a rebuild runs beside them.
    if (!layout.starts_with(std::string(schema::layout_version) + "/")) return 0;
    stale_analysis_ = true;
  }
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
    // The dictionary holds the words behind the body-word terms: a language prefix followed by
    // a lowercase word (not "CS…" title terms, not "Z…" stems or "X…" boolean terms).
    const std::string& term = *it;
    std::string_view word = term;
    if (word.starts_with(schema::czech_text_prefix)) {
      word.remove_prefix(schema::czech_text_prefix.size());
    } else if (word.starts_with(schema::english_text_prefix)) {
      word.remove_prefix(schema::english_text_prefix.size());
    } else {
      continue;
    }
    if (word.empty() || (word.front() >= 'A' && word.front() <= 'Z')) continue;
    if (is_spelling_word(word)) --spelling_delta_[std::string(word)];
  }
}

void shard_writer::flush_spelling() {
  builder_.take_spelling(spelling_delta_);
  for (const auto& [word, delta] : spelling_delta_) {
    if (delta > 0) db_.add_spelling(word, static_cast<Xapian::termcount>(delta));
    if (delta < 0) db_.remove_spelling(word, static_cast<Xapian::termcount>(-delta));
  }
  spelling_delta_.clear();
}

void shard_writer::hand_spelling_to(shard_writer& other) {
  builder_.take_spelling(spelling_delta_);
  for (const auto& [word, delta] : spelling_delta_) other.spelling_delta_[word] += delta;
  spelling_delta_.clear();
}

void shard_writer::replace(const post_doc& post) {
  Xapian::Document doc = builder_.build(post);
  Xapian::docid docid = find(post.id);
  if (docid != 0) {
    forget_spelling(docid);
    db_.replace_document(docid, doc);
  } else {
    docid = db_.add_document(doc);
  }
  session_[post.id] = docid;
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
  if (mode_ == mode::incremental) flush_spelling();
  db_.commit();
  if (mode_ == mode::incremental) {
    if (lookup_) lookup_->reopen();
    session_.clear();
  }
  pending_ = 0;
}

void shard_writer::commit(std::int64_t last_seq) {
  flush_spelling();
  db_.set_metadata(std::string(schema::last_seq_key), std::to_string(last_seq));
  db_.set_metadata(std::string(schema::layout_key),
                   stale_analysis_ ? std::string(schema::layout_version) + "/mixed" : index_layout());
  flush();
}

}  // namespace blog::search
