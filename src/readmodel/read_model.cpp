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
constexpr const char* json_type = "application/json; charset=utf-8";

list_key key_of(const entry& e) {
  return {e.post.published_at_ms, e.post.id};
}

std::string cursor_of(const entry& e) {
  return std::to_string(e.post.published_at_ms) + "_" + std::to_string(e.post.id);
}

std::string join_cards(const std::vector<const entry*>& items) {
  std::string body = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) body += ',';
    body += items[i]->card;
  }
  body += ']';
  return body;
}

// Up to `limit` entries from `it` on, and the cursor of the next page ("" at the end).
std::pair<std::vector<const entry*>, std::string> page_from(list_map::iterator it, const list_map& items,
                                                            std::size_t limit) {
  std::vector<const entry*> page;
  for (; it != items.end() && page.size() < limit; ++it) page.push_back(it->second);
  std::string next = it != items.end() && !page.empty() ? cursor_of(*page.back()) : "";
  return {std::move(page), std::move(next)};
}

http::response list_response(std::string body, const std::string& next) {
  auto res = http::response::json_text(200, std::move(body));
  res.set("Cache-Control", list_cache);
  if (!next.empty()) res.set("X-Next-Cursor", next);
  return res;
}

// The first pages are asked for most: compressed both ways once, so no client makes us compress.
std::shared_ptr<const encoded_answer> prebuilt_first_page(const list_map& items) {
  auto [page, next] = page_from(items.begin(), items, default_page_size);
  http::header_list extra;
  if (!next.empty()) extra.emplace_back("X-Next-Cursor", next);
  return encoded_answer::build(json_type, join_cards(page), list_cache, /*hot=*/true, extra);
}

std::shared_ptr<const encoded_answer> page_of(const posts::post& whole) {
  return encoded_answer::build(json_type, boost::json::serialize(posts::full_json(whole)), "no-cache",
                               /*hot=*/false);
}

}  // namespace

snapshot::snapshot(tables t, std::int64_t now_ms) : tables_(std::move(t)), valid_until_(never), built_at_(now_ms) {
  if (!tables_.scheduled.empty()) valid_until_ = tables_.scheduled.begin()->first.published_at_ms;
  first_page_en_ = prebuilt_first_page(tables_.visible_en);
  first_page_cs_ = prebuilt_first_page(tables_.visible_all);
}

const entry* snapshot::by_slug(std::string_view slug) const {
  const auto* found = tables_.by_slug.find(std::string(slug));
  return found ? *found : nullptr;
}

const entry* snapshot::by_id(int id) const {
  const auto* found = tables_.entries.find(id);
  return found ? found->get() : nullptr;
}

list_map::value_range snapshot::visible(std::string_view language) const {
  return language == "cs" ? tables_.visible_all.values() : tables_.visible_en.values();
}

http::response snapshot::list(const page_request& request) const {
  const auto& items = request.language == "cs" ? tables_.visible_all : tables_.visible_en;
  if (request.cursor.empty() && request.limit == default_page_size)
    return http::response::from_prebuilt(
        (request.language == "cs" ? first_page_cs_ : first_page_en_)->for_encoding(request.accept_encoding));
  auto from = items.begin();
  if (!request.cursor.empty()) {
    auto sep = request.cursor.find('_');
    list_key probe;
    try {
      if (sep == std::string::npos) throw std::invalid_argument("cursor");
      probe.published_at_ms = std::stoll(request.cursor.substr(0, sep));
      probe.id = std::stoi(request.cursor.substr(sep + 1));
    } catch (const std::exception&) {
      throw api::error(400, "Invalid cursor");
    }
    from = items.upper_bound(probe);
  }
  auto [page, next] = page_from(std::move(from), items, request.limit);
  return list_response(join_cards(page), next);
}

read_model::read_model() {
  current_.store(std::make_shared<const snapshot>(snapshot::tables{}, posts::now_ms()));
}

std::optional<posts::post> entry::full_post() const {
  auto answer = page();
  if (!answer) return std::nullopt;
  auto whole = post;
  auto json = boost::json::parse(answer->body()).as_object();
  whole.content = json.at("content").as_string();
  whole.content_html = json.at("contentHtml").as_string();
  return whole;
}

std::shared_ptr<const entry> read_model::make_entry(posts::post p) {
  auto e = std::make_shared<entry>();
  e->card = boost::json::serialize(posts::card_json(p));
  if (!p.content.empty() || !p.content_html.empty()) e->page_.store(page_of(p));
  // The body is held once, compressed inside the page.
  p.content = std::string();
  p.content_html = std::string();
  e->post = std::move(p);
  return e;
}

std::shared_ptr<const snapshot> read_model::current() {
  auto snap = current_.load();
  auto now = posts::now_ms();
  if (now >= snap->valid_until()) {
    std::lock_guard lock(write_mutex_);
    snap = current_.load();
    if (now >= snap->valid_until()) {
      auto t = snap->all_tables();
      release_due(t, now);
      publish(std::move(t), now);
      snap = current_.load();
    }
  }
  return snap;
}

void read_model::replace_all(std::vector<posts::post> all) {
  auto now = posts::now_ms();
  std::vector<std::pair<int, std::shared_ptr<const entry>>> entries;
  std::vector<std::pair<std::string, const entry*>> slugs;
  std::vector<std::pair<list_key, const entry*>> visible_en, visible_all, scheduled;
  entries.reserve(all.size());
  slugs.reserve(all.size());
  visible_all.reserve(all.size());
  for (auto& p : all) {
    auto e = make_entry(std::move(p));
    const auto* raw = e.get();
    slugs.emplace_back(raw->post.slug, raw);
    if (raw->post.visible_at(now)) {
      visible_all.emplace_back(key_of(*raw), raw);
      if (raw->post.language == "en") visible_en.emplace_back(key_of(*raw), raw);
    } else if (raw->post.published) {
      scheduled.emplace_back(key_of(*raw), raw);
    }
    entries.emplace_back(raw->post.id, std::move(e));
  }
  all = {};
  // Each map whole at once: n sets would copy n log n nodes, seconds at 100,000 posts.
  snapshot::tables t;
  t.entries = entry_map::from_items(std::move(entries));
  t.by_slug = slug_map::from_items(std::move(slugs));
  t.visible_en = list_map::from_items(std::move(visible_en));
  t.visible_all = list_map::from_items(std::move(visible_all));
  t.scheduled = schedule_map::from_items(std::move(scheduled));
  std::lock_guard lock(write_mutex_);
  publish(std::move(t), now);
}

bool read_model::set_body(int id, std::int64_t updated_at_ms, const std::string& content,
                          const std::string& content_html) {
  auto snap = current_.load();
  const auto* e = snap->by_id(id);
  if (!e || e->post.updated_at_ms != updated_at_ms || e->page()) return false;
  auto whole = e->post;
  whole.content = content;
  whole.content_html = content_html;
  std::shared_ptr<const encoded_answer> expected;
  // Two fillers (the start's loader and a reader's request) may race: the first page stays.
  return e->page_.compare_exchange_strong(expected, page_of(whole));
}

void read_model::apply(const std::vector<int>& changed, const std::vector<posts::post>& loaded) {
  std::vector<std::shared_ptr<const entry>> fresh;
  fresh.reserve(loaded.size());
  for (const auto& p : loaded) fresh.push_back(make_entry(p));
  std::lock_guard lock(write_mutex_);
  auto now = posts::now_ms();
  auto t = current_.load()->all_tables();
  for (int id : changed)
    if (const auto* old = t.entries.find(id)) remove(t, **old);
  for (const auto& e : fresh) {
    if (const auto* old = t.entries.find(e->post.id)) remove(t, **old);
    add(t, e, now);
  }
  release_due(t, now);
  publish(std::move(t), now);
}

void read_model::add(snapshot::tables& t, const std::shared_ptr<const entry>& e, std::int64_t now_ms) {
  t.entries = t.entries.set(e->post.id, e);
  t.by_slug = t.by_slug.set(e->post.slug, e.get());
  if (e->post.visible_at(now_ms)) {
    t.visible_all = t.visible_all.set(key_of(*e), e.get());
    if (e->post.language == "en") t.visible_en = t.visible_en.set(key_of(*e), e.get());
  } else if (e->post.published) {
    t.scheduled = t.scheduled.set(key_of(*e), e.get());
  }
}

void read_model::remove(snapshot::tables& t, const entry& e) {
  t.entries = t.entries.erase(e.post.id);
  // A slug may have passed to another post in the same batch: only this post's own mapping goes.
  if (const auto* owner = t.by_slug.find(e.post.slug); owner && *owner == &e) t.by_slug = t.by_slug.erase(e.post.slug);
  t.visible_all = t.visible_all.erase(key_of(e));
  t.visible_en = t.visible_en.erase(key_of(e));
  t.scheduled = t.scheduled.erase(key_of(e));
}

void read_model::release_due(snapshot::tables& t, std::int64_t now_ms) {
  while (!t.scheduled.empty() && t.scheduled.begin()->first.published_at_ms <= now_ms) {
    auto [key, e] = *t.scheduled.begin();
    t.scheduled = t.scheduled.erase(key);
    if (!e->post.visible_at(now_ms)) continue;
    t.visible_all = t.visible_all.set(key, e);
    if (e->post.language == "en") t.visible_en = t.visible_en.set(key, e);
  }
}

void read_model::publish(snapshot::tables t, std::int64_t now_ms) {
  current_.store(std::make_shared<const snapshot>(std::move(t), now_ms));
}

}  // namespace blog::readmodel
