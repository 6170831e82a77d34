// Builds snapshots of the posts: visibility, order, pre-serialised pages and cards.
#include "blog/readmodel/read_model.hpp"

#include "blog/api/error.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <limits>

namespace blog::readmodel {
namespace {

constexpr std::int64_t never = std::numeric_limits<std::int64_t>::max();
constexpr const char* list_cache = "no-cache";

bool newer_first(const entry* a, const entry* b) {
  if (a->post.published_at_ms != b->post.published_at_ms) return a->post.published_at_ms > b->post.published_at_ms;
  return a->post.id > b->post.id;
}

std::string cursor_of(const entry& e) {
  return std::to_string(e.post.published_at_ms) + "_" + std::to_string(e.post.id);
}

std::string join_cards(const std::vector<const entry*>& items, std::size_t from, std::size_t to) {
  std::string body = "[";
  for (std::size_t i = from; i < to; ++i) {
    if (i > from) body += ',';
    body += items[i]->card;
  }
  body += ']';
  return body;
}

http::response list_response(std::string body, const std::string& next) {
  auto res = http::response::json_text(200, std::move(body));
  res.set("Cache-Control", list_cache);
  if (!next.empty()) res.set("X-Next-Cursor", next);
  return res;
}

std::shared_ptr<const http::prebuilt_response> prebuilt_first_page(const std::vector<const entry*>& items) {
  auto to = std::min(items.size(), default_page_size);
  http::header_list extra;
  if (to < items.size()) extra.emplace_back("X-Next-Cursor", cursor_of(*items[to - 1]));
  return http::prebuild(200, "application/json; charset=utf-8", join_cards(items, 0, to), list_cache, extra);
}

}  // namespace

snapshot::snapshot(std::unordered_map<int, std::shared_ptr<const entry>> entries, std::int64_t now_ms)
    : entries_(std::move(entries)), valid_until_(never), built_at_(now_ms) {
  by_slug_.reserve(entries_.size());
  for (const auto& [id, e] : entries_) {
    by_slug_.emplace(e->post.slug, e.get());
    if (e->post.visible_at(now_ms)) {
      visible_all_.push_back(e.get());
      if (e->post.language == "en") visible_en_.push_back(e.get());
    } else if (e->post.published) {
      valid_until_ = std::min(valid_until_, e->post.published_at_ms);
    }
  }
  std::sort(visible_all_.begin(), visible_all_.end(), newer_first);
  std::sort(visible_en_.begin(), visible_en_.end(), newer_first);
  first_page_en_ = prebuilt_first_page(visible_en_);
  first_page_cs_ = prebuilt_first_page(visible_all_);
}

const entry* snapshot::by_slug(std::string_view slug) const {
  auto it = by_slug_.find(std::string(slug));
  return it == by_slug_.end() ? nullptr : it->second;
}

const entry* snapshot::by_id(int id) const {
  auto it = entries_.find(id);
  return it == entries_.end() ? nullptr : it->second.get();
}

const std::vector<const entry*>& snapshot::visible(std::string_view language) const {
  return language == "cs" ? visible_all_ : visible_en_;
}

http::response snapshot::list(const page_request& request) const {
  const auto& all = visible(request.language);
  if (request.cursor.empty() && request.limit == default_page_size)
    return http::response::from_prebuilt(request.language == "cs" ? first_page_cs_ : first_page_en_);
  const std::vector<const entry*>* items = &all;
  std::size_t from = 0;
  if (!request.cursor.empty()) {
    auto sep = request.cursor.find('_');
    std::int64_t at = 0;
    int id = 0;
    try {
      if (sep == std::string::npos) throw std::invalid_argument("cursor");
      at = std::stoll(request.cursor.substr(0, sep));
      id = std::stoi(request.cursor.substr(sep + 1));
    } catch (const std::exception&) {
      throw api::error(400, "Invalid cursor");
    }
    entry probe;
    probe.post.published_at_ms = at;
    probe.post.id = id;
    from = static_cast<std::size_t>(
        std::upper_bound(items->begin(), items->end(), &probe, newer_first) - items->begin());
  }
  auto to = std::min(items->size(), from + request.limit);
  std::string next = to < items->size() && to > from ? cursor_of(*(*items)[to - 1]) : "";
  return list_response(join_cards(*items, from, to), next);
}

read_model::read_model() {
  current_.store(std::make_shared<const snapshot>(std::unordered_map<int, std::shared_ptr<const entry>>{},
                                                  posts::now_ms()));
}

std::shared_ptr<const entry> read_model::make_entry(const posts::post& p) {
  auto e = std::make_shared<entry>();
  e->post = p;
  e->card = boost::json::serialize(posts::card_json(p));
  e->page = http::prebuild(200, "application/json; charset=utf-8", boost::json::serialize(posts::full_json(p)),
                           "no-cache");
  return e;
}

std::shared_ptr<const snapshot> read_model::current() {
  auto snap = current_.load();
  if (posts::now_ms() >= snap->valid_until()) {
    std::lock_guard lock(write_mutex_);
    snap = current_.load();
    if (posts::now_ms() >= snap->valid_until()) {
      publish(snap->entries());
      snap = current_.load();
    }
  }
  return snap;
}

void read_model::replace_all(const std::vector<posts::post>& all) {
  std::unordered_map<int, std::shared_ptr<const entry>> entries;
  entries.reserve(all.size());
  for (const auto& p : all) entries.emplace(p.id, make_entry(p));
  std::lock_guard lock(write_mutex_);
  publish(std::move(entries));
}

void read_model::apply(const std::vector<int>& changed, const std::vector<posts::post>& loaded) {
  std::vector<std::shared_ptr<const entry>> fresh;
  fresh.reserve(loaded.size());
  for (const auto& p : loaded) fresh.push_back(make_entry(p));
  std::lock_guard lock(write_mutex_);
  auto entries = current_.load()->entries();
  for (int id : changed) entries.erase(id);
  for (auto& e : fresh) entries[e->post.id] = std::move(e);
  publish(std::move(entries));
}

void read_model::publish(std::unordered_map<int, std::shared_ptr<const entry>> entries) {
  current_.store(std::make_shared<const snapshot>(std::move(entries), posts::now_ms()));
}

}  // namespace blog::readmodel
