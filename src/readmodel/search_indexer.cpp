// Applies post changes to the search index and rebuilds it.
#include "blog/readmodel/search_indexer.hpp"

#include "blog/domain/render/text.hpp"
#include "blog/store/posts_store.hpp"

#include <malloc.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <filesystem>
#include <set>

namespace blog::readmodel {
namespace {

// Changes replayed per commit when catching up: a few megabytes of posts and postings at a time.
constexpr std::size_t catch_up_batch = 1000;

}  // namespace

search_indexer::search_indexer(search::index_store& indexes, store::database& db) : indexes_(indexes), db_(db) {}

search::post_doc search_indexer::to_doc(const posts::post& p) {
  return to_doc(p, render::html_to_text(p.content_html));
}

search::post_doc search_indexer::to_doc(const posts::post& p, std::string text) {
  search::post_doc doc;
  doc.id = p.id;
  doc.title = p.title;
  doc.excerpt = p.excerpt;
  doc.body_text = std::move(text);
  doc.category = p.category;
  doc.language = p.language;
  doc.published = p.published;
  doc.published_at_ms = p.published_at_ms;
  return doc;
}

void search_indexer::apply(const change_batch& batch) {
  // While failing, retry() (once a second) replays everything from the index's last good commit.
  if (failing_) return;
  try {
    auto index = indexes_.current();
    std::set<int> present;
    for (std::size_t i = 0; i < batch.loaded.size(); ++i) {
      const auto& p = batch.loaded[i];
      index->replace(i < batch.texts.size() ? to_doc(p, batch.texts[i]) : to_doc(p));
      present.insert(p.id);
    }
    for (int id : batch.changed)
      if (!present.count(id)) index->remove(id);
    index->commit(stored_seq(batch.applied));
    indexed_seq_ = batch.applied.seq;
  } catch (const std::exception& e) {
    // The read model has the batch already; the index keeps its last good commit and is caught
    // up from the change log (its stored last_seq) once it can be written again.
    write_failed(e);
  }
}

std::int64_t search_indexer::stored_seq(applied_position applied) {
  if (!applied.load_pending) {
    start_seq_ = -1;
    return applied.seq;
  }
  auto start = start_seq_.load();
  return start >= 0 ? std::min(applied.seq, start) : applied.seq;
}

void search_indexer::resume(applied_position applied) {
  try {
    catch_up(applied);
  } catch (const search::index_error& e) {
    write_failed(e);
  } catch (const std::filesystem::filesystem_error& e) {
    write_failed(e);
  }
}

void search_indexer::retry(applied_position applied) {
  if (!failing_) return;
  auto now = std::chrono::steady_clock::now();
  if (now < next_retry_) return;
  try {
    try {
      catch_up(applied);  // the index object still works: replay the log from its last commit
    } catch (const std::exception&) {
      // Xapian closes a database it cannot roll back after a failed commit: build a new
      // generation from PostgreSQL instead (it fails at once while the folder is unwritable).
      rebuild_from_database(applied);
    }
  } catch (const std::exception&) {
    // Still failing (logged once already): try again later, less often the longer it lasts.
    retry_delay_ = std::min(retry_delay_ * 2, max_retry_delay);
    next_retry_ = now + retry_delay_;
    return;
  }
  failing_ = false;
  retry_delay_ = first_retry_delay;
  spdlog::info("search index under {}: writable again, caught up to change {}", indexes_.current()->dir().string(),
               applied.seq);
}

std::size_t search_indexer::rebuild_from_database(applied_position applied) {
  std::size_t count = 0;
  indexes_.rebuild([&](search::bulk_loader& fresh) {
    store::for_each_post(db_, store::post_parts::whole, [&](posts::post&& p) {
      fresh.add(to_doc(p));
      ++count;
    });
    fresh.set_last_seq(stored_seq(applied));
  });
  indexed_seq_ = applied.seq;
  return count;
}

void search_indexer::write_failed(const std::exception& e) {
  if (failing_.exchange(true)) return;
  retry_delay_ = first_retry_delay;
  next_retry_ = std::chrono::steady_clock::now() + retry_delay_;
  spdlog::error(
      "search index under {}: cannot write ({}); searches answer from the last good index, and it catches up "
      "once the folder can be written again (check its permissions and free space)",
      indexes_.current()->dir().string(), e.what());
}

void search_indexer::catch_up(applied_position applied) {
  auto index = indexes_.current();
  auto from = index->last_seq();
  if (applied.load_pending && start_seq_ < 0) start_seq_ = from;
  if (from == 0 && applied.seq == 0) return;
  if (from == 0) {
    // A new or lost index: building it whole in parallel shards beats replaying the log. The read
    // model holds no bodies, so they stream from PostgreSQL; every change after the settled seq is
    // replayed by the follower's next batches.
    auto count = rebuild_from_database(applied);
    spdlog::info("search index built from {} posts", count);
    return;
  }
  // Every change above the index's position is replayed from PostgreSQL, including those above
  // the settled seq (late commits the follower holds as gaps): the follower's next batch brings
  // them here again if they were not committed yet. A long backlog (a node stopped while 100,000
  // posts arrived) goes in bounded batches, each committed: Xapian holds a batch's postings in
  // memory until its commit, and one commit at the end held hundreds of megabytes
  // (bench/node_memory.sh).
  const auto settled = std::max(from, applied.seq);
  std::size_t replayed = 0;
  for (auto after = from;;) {
    auto changes = store::changes_since(db_, after, catch_up_batch);
    if (changes.empty()) break;
    std::vector<int> ids;
    ids.reserve(changes.size());
    for (const auto& c : changes) ids.push_back(c.post_id);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::set<int> present;
    for (const auto& p : store::load_posts(db_, ids)) {
      index->replace(to_doc(p));
      present.insert(p.id);
    }
    for (int id : ids)
      if (!present.count(id)) index->remove(id);
    replayed += ids.size();
    after = changes.back().seq;
    // Every change up to `after` is in; a restart goes on from there. Never past settled: above it
    // a late commit may still come, through the follower (nor, see stored_seq, past the start's).
    index->commit(stored_seq({std::min(after, settled), applied.load_pending}));
  }
  indexed_seq_ = settled;
  if (replayed == 0 && from >= applied.seq) return;
  if (auto stored = stored_seq({settled, applied.load_pending}); index->last_seq() < stored) index->commit(stored);
  // The batches' rows and Xapian's buffers, freed in the heap's holes, back to the system.
  malloc_trim(0);
  spdlog::info("search index caught up from change {} to {} ({} posts)", from, applied.seq, replayed);
}

std::size_t search_indexer::rebuild(change_follower& follower) {
  // The read model holds no bodies: the posts stream from PostgreSQL, one at a time.
  std::size_t count = 0;
  indexes_.rebuild([&](search::bulk_loader& fresh) {
    // The follower's settled seq is read before the posts: every change up to it is in the load,
    // and every change above it (late commits included) is replayed by catch_up.
    auto applied = follower.applied();
    store::for_each_post(db_, store::post_parts::whole, [&](posts::post&& p) {
      fresh.add(to_doc(p));
      ++count;
    });
    fresh.set_last_seq(stored_seq(applied));
  });
  follower.run_exclusive([this](applied_position applied) { catch_up(applied); });
  return count;
}

}  // namespace blog::readmodel
