// One paging scheme for every list: the answer names the next page with an opaque cursor
// (X-Next-Cursor, absent on the last page; search answers carry it as nextCursor too) and the
// client sends it back unchanged as ?cursor=. Clients never read a cursor; the server may change
// what it holds (a position by date and id, or an offset) without breaking one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace blog::domain {

// A position in a list ordered by a time (ms) and then an id: the last item of the page shown.
struct keyset_position {
  std::int64_t ms = 0;
  std::int64_t id = 0;
};

[[nodiscard]] std::string keyset_cursor(keyset_position last);
[[nodiscard]] std::string offset_cursor(std::size_t offset);

// The cursor of the page after one that started at `offset`, asked for `limit` entries, got
// `returned` of `total`: "" when that was the last page, or when the next one would start beyond
// `max_offset` (a cursor parse_offset_cursor would refuse).
[[nodiscard]] std::string next_offset_cursor(std::size_t offset, std::size_t limit, std::size_t returned,
                                             std::uint64_t total, std::size_t max_offset);

// The position a cursor names. Throws blog::error (invalid) 'Invalid cursor' for anything this
// server did not hand out in the same scheme (another list's kind of cursor included), and for an
// offset beyond `max_offset`.
[[nodiscard]] keyset_position parse_keyset_cursor(std::string_view cursor);
[[nodiscard]] std::size_t parse_offset_cursor(std::string_view cursor, std::size_t max_offset);

}  // namespace blog::domain
