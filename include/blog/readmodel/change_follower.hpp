// Follows the post change log (post_changes + NOTIFY) and applies each change to the read model
// and to any other sink (the search index), so every node converges on PostgreSQL's state. Other
// channels are store::notification_hub's.
#pragma once

#include "blog/readmodel/read_model.hpp"
#include "blog/store/changes_store.hpp"
#include "blog/store/database.hpp"
#include "blog/store/posts_store.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace blog::readmodel {

// How far the follower has applied the log. `seq` is settled: every change up to it has been
// applied or was rolled back, except, while `load_pending`, changes of transactions that were
// open when the posts were loaded at start: they may still commit below `seq`. So a position
// stored for a restart (the search index's) must not pass its own start's while load_pending.
struct applied_position {
  std::int64_t seq = 0;
  bool load_pending = false;
};

struct change_batch {
  std::vector<int> changed;         // post ids touched
  std::vector<posts::post> loaded;  // their current rows (reading time set); a missing id was deleted
  std::vector<std::string> texts;   // the plain text of each loaded post, extracted once for every sink
  // The page of each loaded post when its writer made it (read_model::page_of_post), else nullptr.
  std::vector<std::shared_ptr<const encoded_answer>> pages;
  applied_position applied;  // where the log stands once this batch is applied
  std::size_t changes = 0;   // change log rows this batch applies
};

// Sequence numbers are handed out before commit, so a lower seq can become visible after a higher
// one. The follower remembers the seqs below its high-water mark it has not seen (gaps) and asks
// only for those again, until no transaction that could still commit them is running; changes
// uncommitted when the posts were loaded at start are found by their transaction id. So each
// committed change is applied once and none is missed, however late it commits.

class change_follower {
 public:
  change_follower(store::database& db, read_model& model, std::string listen_url);
  ~change_follower();
  change_follower(const change_follower&) = delete;
  change_follower& operator=(const change_follower&) = delete;

  // Another consumer of every batch, called in seq order under the follower's lock.
  void add_sink(std::function<void(const change_batch&)> sink);
  // Loads every post without its body (what lists and cards need: quick), calls
  // after_load(position) (e.g. to bring the search index up to date), then follows the log on a
  // thread of its own. Throws when the database cannot be read.
  void start(const std::function<void(applied_position)>& after_load = {});
  void stop();
  // Applies every change committed so far; returns when they are in the read model and the
  // sinks (the listen thread's passes; a test that wrote behind the node's back). Thread-safe.
  // Callers share passes: one that finds a pass begun after its call already done returns at once,
  // so concurrent callers wait for one read and one index commit between them, not one each.
  void catch_up();
  // For a writer on this node after its commit (read-your-writes), with no thread waiting: `done`
  // is called once a pass begun after this call has ended (with nullptr), or once one failed (with
  // its exception), on the thread that ran the pass. Passes for such callers run one after
  // another, each for everything handed so far, through the function given to run_passes_on (the
  // server's workers), or here when none was. The writer hands over the rows it has just committed
  // (store::post_write::written), so that they are not read back: a handed post is applied as
  // handed when its change is the newest change of that post the applying pass reads (any later
  // change, from another node or not handed, is read from PostgreSQL as before). A post with a
  // counterpart is not taken: a change of the counterpart is logged as a change of this post too
  // without locking it, so the handed row could carry an older counterpart than the newest change.
  void after_catch_up(std::vector<store::written_post> written, std::function<void(std::exception_ptr)> done);
  // Where after_catch_up runs its passes: `run(job)` runs job on some thread, later.
  void run_passes_on(std::function<void(std::function<void()>)> run);
  // Every change with a seq up to this one has been applied (or was rolled back), but for the
  // start's open transactions (applied_position::load_pending).
  std::int64_t applied_seq() const { return applied_seq_.load(); }
  // applied_seq() and whether the start's open transactions may still commit below it.
  applied_position applied() const { return {applied_seq_.load(), load_pending_.load()}; }
  // The highest seq applied; changes below it may still be outstanding (see gaps()).
  std::int64_t newest_seq() const { return newest_seq_.load(); }
  // The seqs below newest_seq() not seen yet (transactions still open, or rolled back).
  std::vector<std::int64_t> gaps();
  // False from a lost connection to PostgreSQL until the follower listens and has caught up
  // again (the node then lags the other nodes). True after start().
  bool following() const { return following_.load(); }
  // Change log rows applied since start (each once).
  std::uint64_t applied_changes() const { return applied_changes_.load(); }
  // Calls fn(position) on the follower's thread, under its lock, about once a second while it
  // is connected (after its safety-net pass): retries of work that failed. Call before start().
  void every_second(std::function<void(applied_position)> fn);
  // Runs fn(position) while no batch is being applied.
  void run_exclusive(const std::function<void(applied_position)>& fn);
  // Keeps the posts' reading times in the file `path` (in the data folder) across restarts, so
  // that a start reads summaries only, plus the bodies of the posts changed since it was written
  // (all of them when it is missing). Call before start().
  void keep_reading_minutes_in(std::filesystem::path path);

 private:
  void listen_loop();
  // Every change of `seqs` has been applied (committed ones: notifications named them; 0 names none).
  bool has_applied(const std::vector<std::int64_t>& seqs);
  bool read_once();
  void hand_over(std::vector<store::written_post> written);
  void drain();
  void save_reading_minutes();

  store::database& db_;
  read_model& model_;
  std::string listen_url_;
  std::mutex mutex_;
  std::vector<std::function<void(const change_batch&)>> sinks_;
  std::vector<std::function<void(applied_position)>> tickers_;
  std::atomic<std::int64_t> applied_seq_{0};
  std::atomic<std::int64_t> newest_seq_{0};
  std::atomic<bool> load_pending_{false};  // loaded_at_ is set
  std::atomic<std::uint64_t> applied_changes_{0};
  // Passes of catch_up begun and finished, numbered in order (one at a time, under mutex_): a pass
  // numbered above the count a caller saw began after the caller's commit, so it read it.
  std::atomic<std::uint64_t> passes_begun_{0};
  std::atomic<std::uint64_t> passes_done_{0};
  // after_catch_up's callers, each with the count of passes begun when it asked, and whether a
  // job of run_passes_ is running passes for them.
  struct waiter {
    std::uint64_t seen = 0;
    std::function<void(std::exception_ptr)> done;
  };
  std::function<void(std::function<void()>)> run_passes_;
  std::mutex waiters_mutex_;
  std::vector<waiter> waiters_;
  bool draining_ = false;
  // Seq -> the horizon of the snapshot that first missed it: once a snapshot's xmin reaches it,
  // every transaction that could hold the seq has ended and a gap still missing was rolled back.
  std::map<std::int64_t, std::int64_t> gaps_;
  // The snapshot the posts were loaded in, while transactions open in it may still commit.
  std::optional<store::log_position> loaded_at_;
  std::set<std::int64_t> late_seen_;  // changes applied that were open in loaded_at_
  std::atomic<bool> stopping_{false};
  std::atomic<bool> following_{false};
  std::atomic<bool> started_{false};
  std::filesystem::path minutes_path_;  // empty: not kept
  // Rows handed over by this node's writers (with their body's text), by post id, until a pass
  // reads their change: then applied, or dropped for a newer change of the post.
  struct handed_post {
    posts::post post;  // reading time set
    std::int64_t seq = 0;
    std::string text;
    std::shared_ptr<const encoded_answer> page;
  };
  std::mutex handed_mutex_;
  std::map<int, handed_post> handed_;
  std::thread thread_;
};

}  // namespace blog::readmodel
