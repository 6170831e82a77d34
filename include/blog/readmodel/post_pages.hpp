// The post pages of a node (GET /api/posts/{slug}, compressed, and the bodies behind them): the read
// model's cache, PostgreSQL, and copies on disk that answer while PostgreSQL is away.
#pragma once

#include "blog/readmodel/change_follower.hpp"
#include "blog/readmodel/page_store.hpp"
#include "blog/readmodel/read_model.hpp"
#include "blog/store/database.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace blog::readmodel {

class post_pages {
 public:
  post_pages(store::database& db, read_model& model);
  ~post_pages();
  post_pages(const post_pages&) = delete;
  post_pages& operator=(const post_pages&) = delete;

  // Keeps every published post's page on disk in `dir` too (page_store): written as pages are
  // made, and for all the others by the warm-up thread, a batch at a time. Call before start().
  void keep_on_disk(std::filesystem::path dir);
  // Puts the newest posts' pages in the read model's cache on a thread of its own (until
  // warmed()), then writes the pages the disk lacks. Call once the read model is loaded.
  void start();
  void stop();
  // A change_follower sink, after the read model has the batch: the disk keeps the changed
  // posts' new pages and drops those of posts gone or no longer shown. The files are written by a
  // thread of their own, after the writer's answer (the disk is only read while PostgreSQL is away).
  void apply(const change_batch& batch);

  // The page of an entry: from the read model's cache, or read from PostgreSQL now and cached, or,
  // with PostgreSQL away, from the disk's copy. nullptr when the post is gone. Blocks: call it on
  // the worker pool. Throws blog::error 503 when the database cannot be reached and the disk has
  // no copy.
  std::shared_ptr<const encoded_answer> page(const entry& e);
  // The entry's post with its body, the same way. nullopt when the post is gone.
  std::optional<posts::post> full_post(const entry& e);
  // True once the start's warm-up has put the newest posts' pages in the cache (up to its budget).
  bool warmed() const { return warmed_.load(); }

 private:
  void warm_up();
  // Puts the page on disk when the post is published and its copy there is older or missing.
  void store_page(const entry& e, const encoded_answer& page);
  // The disk's copy of the entry's page, kept in the cache; nullptr when there is none.
  std::shared_ptr<const encoded_answer> stored_page(const entry& e);
  // Writes the pages of the published posts the disk lacks (after the warm-up).
  void fill_page_store();
  // The disk writer's loop: the pages apply() handed over, newest per post.
  void write_to_disk();
  // Writes or removes one post's copy by what the read model holds now.
  void follow_on_disk(int id, const std::shared_ptr<const encoded_answer>& page, std::int64_t updated_at_ms);

  // A post's page waiting for the disk writer: nullptr (with updated_at_ms 0) to check whether
  // the post is still shown, else its page as of that update.
  struct disk_job {
    std::shared_ptr<const encoded_answer> page;
    std::int64_t updated_at_ms = 0;
  };

  store::database& db_;
  read_model& model_;
  std::unique_ptr<page_store> pages_on_disk_;  // nullptr: not kept
  std::atomic<bool> stopping_{false};
  std::atomic<bool> warmed_{false};
  std::thread warm_thread_;
  std::mutex disk_mutex_;
  std::condition_variable disk_wake_;
  std::map<int, disk_job> disk_jobs_;  // by post id: a later change replaces an earlier one not yet written
  std::uint64_t disk_handed_ = 0;      // batches of jobs handed over, and written
  std::uint64_t disk_written_ = 0;
  bool disk_stopping_ = false;
  std::thread disk_thread_;
};

}  // namespace blog::readmodel
