// The in-memory read model: an immutable snapshot of every post with pre-serialised JSON and
// responses, swapped atomically when a change lands, so that plain reads never touch PostgreSQL.
#pragma once

#include "blog/http/message.hpp"
#include "blog/posts/post.hpp"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace blog::readmodel {

inline constexpr std::size_t default_page_size = 12;
inline constexpr std::size_t max_page_size = 100;

// One post with its serialisations, shared between snapshots until the post changes.
struct entry {
  posts::post post;
  std::string card;  // card JSON
  std::shared_ptr<const http::prebuilt_response> page;  // GET /api/posts/{slug}
};

struct page_request {
  std::string language = "en";  // "en": English only; "cs": Czech and English
  std::size_t limit = default_page_size;
  std::string cursor;  // "" for the first page
};

class snapshot {
 public:
  snapshot(std::unordered_map<int, std::shared_ptr<const entry>> entries, std::int64_t now_ms);

  // A post in any state, or nullptr.
  const entry* by_slug(std::string_view slug) const;
  const entry* by_id(int id) const;
  // Visible posts a reader may list, newest first.
  const std::vector<const entry*>& visible(std::string_view language) const;
  // A page of cards as a JSON array, with the cursor of the next page in X-Next-Cursor.
  // The default first pages are pre-serialised. Throws api::error 400 for a bad cursor.
  http::response list(const page_request& request) const;
  // Time (ms) at which a scheduled post becomes visible and this snapshot goes stale.
  std::int64_t valid_until() const { return valid_until_; }
  const std::unordered_map<int, std::shared_ptr<const entry>>& entries() const { return entries_; }
  std::int64_t built_at() const { return built_at_; }

 private:
  std::unordered_map<int, std::shared_ptr<const entry>> entries_;
  std::unordered_map<std::string, const entry*> by_slug_;
  std::vector<const entry*> visible_en_;
  std::vector<const entry*> visible_all_;
  std::shared_ptr<const http::prebuilt_response> first_page_en_;
  std::shared_ptr<const http::prebuilt_response> first_page_cs_;
  std::int64_t valid_until_;
  std::int64_t built_at_;
};

class read_model {
 public:
  read_model();

  // The current snapshot; rebuilt first when a scheduled post's time has come.
  std::shared_ptr<const snapshot> current();
  // Replaces every post (start-up, reindex).
  void replace_all(const std::vector<posts::post>& all);
  // Applies changed posts: `loaded` are the ones that exist now; ids of `changed` missing from
  // `loaded` were deleted.
  void apply(const std::vector<int>& changed, const std::vector<posts::post>& loaded);

  static std::shared_ptr<const entry> make_entry(const posts::post& p);

 private:
  void publish(std::unordered_map<int, std::shared_ptr<const entry>> entries);

  std::mutex write_mutex_;
  std::atomic<std::shared_ptr<const snapshot>> current_;
};

}  // namespace blog::readmodel
