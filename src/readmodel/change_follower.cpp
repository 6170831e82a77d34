// Applies post_changes in order, woken by NOTIFY and, as a safety net, once a second.
#include "blog/readmodel/change_follower.hpp"

#include "blog/domain/render/text.hpp"
#include "blog/store/changes_store.hpp"
#include "blog/store/notifications.hpp"
#include "blog/store/posts_store.hpp"

#include <malloc.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstring>
#include <exception>
#include <fstream>
#include <iterator>
#include <set>
#include <utility>

namespace blog::readmodel {
namespace {

// Changes read per query; a longer backlog is read in several passes. Each pass holds its posts
// whole and the index buffers their postings until its commit: at 10,000 that was hundreds of
// megabytes, kept by the heap after the batch.
constexpr std::size_t batch_limit = 1000;
// How long the listen thread leaves a notified change to this node's writers' own passes.
constexpr auto local_pass_grace = std::chrono::milliseconds(50);

// The reading-times file: a header, then one record per post in id order (native byte order: the
// file belongs to this node's data folder). A file unreadable or of another layout is ignored.
constexpr char minutes_magic[8] = {'B', 'L', 'O', 'G', 'R', 'M', '1', '\n'};
struct minutes_record {
  std::int32_t id;
  std::int32_t minutes;
  std::int64_t updated_at_ms;
};

std::vector<minutes_record> read_minutes_file(const std::filesystem::path& path) {
  std::vector<minutes_record> records;
  if (path.empty()) return records;
  std::ifstream in(path, std::ios::binary);
  char magic[sizeof minutes_magic] = {};
  if (!in.read(magic, sizeof magic) || std::memcmp(magic, minutes_magic, sizeof magic) != 0) return records;
  std::error_code ec;
  auto size = std::filesystem::file_size(path, ec);
  if (ec || (size - sizeof magic) % sizeof(minutes_record) != 0) return records;
  records.resize((size - sizeof magic) / sizeof(minutes_record));
  if (!in.read(reinterpret_cast<char*>(records.data()),
               static_cast<std::streamsize>(records.size() * sizeof(minutes_record))))
    return {};
  return records;
}

// Written aside and renamed: a crash leaves the old file or the new one. Throws
// std::runtime_error when it cannot be written.
void write_minutes_file(const std::filesystem::path& path, const std::vector<minutes_record>& records) {
  std::filesystem::create_directories(path.parent_path());
  auto aside = path;
  aside += ".new";
  {
    std::ofstream out(aside, std::ios::binary | std::ios::trunc);
    out.write(minutes_magic, sizeof minutes_magic);
    out.write(reinterpret_cast<const char*>(records.data()),
              static_cast<std::streamsize>(records.size() * sizeof(minutes_record)));
    if (!out.flush()) throw std::runtime_error("cannot write " + aside.string());
  }
  std::filesystem::rename(aside, path);
}

}  // namespace

void change_follower::every_second(std::function<void(applied_position)> fn) {
  tickers_.push_back(std::move(fn));
}

change_follower::change_follower(store::database& db, read_model& model, std::string listen_url)
    : db_(db), model_(model), listen_url_(std::move(listen_url)) {}

change_follower::~change_follower() {
  stop();
}

void change_follower::add_sink(std::function<void(const change_batch&)> sink) {
  std::lock_guard lock(mutex_);
  sinks_.push_back(std::move(sink));
}

void change_follower::start(const std::function<void(applied_position)>& after_load) {
  {
    std::lock_guard lock(mutex_);
    // The position is read first: whatever commits before or during the load is read again by
    // catch_up (seqs above last_seq, or open in the position's snapshot), at worst applied twice
    // here at start, never missed.
    auto at = store::current_position(db_, true);
    auto started = std::chrono::steady_clock::now();
    // Summaries only: the bodies stay in PostgreSQL (and the cache). Reading times come from the
    // file kept at the last stop, or, for posts changed since, from their bodies.
    auto kept = read_minutes_file(minutes_path_);
    std::vector<posts::post> summaries;
    std::vector<int> stale;
    std::size_t k = 0;
    store::for_each_post(db_, store::post_parts::summary, [&](posts::post&& p) {
      while (k < kept.size() && kept[k].id < p.id) ++k;
      if (k < kept.size() && kept[k].id == p.id && kept[k].updated_at_ms == p.updated_at_ms)
        p.kept_reading_minutes = kept[k].minutes;
      else
        stale.push_back(p.id);
      summaries.push_back(std::move(p));
    });
    kept = {};
    auto read = std::chrono::steady_clock::now();
    auto by_id = [&](int id) {
      auto it = std::lower_bound(summaries.begin(), summaries.end(), id,
                                 [](const posts::post& p, int wanted) { return p.id < wanted; });
      return it != summaries.end() && it->id == id ? &*it : nullptr;
    };
    // A summary names its counterpart by id: the rest is that post's own summary.
    for (auto& p : summaries) {
      if (!p.translation) continue;
      const auto* other = by_id(p.translation->id);
      if (!other) {
        p.translation.reset();
        continue;
      }
      auto& t = *p.translation;
      t.slug = other->slug;
      t.language = other->language;
      t.title = other->title;
      t.published = other->published;
      t.hidden_by_admin = other->hidden_by_admin;
      t.published_at_ms = other->published_at_ms;
      t.author_id = other->author_id;
    }
    if (!stale.empty()) {
      // Many: one pass over every body beats a list of ids.
      std::vector<int> ids = stale.size() > 1000 ? std::vector<int>{} : stale;
      store::for_each_post_html(db_, ids, [&](store::post_html&& h) {
        if (auto* p = by_id(h.id); p && p->kept_reading_minutes == 0)
          p->kept_reading_minutes = posts::reading_minutes(render::html_to_text(h.content_html));
        return true;
      });
    }
    auto count = summaries.size();
    model_.replace_all(std::move(summaries));
    // The rows and summaries just freed are megabytes at 100,000 posts: back to the system.
    malloc_trim(0);
    auto ms = [](auto from, auto to) {
      return std::chrono::duration_cast<std::chrono::milliseconds>(to - from).count();
    };
    auto built = std::chrono::steady_clock::now();
    spdlog::info(
        "read model: {} posts loaded in {} ms (summaries read in {} ms; {} reading times from bodies and the maps in "
        "{} ms)",
        count, ms(started, built), ms(started, read), stale.size(), ms(read, built));
    if (!stale.empty()) save_reading_minutes();
    applied_seq_ = at.last_seq;
    newest_seq_ = at.last_seq;
    gaps_.clear();
    late_seen_.clear();
    if (at.xmin < at.horizon) loaded_at_ = at;  // some transactions were open: they may commit later
    load_pending_ = loaded_at_.has_value();
    if (after_load) {
      auto before = std::chrono::steady_clock::now();
      after_load(applied());
      spdlog::info("read model: at change {}, {} ms after the load", at.last_seq,
                   ms(before, std::chrono::steady_clock::now()));
    }
  }
  following_ = true;
  started_ = true;
  thread_ = std::thread([this] { listen_loop(); });
}

void change_follower::keep_reading_minutes_in(std::filesystem::path path) {
  minutes_path_ = std::move(path);
}

void change_follower::save_reading_minutes() {
  if (minutes_path_.empty()) return;
  auto snap = model_.current();
  std::vector<minutes_record> records;
  records.reserve(snap->entries().size());
  for (const auto& [id, e] : snap->entries())
    records.push_back({id, e->post.kept_reading_minutes, e->post.updated_at_ms});
  write_minutes_file(minutes_path_, records);
}

std::vector<std::int64_t> change_follower::gaps() {
  std::lock_guard lock(mutex_);
  std::vector<std::int64_t> seqs;
  seqs.reserve(gaps_.size());
  for (const auto& [seq, horizon] : gaps_) seqs.push_back(seq);
  return seqs;
}

bool change_follower::has_applied(const std::vector<std::int64_t>& seqs) {
  std::lock_guard lock(mutex_);
  // Below the start's horizon a change may still come late (loaded_at_): the pass finds out.
  if (load_pending_) return false;
  return std::all_of(seqs.begin(), seqs.end(),
                     [this](std::int64_t seq) { return seq > 0 && seq <= newest_seq_ && !gaps_.contains(seq); });
}

void change_follower::run_exclusive(const std::function<void(applied_position)>& fn) {
  std::lock_guard lock(mutex_);
  fn(applied());
}

void change_follower::stop() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
  // Once, and only after a start (the model is empty before): a second stop finds nothing to save.
  if (started_.exchange(false)) {
    try {
      save_reading_minutes();
    } catch (const std::exception& e) {
      spdlog::warn("read model: could not save the reading times ({})", e.what());
    }
  }
}

void change_follower::catch_up() {
  const auto seen = passes_begun_.load();
  std::lock_guard lock(mutex_);
  if (passes_done_ > seen) return;
  const auto pass = ++passes_begun_;
  bool backlog = false;
  while (read_once()) backlog = true;
  // The passes' posts, pages and index buffers, freed in the heap's holes, back to the system.
  if (backlog) malloc_trim(0);
  passes_done_ = pass;
}

void change_follower::hand_over(std::vector<store::written_post> written) {
  // The text is extracted and the page compressed here, on the writer's thread, before the
  // follower's lock: once per write, and beside the other writers rather than in their pass.
  std::vector<handed_post> taken;
  for (auto& w : written)
    if (w.seq > 0 && !w.post.translation) {
      auto text = render::html_to_text(w.post.content_html);
      w.post.kept_reading_minutes = posts::reading_minutes(text);
      auto page = read_model::page_of_post(w.post);
      taken.push_back({std::move(w.post), w.seq, std::move(text), std::move(page)});
    }
  if (taken.empty()) return;
  std::lock_guard lock(handed_mutex_);
  for (auto& h : taken) {
    auto [at, fresh] = handed_.try_emplace(h.post.id, std::move(h));
    if (!fresh && at->second.seq < h.seq) at->second = std::move(h);
  }
}

void change_follower::run_passes_on(std::function<void(std::function<void()>)> run) {
  std::lock_guard lock(waiters_mutex_);
  run_passes_ = std::move(run);
}

void change_follower::after_catch_up(std::vector<store::written_post> written,
                                     std::function<void(std::exception_ptr)> done) {
  hand_over(std::move(written));
  std::function<void(std::function<void()>)> run;
  {
    // Counted after the handing over and the caller's commit: a pass numbered above it reads both.
    std::lock_guard lock(waiters_mutex_);
    waiters_.push_back({passes_begun_.load(), std::move(done)});
    if (draining_) return;  // the running job's next pass takes this caller too
    draining_ = true;
    run = run_passes_;
  }
  if (run)
    run([this] { drain(); });
  else
    drain();
}

void change_follower::drain() {
  for (;;) {
    std::exception_ptr failed;
    try {
      catch_up();
    } catch (...) {
      failed = std::current_exception();
    }
    std::vector<waiter> ready;
    bool more = false;
    {
      std::lock_guard lock(waiters_mutex_);
      const auto done = passes_done_.load();
      // A failed pass fails everyone waiting, as it would have failed their own catch_up().
      auto waiting =
          std::partition(waiters_.begin(), waiters_.end(), [&](const waiter& w) { return !failed && w.seen >= done; });
      std::move(waiting, waiters_.end(), std::back_inserter(ready));
      waiters_.erase(waiting, waiters_.end());
      more = draining_ = !waiters_.empty();
    }
    for (auto& w : ready) w.done(failed);
    if (!more) return;
  }
}

bool change_follower::read_once() {
  std::vector<std::int64_t> asked;
  asked.reserve(gaps_.size());
  for (const auto& [seq, horizon] : gaps_) asked.push_back(seq);
  auto read = store::read_changes(db_, newest_seq_.load(), asked, loaded_at_ ? &*loaded_at_ : nullptr, batch_limit);
  // The new state is built aside and kept only once the batch is applied: a failure reads it all again.
  auto gaps = gaps_;
  auto late_seen = late_seen_;
  auto loaded_at = loaded_at_;
  std::map<int, std::int64_t> ids;  // post id -> the newest of its changes this pass applies
  std::size_t count = 0;
  auto newest = newest_seq_.load();
  auto changed = [&ids, &count](const store::post_change& c) {
    auto& seq = ids[c.post_id];
    seq = std::max(seq, c.seq);
    ++count;
  };
  for (const auto& c : read.newer) {
    // Seqs skipped on the way up belong to transactions still open in this snapshot, or rolled back.
    for (auto missing = newest + 1; missing < c.seq; ++missing) gaps.emplace(missing, read.at.horizon);
    newest = c.seq;
    changed(c);
  }
  for (const auto& c : read.filled) {
    gaps.erase(c.seq);
    changed(c);
  }
  if (loaded_at) {
    for (const auto& c : read.late) {
      if (!late_seen.insert(c.seq).second) continue;
      changed(c);
    }
    // Every transaction open at the load has ended, and what it committed was read just now.
    if (read.at.xmin >= loaded_at->horizon) {
      loaded_at.reset();
      late_seen.clear();
    }
  }
  // A gap whose every possible writer has ended and that this snapshot still lacks was rolled back.
  std::erase_if(gaps, [&](const auto& gap) { return gap.second <= read.at.xmin; });
  auto settled = std::max(applied_seq_.load(), gaps.empty() ? newest : std::min(newest, gaps.begin()->first - 1));
  if (!ids.empty()) {
    change_batch batch;
    batch.changed.reserve(ids.size());
    std::vector<int> unread;
    {
      // A row handed over for the newest change of its post this pass reads is that post as it
      // stands after the pass: a later change holds the row's lock after the writer's commit, so
      // it has a higher seq. A handed row the pass passed by (an older change) is dropped.
      std::lock_guard lock(handed_mutex_);
      for (const auto& [id, seq] : ids) {
        batch.changed.push_back(id);
        auto h = handed_.find(id);
        if (h != handed_.end() && h->second.seq == seq) {
          batch.loaded.push_back(std::move(h->second.post));
          batch.texts.push_back(std::move(h->second.text));
          batch.pages.push_back(std::move(h->second.page));
        } else {
          unread.push_back(id);
        }
        if (h != handed_.end() && h->second.seq <= seq) handed_.erase(h);
      }
    }
    if (!unread.empty()) {
      auto loaded = store::load_posts(db_, unread);
      // The text behind the reading time and the index's words, extracted once per change.
      for (auto& p : loaded) {
        // A handed post comes with its reading time (hand_over); a post read here gets it now.
        auto text = render::html_to_text(p.content_html);
        p.kept_reading_minutes = posts::reading_minutes(text);
        batch.texts.push_back(std::move(text));
        batch.loaded.push_back(std::move(p));
        batch.pages.push_back(nullptr);
      }
    }
    batch.applied = {settled, loaded_at.has_value()};
    batch.changes = count;
    model_.apply(batch.changed, batch.loaded, batch.pages);
    for (const auto& sink : sinks_) sink(batch);
    applied_changes_ += count;
  }
  gaps_ = std::move(gaps);
  late_seen_ = std::move(late_seen);
  loaded_at_ = std::move(loaded_at);
  load_pending_ = loaded_at_.has_value();
  newest_seq_ = newest;
  applied_seq_ = settled;
  {
    // A handed row whose change is settled was applied by a pass begun before it was handed.
    std::lock_guard lock(handed_mutex_);
    std::erase_if(handed_, [settled](const auto& h) { return h.second.seq <= settled; });
  }
  return read.newer.size() >= batch_limit;
}

void change_follower::listen_loop() {
  // This thread applies what other connections commit (an import's batches, other nodes' writes):
  // a backlog of thousands of posts is seconds of CPU (read model, pages, index) that readers'
  // request threads should not wait behind, so it runs at nice 10 (bench/import.sh). A write made
  // through this node is applied by a pass that after_catch_up runs on the workers, at their priority.
  setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
  bool lost = false;  // the connection failed: say so once, and once when it is back
  while (!stopping_) {
    try {
      store::listener conn(listen_url_);
      // The seqs notified since the last look (each notification's payload is its change's seq).
      std::vector<std::int64_t> notified;
      conn.listen(store::post_changes_channel, [&notified](const std::string& payload) {
        std::int64_t seq = 0;
        auto [end, ec] = std::from_chars(payload.data(), payload.data() + payload.size(), seq);
        // A payload that is no seq cannot be checked: it is looked for in a pass.
        notified.push_back(ec == std::errc{} && end == payload.data() + payload.size() ? seq : 0);
      });
      catch_up();
      following_ = true;
      if (lost) {
        lost = false;
        spdlog::info("change log follower: connected again, caught up to change {}", applied_seq_.load());
      }
      auto next_safety_pass = std::chrono::steady_clock::now() + std::chrono::seconds(1);
      while (!stopping_) {
        if (notified.empty()) conn.wait(std::chrono::milliseconds(250));
        if (!notified.empty()) {
          // A change written through this node is applied within milliseconds by its writer's own
          // pass, with the rows handed over; a pass here first would read those rows back and
          // split the writers' batch (one more index commit). So this thread waits a moment and
          // applies only what is still missing then: other nodes' writes, an import's batches.
          // Notifications that come meanwhile wait their own moment, in the next round.
          auto seqs = std::exchange(notified, {});
          const auto until = std::chrono::steady_clock::now() + local_pass_grace;
          for (auto now = std::chrono::steady_clock::now(); now < until && !stopping_;
               now = std::chrono::steady_clock::now())
            conn.wait(std::chrono::duration_cast<std::chrono::microseconds>(until - now));
          if (!has_applied(seqs)) catch_up();
        }
        if (std::chrono::steady_clock::now() >= next_safety_pass) {
          next_safety_pass = std::chrono::steady_clock::now() + std::chrono::seconds(1);
          catch_up();
          std::lock_guard lock(mutex_);
          for (const auto& fn : tickers_) fn(applied());
        }
      }
    } catch (const std::exception& e) {
      if (stopping_) break;
      following_ = false;
      if (!lost) spdlog::warn("change log follower: {}; reads are served from memory, retrying every second", e.what());
      lost = true;
      for (int i = 0; i < 10 && !stopping_; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
}

}  // namespace blog::readmodel
