// The in-memory read model: an immutable snapshot of every post with pre-serialised JSON and
// responses, swapped atomically when a change lands, so that plain reads never touch PostgreSQL.
// Snapshots share structure: applying a change costs O(log n) per changed post, not the corpus.
// Lean: a post's content is held only inside its page answer, compressed once (brotli), so that a
// node serving 100,000 posts stays under 300 MB; a start loads what lists need first and the
// bodies after it already serves.
#pragma once

#include "blog/http/message.hpp"
#include "blog/posts/post.hpp"
#include "blog/readmodel/encoded_answer.hpp"
#include "blog/readmodel/persistent_map.hpp"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace blog::readmodel {

inline constexpr std::size_t default_page_size = 12;
inline constexpr std::size_t max_page_size = 100;

// One post with its serialisations, shared between snapshots until the post changes.
struct entry {
  // Every field but content and content_html, which are empty here: they live in page().
  posts::post post;
  std::string card;  // card JSON

  // GET /api/posts/{slug} (the full JSON), compressed; nullptr while the body is not loaded yet
  // (the first seconds after a start: change_follower::full_post loads it then).
  std::shared_ptr<const encoded_answer> page() const { return page_.load(); }
  // The post with its content, decompressed from page(); nullopt while the body is not loaded.
  std::optional<posts::post> full_post() const;

  // Set once: when the entry is made from a whole post, or when its body arrives after a start.
  mutable std::atomic<std::shared_ptr<const encoded_answer>> page_;
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
  // A page of cards as a JSON array, with the cursor of the next page in X-Next-Cursor.
  // The default first pages are pre-serialised. Throws api::error 400 for a bad cursor.
  http::response list(const page_request& request) const;
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

class read_model {
 public:
  read_model();

  // The current snapshot; rebuilt first when a scheduled post's time has come.
  std::shared_ptr<const snapshot> current();
  // Replaces every post (start-up, reindex), building each map whole in O(n). Posts whose
  // content is empty (a summary load) get their page later from set_body.
  void replace_all(std::vector<posts::post> all);
  // Applies changed posts: `loaded` are the ones that exist now; ids of `changed` missing from
  // `loaded` were deleted.
  void apply(const std::vector<int>& changed, const std::vector<posts::post>& loaded);
  // Gives a post loaded without its body the page made from `content` and `content_html`, when
  // the current entry of `id` still has none and is the version of `updated_at_ms` (a post that
  // changed meanwhile comes whole with its change). Returns whether it did.
  bool set_body(int id, std::int64_t updated_at_ms, const std::string& content, const std::string& content_html);

  // A whole post's entry: card, and the page compressed. With empty content (a summary), no page.
  static std::shared_ptr<const entry> make_entry(posts::post p);

 private:
  // Adds and removes in O(log n) per post, sharing the rest with the current snapshot.
  static void add(snapshot::tables& t, const std::shared_ptr<const entry>& e, std::int64_t now_ms);
  static void remove(snapshot::tables& t, const entry& e);
  // Moves scheduled posts whose time has come into the lists.
  static void release_due(snapshot::tables& t, std::int64_t now_ms);
  void publish(snapshot::tables t, std::int64_t now_ms);

  std::mutex write_mutex_;
  std::atomic<std::shared_ptr<const snapshot>> current_;
};

}  // namespace blog::readmodel
