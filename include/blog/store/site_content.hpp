// content.json of a site export (docs/export-format.md), read as a stream: its top-level fields and
// each row of its lists handed over one at a time. Pure parsing, no database (the fuzzer runs it).
#pragma once

#include <boost/json/value.hpp>

#include <array>
#include <cstddef>
#include <functional>
#include <string_view>

namespace blog::store {

// The lists of content.json in the order the export writes them and a restore needs them: the
// accounts before what names them, posts before their revisions, uploads before their variants.
inline constexpr std::array<std::string_view, 8> site_lists = {"users",    "categories", "posts",   "revisions",
                                                               "glossary", "redirects",  "uploads", "uploadVariants"};

bool is_site_list(std::string_view name);

// content.json's bytes a piece at a time: fills `buffer` with up to `size` bytes and says how many;
// 0 at its end.
using content_source = std::function<std::size_t(char* buffer, std::size_t size)>;

// What content.json holds, handed over as it is read: `field` for each member that is not one of
// the lists (format, version, exportedAt, siteSettings), `list` where a list (users, posts, …)
// begins and `row` for each of its rows, in the file's order.
struct site_content_handlers {
  std::function<void(std::string_view name, boost::json::value value)> field;
  std::function<void(std::string_view list)> list;
  std::function<void(std::string_view list, boost::json::value row)> row;
};

// Reads content.json from `read` with one row of a list in memory at a time, however large the
// file. Throws blog::error invalid for text that is not a JSON object (naming the byte where it
// stops being one), and whatever the handlers throw.
void read_site_content(const content_source& read, const site_content_handlers& handlers);

}  // namespace blog::store
