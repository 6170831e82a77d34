// One value read straight from a test's database, for checks the HTTP API does not show.
#pragma once

#include <string>

namespace blog::test {

// The first column of the first row of `query` as text; empty when there is no row or it is NULL.
std::string query_value(const std::string& database_url, const std::string& query);

}  // namespace blog::test
