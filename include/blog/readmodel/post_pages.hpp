// The post pages of a node (GET /api/posts/{slug}, compressed, and the bodies behind them): the read
// model's cache, PostgreSQL, and copies on disk that answer while PostgreSQL is away.
#pragma once

#include "blog/readmodel/change_follower.hpp"
#include "blog/readmodel/page_store.hpp"
#include "blog/readmodel/read_model.hpp"
#include "blog/store/database.hpp"

#include <atomic>
#include <filesystem>
#include <memory>
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
  // posts' new pages and drops those of posts gone or no longer shown.
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

  store::database& db_;
  read_model& model_;
  std::unique_ptr<page_store> pages_on_disk_;  // nullptr: not kept
  std::atomic<bool> stopping_{false};
  std::atomic<bool> warmed_{false};
  std::thread warm_thread_;
};

}  // namespace blog::readmodel
