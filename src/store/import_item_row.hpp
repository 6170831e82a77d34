// Inside store/: remembering an imported item, in a transaction of the caller's (import_store's
// remember_imported and posts_store's insert_imported_post share the one statement).
#pragma once

#include "blog/store/posts_store.hpp"

#include <pqxx/pqxx>

namespace blog::store {

void remember_import_item(pqxx::work& tx, const import_origin& origin, int post_id);
// Adds the old paths of a post that are not taken; how many were added.
int add_redirects(pqxx::work& tx, const std::vector<std::string>& paths, int post_id);

}  // namespace blog::store
