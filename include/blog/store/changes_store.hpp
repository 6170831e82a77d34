// SQL that reads the post change log for the followers: positions as MVCC snapshots, new changes
// after a high-water mark, and late commits of lower sequence numbers (gaps).
#pragma once

#include "blog/store/database.hpp"
#include "blog/store/posts_store.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace blog::store {

// Where the change log stood in one MVCC snapshot.
struct log_position {
  std::string snapshot;   // pg_current_snapshot() as text
  std::int64_t xmin = 0;  // every transaction below it had finished
  std::int64_t xmax = 0;  // one past the newest finished transaction (not the newest begun)
  // An xid above that of every transaction that had begun writing when the snapshot was taken
  // (so, above any that holds a seq the snapshot lacks): once a later snapshot's xmin reaches it,
  // all of them have ended. xmax is no such bound: a transaction newer than the newest finished
  // one is running but at or above xmax. 0 when not asked for.
  std::int64_t horizon = 0;
  std::int64_t last_seq = 0;  // the highest committed seq (0 when empty)
};

// What one snapshot shows beyond what a follower has seen.
struct change_read {
  log_position at;                  // the snapshot all of the below were read in; its horizon is
                                    // set when `newer` skips a seq (a gap to wait for)
  std::vector<post_change> newer;   // seq > after, in seq order, at most `limit`
  std::vector<post_change> filled;  // seqs of `gaps` that are committed now
  std::vector<post_change> late;    // changes not visible in `unseen_in` (its seq <= its last_seq)
};

// The current position. With `horizon`, its horizon too, which gives the reading transaction an
// xid of its own (a follower's load; not for a mere look). Throws on database failure.
log_position current_position(database& db, bool horizon = false);
// Reads, in one snapshot: changes after `after`, the committed ones among `gaps`, and, when
// `unseen_in` is given, the changes with seq <= unseen_in->last_seq whose transaction was still
// open in that snapshot. Throws on database failure.
change_read read_changes(database& db, std::int64_t after, const std::vector<std::int64_t>& gaps,
                         const log_position* unseen_in, std::size_t limit = 10000);

}  // namespace blog::store
