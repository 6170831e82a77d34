// Which requests are a reader's views, and the in-memory tally written in batches off the read path.
#include "blog/api/view_counter.hpp"

#include "blog/core/crypto.hpp"
#include "blog/core/text.hpp"
#include "blog/store/analytics_store.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <ctime>
#include <vector>

namespace blog::api {
namespace {

constexpr auto purge_every = std::chrono::hours(1);
// How long after midnight a day's salt and visitor hashes stay, for batches still on their way.
constexpr auto salt_grace = std::chrono::minutes(10);

// Days since 1970-01-01 (UTC): the system clock counts from a UTC midnight.
std::int64_t day_number(std::chrono::system_clock::time_point at) {
  return std::chrono::floor<std::chrono::days>(at.time_since_epoch()).count();
}

std::string utc_day(std::chrono::system_clock::time_point at) {
  const std::time_t t = std::chrono::system_clock::to_time_t(at);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", &tm);
  return text;
}

// Lower-case pieces of the user agents of crawlers, link previews, monitors and HTTP tools.
constexpr std::array bot_marks = {
    "bot",           "crawl",       "spider",      "slurp",          "facebookexternalhit",
    "embedly",       "preview",     "headless",    "lighthouse",     "pingdom",
    "uptime",        "monitor",     "feedfetcher", "mediapartners",  "python-requests",
    "python-urllib", "curl/",       "wget",        "go-http-client", "java/",
    "okhttp",        "libwww",      "httpclient",  "scrapy",         "phantomjs",
    "archive.org",   "ia_archiver", "semrush",     "ahrefs",         "yandex",
    "baidu",         "duckduckgo",  "petalsearch", "bytespider",     "gptbot",
    "ccbot"};

}  // namespace

bool is_bot_user_agent(std::string_view user_agent) {
  user_agent = core::trim_ows(user_agent);
  if (user_agent.empty()) return true;
  // Every counted request asks this: lower-case a browser's user agent on the stack, not the heap.
  std::array<char, 512> buffer;
  std::string heap;
  std::string_view ua;
  if (user_agent.size() <= buffer.size()) {
    std::transform(user_agent.begin(), user_agent.end(), buffer.begin(), core::ascii_lower);
    ua = {buffer.data(), user_agent.size()};
  } else {
    heap = core::to_lower_ascii(user_agent);
    ua = heap;
  }
  for (std::string_view mark : bot_marks)
    if (ua.find(mark) != std::string_view::npos) return true;
  return false;
}

bool declines_counting(const http::request& req) {
  if (req.method != "GET" && req.method != "POST") return true;  // HEAD shows nobody anything
  if (core::icontains_ascii(req.header("sec-purpose"), "prefetch")) return true;
  if (core::icontains_ascii(req.header("purpose"), "prefetch")) return true;
  if (core::trim_ows(req.header("dnt")) == "1" || core::trim_ows(req.header("sec-gpc")) == "1") return true;
  return is_bot_user_agent(req.header("user-agent"));
}

std::string referrer_domain(std::string_view referer, std::string_view own_host) {
  auto rest = core::trim_ows(referer);
  std::string lower = core::to_lower_ascii(rest);
  std::string_view r = lower;
  if (r.starts_with("https://"))
    r.remove_prefix(8);
  else if (r.starts_with("http://"))
    r.remove_prefix(7);
  else
    return {};
  auto end = r.find_first_of("/?#");
  auto authority = r.substr(0, end);
  if (auto at = authority.rfind('@'); at != std::string_view::npos) authority.remove_prefix(at + 1);
  auto host_of = [](std::string_view a) {
    if (a.starts_with('[')) return a.substr(0, a.find(']') + 1);
    return a.substr(0, a.find(':'));
  };
  auto host = host_of(authority);
  const std::string own = core::to_lower_ascii(host_of(core::trim_ows(own_host)));
  if (host.empty() || host == own) return {};
  if (host.starts_with("www.")) host.remove_prefix(4);
  if (host.empty() || host.size() > 253) return {};
  for (char c : host)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '[' || c == ']' || c == ':'))
      return {};
  return std::string(host);
}

std::optional<counted_page> countable_page(const readmodel::snapshot& posts, std::string_view path) {
  if (auto q = path.find_first_of("?#"); q != std::string_view::npos) path = path.substr(0, q);
  if (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  if (path == "/" || path == "/search") return counted_page{};
  auto one_segment = [&](std::string_view prefix) -> std::string_view {
    if (!path.starts_with(prefix)) return {};
    auto rest = path.substr(prefix.size());
    return rest.find('/') == std::string_view::npos ? rest : std::string_view{};
  };
  if (!one_segment("/category/").empty()) return counted_page{};
  auto slug = one_segment("/post/");
  if (slug.empty() && path != "/posts/new") slug = one_segment("/posts/");
  if (slug.empty()) return std::nullopt;
  const auto* found = posts.by_slug(slug);
  if (!found || !found->post.visible_at(posts::now_ms())) return std::nullopt;
  return counted_page{found->post.id, found->post.language, found->post.author_id};
}

view_counter::view_counter(store::database& db, std::chrono::milliseconds interval)
    : db_(db),
      interval_(interval),
      clock_([] { return std::chrono::system_clock::now(); }),
      visitor_key_(core::random_short_hash_key()),
      thread_([this] { run(); }) {}

view_counter::~view_counter() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

std::chrono::system_clock::time_point view_counter::now() const {
  // Every view asks: the wall clock needs no lock, only a clock set by a test does.
  if (!own_clock_.load(std::memory_order_acquire)) return std::chrono::system_clock::now();
  const std::lock_guard lock(clock_mutex_);
  return clock_();
}

std::string view_counter::today() const {
  return utc_day(now());
}

std::string view_counter::expired_before() const {
  return utc_day(now() - salt_grace);
}

void view_counter::set_clock(clock now) {
  const std::lock_guard lock(clock_mutex_);
  clock_ = std::move(now);
  own_clock_.store(true, std::memory_order_release);
}

void view_counter::count(const view& v) {
  const std::int64_t day = day_number(now());
  // The address never leaves this process: only its hash with the user agent goes to PostgreSQL,
  // which salts it with the day's salt before storing it. The short hash only finds repeat
  // visitors of this batch, so that SHA-256 is paid once per visitor and batch, not per view.
  std::array<char, 640> buffer;
  std::string heap;
  std::string_view visitor;
  const std::size_t size = v.address.size() + 1 + v.user_agent.size();
  if (size <= buffer.size()) {
    auto end = std::copy(v.address.begin(), v.address.end(), buffer.begin());
    *end++ = '\n';
    std::copy(v.user_agent.begin(), v.user_agent.end(), end);
    visitor = {buffer.data(), size};
  } else {
    heap.append(v.address).append(1, '\n').append(v.user_agent);
    visitor = heap;
  }
  const std::uint64_t key = core::short_hash(visitor, visitor_key_);
  const std::lock_guard lock(mutex_);
  auto& t = pending_[day];
  ++t.views;
  if (t.seen.size() < max_visitors && t.seen.insert(key).second) t.visitors.push_back(core::sha256_hex(visitor));
  const auto language = [](std::string_view l) { return l == "en" ? 0 : l == "cs" ? 1 : -1; };
  if (v.page.post_id) {
    ++t.posts[*v.page.post_id];
    if (int l = language(v.page.post_language); l >= 0) ++t.languages[l];
  }
  if (int l = language(v.interface_language); l >= 0) ++t.languages[2 + l];
  if (!v.referrer.empty()) {
    if (auto found = t.referrers.find(v.referrer); found != t.referrers.end())
      ++found->second;
    else if (t.referrers.size() < max_referrers)
      t.referrers.emplace(v.referrer, 1);
  }
}

void view_counter::flush() {
  const std::lock_guard writing(flush_mutex_);
  std::map<std::int64_t, tally> batch;
  {
    const std::lock_guard lock(mutex_);
    batch.swap(pending_);
  }
  if (batch.empty()) return;
  std::vector<store::view_batch> rows;
  rows.reserve(batch.size());
  for (auto& [day, t] : batch) {
    store::view_batch b;
    b.day = utc_day(std::chrono::system_clock::time_point(std::chrono::days(day)));
    b.views = t.views;
    b.visitors = std::move(t.visitors);
    b.posts = std::move(t.posts);
    b.referrers = std::move(t.referrers);
    static constexpr std::array<std::pair<const char*, const char*>, 4> language_keys = {
        {{"post", "en"}, {"post", "cs"}, {"interface", "en"}, {"interface", "cs"}}};
    for (std::size_t i = 0; i < language_keys.size(); ++i)
      if (t.languages[i] > 0) b.languages[{language_keys[i].first, language_keys[i].second}] = t.languages[i];
    rows.push_back(std::move(b));
  }
  store::add_views(db_, rows, expired_before());
}

std::shared_ptr<const view_counter::ranking> view_counter::popular() const {
  const std::lock_guard lock(popular_mutex_);
  return popular_;
}

void view_counter::refresh_popular() {
  auto views = store::load_post_views(db_, today(), 7, std::nullopt);
  std::vector<std::pair<std::int64_t, int>> order;
  order.reserve(views.size());
  for (const auto& [id, n] : views) order.emplace_back(-n, id);
  std::sort(order.begin(), order.end());
  if (order.size() > max_popular) order.resize(max_popular);
  auto next = std::make_shared<ranking>();
  for (const auto& [n, id] : order) next->post_ids.push_back(id);
  const std::lock_guard lock(popular_mutex_);
  if (next->post_ids == popular_->post_ids) return;
  next->revision = popular_->revision + 1;
  popular_ = std::move(next);
}

void view_counter::run() {
  // The first roll-up waits one interval: a node starts before its migrations may be known here.
  auto next_purge = std::chrono::steady_clock::now() + interval_;
  auto next_popular = std::chrono::steady_clock::now() + interval_;
  std::unique_lock lock(mutex_);
  for (;;) {
    const bool stopping = stopping_;
    lock.unlock();
    try {
      flush();
      if (!stopping && std::chrono::steady_clock::now() >= next_purge) {
        store::purge_views(db_, today(), keep_days, expired_before());
        next_purge = std::chrono::steady_clock::now() + purge_every;
      }
      if (!stopping && std::chrono::steady_clock::now() >= next_popular) {
        next_popular = std::chrono::steady_clock::now() + popular_every;
        refresh_popular();
      }
    } catch (const std::exception& e) {
      spdlog::warn("view counts not written: {}", e.what());
    }
    lock.lock();
    if (stopping) return;
    wake_.wait_for(lock, interval_, [this] { return stopping_; });
  }
}

}  // namespace blog::api
