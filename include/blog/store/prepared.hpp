// The statements run on every write and every signed-in request, prepared once per connection.
#pragma once

#include <pqxx/connection_base>
#include <pqxx/transaction_base>

#include <string>
#include <utility>

namespace blog::store {

// The name `sql` is prepared under: "blog_" and 16 hex digits of its hash.
std::string statement_name(const std::string& sql);

// Defines `sql` as a prepared statement of tx's connection (a lookup once it is) and returns its name.
std::string prepared(pqxx::transaction_base& tx, const std::string& sql);

// Runs `sql` as a prepared statement of tx's connection: PostgreSQL parses and plans it at its
// first use on that connection, not at every call (on the write path that was about two fifths
// of its CPU). libpqxx sends the PREPARE with the first execution and defines it afresh on a new
// connection; defining it again on the same one is a lookup. For texts the project writes, never
// for one made with a value inside: each text is a statement kept for the connection's life.
template <typename... Args>
pqxx::result exec_prepared(pqxx::transaction_base& tx, const std::string& sql, Args&&... args) {
  return tx.exec_prepared(prepared(tx, sql), std::forward<Args>(args)...);
}

// exec_prepared for a statement that returns exactly one row (pqxx::unexpected_rows otherwise).
template <typename... Args>
pqxx::row exec_prepared1(pqxx::transaction_base& tx, const std::string& sql, Args&&... args) {
  return tx.exec_prepared1(prepared(tx, sql), std::forward<Args>(args)...);
}

}  // namespace blog::store
