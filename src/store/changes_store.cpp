// Reads the post change log in repeatable-read snapshots (positions, new changes, gaps).
#include "blog/store/changes_store.hpp"
#include "blog/store/prepared.hpp"

#include <pqxx/pqxx>

namespace blog::store {
namespace {

using snapshot_read = pqxx::transaction<pqxx::repeatable_read, pqxx::read_only>;

constexpr const char* change_columns = "SELECT seq, post_id, (extract(epoch FROM changed_at) * 1000)::bigint ";

log_position position_in(pqxx::transaction_base& tx) {
  // In a repeatable-read transaction every statement sees the snapshot this first one took.
  auto row = exec_prepared1(tx,
                            "SELECT s::text, pg_snapshot_xmin(s)::text::bigint, pg_snapshot_xmax(s)::text::bigint, "
                            "(SELECT coalesce(max(seq), 0) FROM post_changes) FROM pg_current_snapshot() s");
  return {row[0].as<std::string>(), row[1].as<std::int64_t>(), row[2].as<std::int64_t>(), 0, row[3].as<std::int64_t>()};
}

// An xid handed out now, after the transaction's snapshot: above every xid handed out before it.
// Taking it makes this read's commit write a commit record; nothing needs that record to be
// durable, so the commit does not wait for the WAL to reach the disk.
std::int64_t horizon_after(pqxx::transaction_base& tx) {
  return exec_prepared1(tx,
                        "SELECT set_config('synchronous_commit', 'off', true), pg_current_xact_id()::text::bigint")[1]
      .as<std::int64_t>();
}

// True when the changes after `after` skip a seq.
bool skips_a_seq(std::int64_t after, const std::vector<post_change>& newer) {
  for (const auto& c : newer) {
    if (c.seq != after + 1) return true;
    after = c.seq;
  }
  return false;
}

std::vector<post_change> changes_of(const pqxx::result& rows) {
  std::vector<post_change> changes;
  changes.reserve(rows.size());
  for (const auto& row : rows)
    changes.push_back({row[0].as<std::int64_t>(), row[1].as<int>(), row[2].as<std::int64_t>()});
  return changes;
}

std::string seq_array(const std::vector<std::int64_t>& seqs) {
  std::string text = "{";
  for (std::size_t i = 0; i < seqs.size(); ++i) text += (i ? "," : "") + std::to_string(seqs[i]);
  return text + "}";
}

}  // namespace

log_position current_position(database& db, bool horizon) {
  return db.with([horizon](pqxx::connection& c) {
    snapshot_read tx(c);
    auto at = position_in(tx);
    if (horizon) at.horizon = horizon_after(tx);
    return at;
  });
}

change_read read_changes(database& db, std::int64_t after, const std::vector<std::int64_t>& gaps,
                         const log_position* unseen_in, std::size_t limit) {
  return db.with([&](pqxx::connection& c) {
    snapshot_read tx(c);
    change_read read;
    read.at = position_in(tx);
    read.newer = changes_of(
        exec_prepared(tx, std::string(change_columns) + "FROM post_changes WHERE seq > $1 ORDER BY seq LIMIT $2", after,
                      static_cast<long long>(limit)));
    if (skips_a_seq(after, read.newer)) read.at.horizon = horizon_after(tx);
    if (!gaps.empty())
      read.filled = changes_of(exec_prepared(
          tx, std::string(change_columns) + "FROM post_changes WHERE seq = ANY($1::bigint[]) ORDER BY seq",
          seq_array(gaps)));
    if (unseen_in)
      read.late =
          changes_of(exec_prepared(tx,
                                   std::string(change_columns) +
                                       "FROM post_changes WHERE xid >= pg_snapshot_xmin($1::pg_snapshot) AND seq <= $2 "
                                       "AND NOT pg_visible_in_snapshot(xid, $1::pg_snapshot) ORDER BY seq",
                                   unseen_in->snapshot, unseen_in->last_seq));
    return read;
  });
}

}  // namespace blog::store
