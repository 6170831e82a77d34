// SQL for the view counts: batched upserts, the visitor hash's salt, retention and the reports.
#include "blog/store/analytics_store.hpp"

#include <pqxx/pqxx>

namespace blog::store {
namespace {

// A PostgreSQL array literal of values that need no quoting (hex digests, numbers).
template <typename Range>
std::string array_literal(const Range& values) {
  std::string out = "{";
  for (const auto& v : values) {
    if (out.size() > 1) out += ',';
    if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::string>)
      out += v;
    else
      out += std::to_string(v);
  }
  return out + "}";
}

bool is_hex(const std::string& text) {
  if (text.empty()) return false;
  for (char c : text)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

void forget_expired(pqxx::work& tx, const std::string& expired_before) {
  tx.exec_params("DELETE FROM analytics_visitors WHERE day < $1::date", expired_before);
  tx.exec_params("DELETE FROM analytics_salts WHERE day < $1::date", expired_before);
}

}  // namespace

void add_views(database& db, const std::vector<view_batch>& batches, const std::string& expired_before) {
  if (batches.empty()) return;
  db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    for (const auto& b : batches) {
      std::int64_t new_visitors = 0;
      std::vector<std::string> visitors;
      for (const auto& v : b.visitors)
        if (is_hex(v)) visitors.push_back(v);
      if (!visitors.empty()) {
        // gen_random_uuid draws on PostgreSQL's strong random source; whichever node comes first
        // makes the day's salt, the others read it.
        tx.exec_params(
            "INSERT INTO analytics_salts (day, salt) VALUES ($1::date, "
            "replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')) ON CONFLICT (day) DO NOTHING",
            b.day);
        auto r = tx.exec_params(
            "INSERT INTO analytics_visitors (day, visitor) "
            "SELECT s.day, encode(sha256(convert_to(s.salt || v, 'UTF8')), 'hex') "
            "FROM analytics_salts s, unnest($2::text[]) AS v WHERE s.day = $1::date "
            "ON CONFLICT (day, visitor) DO NOTHING",
            b.day, array_literal(visitors));
        new_visitors = static_cast<std::int64_t>(r.affected_rows());
      }
      tx.exec_params(
          "INSERT INTO analytics_days (day, views, visitors) VALUES ($1::date, $2, $3) ON CONFLICT (day) DO UPDATE "
          "SET views = analytics_days.views + EXCLUDED.views, visitors = analytics_days.visitors + EXCLUDED.visitors",
          b.day, b.views, new_visitors);
      for (const auto& [post, views] : b.posts)
        tx.exec_params(
            "INSERT INTO analytics_post_days (day, post_id, views) SELECT $1::date, id, $3 FROM posts WHERE id = $2 "
            "ON CONFLICT (day, post_id) DO UPDATE SET views = analytics_post_days.views + EXCLUDED.views",
            b.day, post, views);
      for (const auto& [domain, views] : b.referrers)
        tx.exec_params(
            "INSERT INTO analytics_referrer_days (day, domain, views) VALUES ($1::date, $2, $3) "
            "ON CONFLICT (day, domain) DO UPDATE SET views = analytics_referrer_days.views + EXCLUDED.views",
            b.day, domain, views);
      for (const auto& [key, views] : b.languages)
        tx.exec_params(
            "INSERT INTO analytics_language_days (day, kind, language, views) VALUES ($1::date, $2, $3, $4) "
            "ON CONFLICT (day, kind, language) DO UPDATE SET views = analytics_language_days.views + EXCLUDED.views",
            b.day, key.first, key.second, views);
    }
    forget_expired(tx, expired_before);
    tx.commit();
  });
}

std::size_t purge_views(database& db, const std::string& today, int keep_days, const std::string& expired_before) {
  return db.with([&](pqxx::connection& c) {
    pqxx::work tx(c);
    const std::string cut = "($1::date - $2::int)";
    tx.exec_params(
        "INSERT INTO analytics_months (month, views, visitors) "
        "SELECT date_trunc('month', day)::date, sum(views), sum(visitors) FROM analytics_days "
        "WHERE day < " +
            cut +
            " GROUP BY 1 ON CONFLICT (month) DO UPDATE SET views = analytics_months.views + "
            "EXCLUDED.views, visitors = analytics_months.visitors + EXCLUDED.visitors",
        today, keep_days);
    tx.exec_params(
        "INSERT INTO analytics_post_months (month, post_id, views) "
        "SELECT date_trunc('month', day)::date, post_id, sum(views) FROM analytics_post_days "
        "WHERE day < " +
            cut +
            " GROUP BY 1, 2 ON CONFLICT (month, post_id) DO UPDATE SET views = "
            "analytics_post_months.views + EXCLUDED.views",
        today, keep_days);
    std::size_t rows = 0;
    for (const char* table :
         {"analytics_days", "analytics_post_days", "analytics_referrer_days", "analytics_language_days"})
      rows += static_cast<std::size_t>(
          tx.exec_params(std::string("DELETE FROM ") + table + " WHERE day < " + cut, today, keep_days)
              .affected_rows());
    forget_expired(tx, expired_before);
    tx.commit();
    return rows;
  });
}

std::size_t delete_all_views(database& db) {
  return db.with([](pqxx::connection& c) {
    pqxx::work tx(c);
    std::size_t rows = 0;
    for (const char* table :
         {"analytics_days", "analytics_post_days", "analytics_referrer_days", "analytics_language_days",
          "analytics_months", "analytics_post_months", "analytics_salts", "analytics_visitors"})
      rows += static_cast<std::size_t>(tx.exec(std::string("DELETE FROM ") + table).affected_rows());
    tx.commit();
    return rows;
  });
}

analytics_report load_analytics(database& db, const std::string& today, int days, std::size_t limit) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    analytics_report out;
    const std::string window = "day > $1::date - $2::int AND day <= $1::date";
    for (const auto& r :
         tx.exec_params("SELECT to_char(g.day, 'YYYY-MM-DD'), coalesce(a.views, 0), coalesce(a.visitors, 0) "
                        "FROM generate_series($1::date - ($2::int - 1), $1::date, interval '1 day') AS g(day) "
                        "LEFT JOIN analytics_days a ON a.day = g.day::date ORDER BY g.day",
                        today, days))
      out.days.push_back({r[0].as<std::string>(), r[1].as<std::int64_t>(), r[2].as<std::int64_t>()});
    const auto lim = static_cast<std::int64_t>(limit);
    for (const auto& r : tx.exec_params("SELECT p.id, p.slug, p.title, p.language, sum(d.views)::bigint AS n "
                                        "FROM analytics_post_days d JOIN posts p ON p.id = d.post_id WHERE " +
                                            window + " GROUP BY p.id ORDER BY n DESC, p.id LIMIT $3",
                                        today, days, lim))
      out.posts.push_back({r[0].as<int>(), r[1].as<std::string>(), r[2].as<std::string>(), r[3].as<std::string>(),
                           r[4].as<std::int64_t>()});
    for (const auto& r : tx.exec_params("SELECT domain, sum(views)::bigint AS n FROM analytics_referrer_days WHERE " +
                                            window + " GROUP BY domain ORDER BY n DESC, domain LIMIT $3",
                                        today, days, lim))
      out.referrers.push_back({r[0].as<std::string>(), r[1].as<std::int64_t>()});
    for (const auto& r : tx.exec_params("SELECT kind, language, sum(views)::bigint AS n FROM analytics_language_days "
                                        "WHERE " +
                                            window + " GROUP BY kind, language ORDER BY kind, n DESC, language",
                                        today, days)) {
      named_views v{r[1].as<std::string>(), r[2].as<std::int64_t>()};
      (r[0].as<std::string>() == "post" ? out.post_languages : out.interface_languages).push_back(std::move(v));
    }
    return out;
  });
}

std::map<int, std::int64_t> load_post_views(database& db, const std::string& today, int days,
                                            std::optional<int> author_id) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::map<int, std::int64_t> out;
    auto rows = tx.exec_params(
        "SELECT d.post_id, sum(d.views)::bigint FROM analytics_post_days d JOIN posts p ON p.id = d.post_id "
        "WHERE d.day > $1::date - $2::int AND d.day <= $1::date AND ($3::int IS NULL OR p.author_id = $3) "
        "GROUP BY d.post_id",
        today, days, author_id);
    for (const auto& r : rows) out[r[0].as<int>()] = r[1].as<std::int64_t>();
    return out;
  });
}

std::vector<day_views> load_post_days(database& db, int post_id, const std::string& today, int days) {
  return db.with([&](pqxx::connection& c) {
    pqxx::read_transaction tx(c);
    std::vector<day_views> out;
    for (const auto& r :
         tx.exec_params("SELECT to_char(g.day, 'YYYY-MM-DD'), coalesce(d.views, 0) "
                        "FROM generate_series($1::date - ($2::int - 1), $1::date, interval '1 day') AS g(day) "
                        "LEFT JOIN analytics_post_days d ON d.day = g.day::date AND d.post_id = $3 ORDER BY g.day",
                        today, days, post_id))
      out.push_back({r[0].as<std::string>(), r[1].as<std::int64_t>(), 0});
    return out;
  });
}

}  // namespace blog::store
