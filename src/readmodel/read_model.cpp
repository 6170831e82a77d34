// Builds snapshots of the posts: visibility, order, pre-serialised pages and cards.
#include "blog/readmodel/read_model.hpp"

#include "blog/domain/paging.hpp"

#include "blog/core/error.hpp"

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
  return domain::keyset_cursor({e.post.published_at_ms, e.post.id});
}

std::string join_cards(const std::vector<const entry*>& items) {
  std::string body = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) body += ',';
    body += items[i]->card();
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

// The first pages are asked for most: compressed both ways once, so no client makes us compress.
std::shared_ptr<const encoded_answer> prebuilt_first_page(const list_map& items) {
  auto [page, next] = page_from(items.begin(), items, default_page_size);
  http::header_list extra;
  if (!next.empty()) extra.emplace_back("X-Next-Cursor", next);
  return encoded_answer::build(json_type, join_cards(page), list_cache, encoded_answer::copies::every, extra);
}

std::shared_ptr<const encoded_answer> page_of(const posts::post& whole) {
  return encoded_answer::build(json_type, boost::json::serialize(posts::full_json(whole)), "no-cache",
                               encoded_answer::copies::brotli);
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

snapshot::entries_page snapshot::page(const page_request& request) const {
  const auto& items = request.language == "cs" ? tables_.visible_all : tables_.visible_en;
  auto from = items.begin();
  if (!request.cursor.empty()) {
    auto last = domain::parse_keyset_cursor(request.cursor);
    list_key probe;
    probe.published_at_ms = last.ms;
    if (last.id > std::numeric_limits<int>::max()) throw blog::invalid("Invalid cursor");
    probe.id = static_cast<int>(last.id);
    from = items.upper_bound(probe);
  }
  auto [entries, next] = page_from(std::move(from), items, request.limit);
  return {std::move(entries), std::move(next)};
}

snapshot::list_answer snapshot::list(const page_request& request) const {
  if (request.cursor.empty() && request.limit == default_page_size)
    return {
        (request.language == "cs" ? first_page_cs_ : first_page_en_)->for_encoding(request.accept_encoding), {}, {}};
  auto found = page(request);
  return {nullptr, join_cards(found.entries), std::move(found.next_cursor)};
}

read_model::read_model(std::size_t body_cache_bytes) : bodies_(body_cache_bytes) {
  current_.store(std::make_shared<const snapshot>(snapshot::tables{}, posts::now_ms()));
}

std::shared_ptr<const encoded_answer> read_model::page_of_post(const posts::post& p) {
  return page_of(p);
}

std::shared_ptr<const entry> read_model::make_entry(posts::post p, body_cache* keep,
                                                    std::shared_ptr<const encoded_answer> page) {
  static std::atomic<std::uint64_t> next_version{1};
  auto e = std::make_shared<entry>();
  e->version = next_version.fetch_add(1);
  const bool whole = !p.content.empty() || !p.content_html.empty();
  // A change batch's posts come with it, from the text the batch extracted once.
  if (whole && p.kept_reading_minutes == 0) p.kept_reading_minutes = posts::reading_minutes(p);
  if (whole && keep) keep->put(p.id, e->version, page ? std::move(page) : page_of(p));
  // The body is held at most once, compressed inside the cached page.
  p.content = std::string();
  p.content_html = std::string();
  e->post = std::move(p);
  return e;
}

const std::string& entry::card() const {
  auto card = card_.load();
  if (!card) {
    auto made = std::make_shared<const std::string>(boost::json::serialize(posts::card_json(post)));
    // Two readers may race: the first card stays (both are the same text).
    if (card_.compare_exchange_strong(card, made)) card = std::move(made);
  }
  return *card;
}

std::shared_ptr<const encoded_answer> read_model::cached_page(const entry& e) {
  return bodies_.find(e.post.id, e.version);
}

std::shared_ptr<const encoded_answer> read_model::make_page(const entry& e, const posts::post& whole) {
  auto p = e.post;
  p.content = whole.content;
  p.content_html = whole.content_html;
  return page_of(p);
}

std::shared_ptr<const encoded_answer> read_model::keep_stored_page(const entry& e, std::string_view brotli) {
  auto page = encoded_answer::from_brotli(json_type, brotli, "no-cache");
  bodies_.put(e.post.id, e.version, page);
  return page;
}

std::shared_ptr<const encoded_answer> read_model::keep_page(const entry& e, const posts::post& whole) {
  auto page = make_page(e, whole);
  // A post changed since the entry was made is shown as read; its change brings a new entry.
  if (whole.updated_at_ms == e.post.updated_at_ms) bodies_.put(e.post.id, e.version, page);
  return page;
}

std::optional<posts::post> read_model::cached_post(const entry& e) {
  auto page = cached_page(e);
  if (!page) return std::nullopt;
  return post_of(e, *page);
}

posts::post read_model::post_of(const entry& e, const encoded_answer& page) {
  auto whole = e.post;
  auto json = boost::json::parse(page.body()).as_object();
  whole.content = json.at("content").as_string();
  whole.content_html = json.at("contentHtml").as_string();
  return whole;
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
      // Czech plus English shows a story written in both languages once, in Czech.
      if (!posts::shown_as_counterpart(raw->post, "cs", now)) visible_all.emplace_back(key_of(*raw), raw);
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

void read_model::apply(const std::vector<int>& changed, const std::vector<posts::post>& loaded,
                       const std::vector<std::shared_ptr<const encoded_answer>>& pages) {
  std::vector<std::shared_ptr<const entry>> fresh;
  fresh.reserve(loaded.size());
  for (std::size_t i = 0; i < loaded.size(); ++i)
    fresh.push_back(make_entry(loaded[i], &bodies_, i < pages.size() ? pages[i] : nullptr));
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
    // Czech plus English shows a story written in both languages once, in Czech.
    if (!posts::shown_as_counterpart(e->post, "cs", now_ms)) t.visible_all = t.visible_all.set(key_of(*e), e.get());
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
  std::vector<int> counterparts;
  while (!t.scheduled.empty() && t.scheduled.begin()->first.published_at_ms <= now_ms) {
    auto [key, e] = *t.scheduled.begin();
    t.scheduled = t.scheduled.erase(key);
    if (!e->post.visible_at(now_ms)) continue;
    if (!posts::shown_as_counterpart(e->post, "cs", now_ms)) t.visible_all = t.visible_all.set(key, e);
    if (e->post.language == "en") t.visible_en = t.visible_en.set(key, e);
    if (e->post.translation) counterparts.push_back(e->post.translation->id);
  }
  // A counterpart's translations, and whether Czech plus English lists it, follow this post's
  // visibility: rebuilt now that it is out.
  for (int id : counterparts) {
    const auto* found = t.entries.find(id);
    if (!found) continue;
    auto old = *found;
    remove(t, *old);
    add(t, make_entry(old->post), now_ms);
  }
}

void read_model::publish(snapshot::tables t, std::int64_t now_ms) {
  current_.store(std::make_shared<const snapshot>(std::move(t), now_ms));
}

}  // namespace blog::readmodel
