// The in-memory read model: an immutable snapshot of every post with pre-serialised JSON and
// responses, swapped atomically when a change lands, so that plain reads never touch PostgreSQL.
// Snapshots share structure: applying a change costs O(log n) per changed post, not the corpus.
// Lean: entries hold no bodies; the pages of the posts read or written lately are kept compressed
// (brotli, once) in a bounded cache, the others come from PostgreSQL on first read, so that a node
// serving 100,000 posts stays under 300 MB and starts by reading summaries only.
#pragma once

#include "blog/domain/posts/post.hpp"
#include "blog/readmodel/body_cache.hpp"
#include "blog/readmodel/persistent_map.hpp"
#include "blog/wire/encoded_answer.hpp"
#include "blog/wire/message.hpp"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace blog::readmodel {

using http::encoded_answer;  // an answer compressed once, kept ready to send

inline constexpr std::size_t default_page_size = 12;
inline constexpr std::size_t max_page_size = 100;

// One post with its serialisations, shared between snapshots until the post changes.
struct entry {
  // Every field but content and content_html, which are empty here (kept_reading_minutes is
  // set): the page with the body is in the read model's body_cache, or in PostgreSQL.
  posts::post post;
  // Unique to this entry (every rebuild of a post's entry makes a new one): the body_cache's key.
  std::uint64_t version = 0;

  // The card JSON, serialised on first use and kept (a start builds none: at 100,000 posts that
  // is most of its time). Never fails but std::bad_alloc.
  const std::string& card() const;

  mutable std::atomic<std::shared_ptr<const std::string>> card_;  // set once
};

struct page_request {
  std::string language = "en";  // "en": English only; "cs": Czech and English
  std::size_t limit = default_page_size;
  std::string cursor;           // "" for the first page
  std::string accept_encoding;  // the client's Accept-Encoding: the first pages are kept compressed
};

// Where a post stands in a list: newest first, then the higher id.
struct list_key {
  std::int64_t published_at_ms = 0;
  int id = 0;
};
struct newer_first {
  bool operator()(const list_key& a, const list_key& b) const {
    return a.published_at_ms != b.published_at_ms ? a.published_at_ms > b.published_at_ms : a.id > b.id;
  }
};
struct sooner_first {
  bool operator()(const list_key& a, const list_key& b) const {
    return a.published_at_ms != b.published_at_ms ? a.published_at_ms < b.published_at_ms : a.id < b.id;
  }
};
struct list_key_hash {
  std::size_t operator()(const list_key& k) const {
    return static_cast<std::size_t>(static_cast<std::uint64_t>(k.published_at_ms) * 1'000'003U +
                                    static_cast<std::uint32_t>(k.id));
  }
};

// Each post once, by id; the other maps point into its entries.
using entry_map = persistent_map<int, std::shared_ptr<const entry>>;
using slug_map = persistent_map<std::string, const entry*>;
using list_map = persistent_map<list_key, const entry*, newer_first, list_key_hash>;
using schedule_map = persistent_map<list_key, const entry*, sooner_first, list_key_hash>;

class snapshot {
 public:
  // Every map shares its unchanged parts with the snapshot it was made from.
  struct tables {
    entry_map entries;
    slug_map by_slug;
    list_map visible_en;
    list_map visible_all;
    schedule_map scheduled;  // published, with a time still to come: soonest first
  };

  snapshot(tables t, std::int64_t now_ms);

  // A post in any state, or nullptr.
  const entry* by_slug(std::string_view slug) const;
  const entry* by_id(int id) const;
  // Visible posts a reader may list, newest first (iterate: `for (const entry* e : ...)`).
  list_map::value_range visible(std::string_view language) const;
  // The entries of the page `request` names (its language, limit and cursor) and the cursor of the
  // next page ("" on the last). Throws blog::error 400 for a bad cursor.
  struct entries_page {
    std::vector<const entry*> entries;
    std::string next_cursor;
  };
  entries_page page(const page_request& request) const;
  // page() as GET /api/posts answers it: the cards as a JSON array and the next page's cursor. The
  // default first pages come ready to send instead, compressed once for request.accept_encoding.
  struct list_answer {
    std::shared_ptr<const http::prebuilt_response> ready;  // set for a default first page
    std::string cards_json;                                // otherwise: the page's cards
    std::string next_cursor;                               // and the next page's cursor ("" on the last)
  };
  list_answer list(const page_request& request) const;
  // Time (ms) at which a scheduled post becomes visible and this snapshot goes stale.
  std::int64_t valid_until() const { return valid_until_; }
  // Every post by id (iterate: `for (const auto& [id, e] : ...)`).
  const entry_map& entries() const { return tables_.entries; }
  const tables& all_tables() const { return tables_; }
  std::int64_t built_at() const { return built_at_; }

 private:
  tables tables_;
  std::shared_ptr<const encoded_answer> first_page_en_;
  std::shared_ptr<const encoded_answer> first_page_cs_;
  std::int64_t valid_until_;
  std::int64_t built_at_;
};

// Bytes of compressed post pages a node keeps by default (about 15,000 posts of ~475 words).
inline constexpr std::size_t default_body_cache_bytes = 48u << 20;

class read_model {
 public:
  explicit read_model(std::size_t body_cache_bytes = default_body_cache_bytes);

  // The current snapshot; rebuilt first when a scheduled post's time has come.
  std::shared_ptr<const snapshot> current();
  // Replaces every post (start-up, reindex), building each map whole in O(n). The posts may come
  // without their bodies (summaries, with kept_reading_minutes set).
  void replace_all(std::vector<posts::post> all);
  // Applies changed posts: `loaded` are the ones that exist now, whole; ids of `changed` missing
  // from `loaded` were deleted. Their pages are kept in the cache: pages[i] when given (made by
  // page_of_post from loaded[i]), else compressed now.
  void apply(const std::vector<int>& changed, const std::vector<posts::post>& loaded,
             const std::vector<std::shared_ptr<const encoded_answer>>& pages = {});
  // GET /api/posts/{slug}'s page of the whole post `p` (kept_reading_minutes set), compressed now.
  static std::shared_ptr<const encoded_answer> page_of_post(const posts::post& p);

  // GET /api/posts/{slug} of an entry when its page is in the cache, else nullptr.
  std::shared_ptr<const encoded_answer> cached_page(const entry& e);
  // The page of `e` with the body of `whole` (the same post read from PostgreSQL), compressed now
  // and kept in the cache when `whole` is the entry's version. Throws std::runtime_error when
  // compression fails.
  std::shared_ptr<const encoded_answer> keep_page(const entry& e, const posts::post& whole);
  // The page of `e` with the body of `whole`, compressed now and not kept (for the disk's copy).
  static std::shared_ptr<const encoded_answer> make_page(const entry& e, const posts::post& whole);
  // Keeps in the cache the page of `e` compressed before (read back from disk), and returns it.
  std::shared_ptr<const encoded_answer> keep_stored_page(const entry& e, std::string_view brotli);
  // The post of `e` with its body, from the cached page; nullopt when the page is not cached.
  std::optional<posts::post> cached_post(const entry& e);
  // The post of `e` with the body its page holds. Throws when the page is not a post's.
  static posts::post post_of(const entry& e, const encoded_answer& page);
  body_cache& bodies() { return bodies_; }

  // An entry without the body: card, kept reading time, a new version. When `keep` is given and
  // the post comes whole, its page is compressed now and kept there.
  static std::shared_ptr<const entry> make_entry(posts::post p, body_cache* keep = nullptr,
                                                 std::shared_ptr<const encoded_answer> page = nullptr);

 private:
  // Adds and removes in O(log n) per post, sharing the rest with the current snapshot.
  static void add(snapshot::tables& t, const std::shared_ptr<const entry>& e, std::int64_t now_ms);
  static void remove(snapshot::tables& t, const entry& e);
  // Moves scheduled posts whose time has come into the lists.
  static void release_due(snapshot::tables& t, std::int64_t now_ms);
  void publish(snapshot::tables t, std::int64_t now_ms);

  std::mutex write_mutex_;
  std::atomic<std::shared_ptr<const snapshot>> current_;
  body_cache bodies_;
};

}  // namespace blog::readmodel
