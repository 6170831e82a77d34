// Fuzzes the streaming reader of a site export's content.json (store::read_site_content), read in
// pieces of a size the input chooses: no crash, a refusal is always blog::error, and what it hands
// over is what parsing the whole text at once gives: the same top-level fields, the same lists and
// the same rows, in the file's order. (Boost.JSON's fast double parsing may differ in the last bits
// when a number is split between two reads, so doubles compare within a few parts in 10^15, and NaN, which it makes of
// "0e999", equals NaN.)
#include "blog/core/error.hpp"
#include "blog/store/site_content.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace {

// One thing the reader handed over: "field", "list" or "row", a name and the value (null for a list).
struct event {
  std::string kind;
  std::string name;
  boost::json::value value;
};

bool same(const boost::json::value& a, const boost::json::value& b) {
  if (a.is_double() && b.is_double()) {
    const double x = a.get_double(), y = b.get_double();
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);  // "0e999" is 0 * inf
    return x == y || std::fabs(x - y) <= 4e-15 * std::max(std::fabs(x), std::fabs(y));
  }
  if (a.kind() != b.kind()) return false;
  if (a.is_array()) {
    const auto &p = a.get_array(), &q = b.get_array();
    if (p.size() != q.size()) return false;
    for (std::size_t i = 0; i < p.size(); ++i)
      if (!same(p[i], q[i])) return false;
    return true;
  }
  if (a.is_object()) {
    const auto &p = a.get_object(), &q = b.get_object();
    if (p.size() != q.size()) return false;
    for (auto i = p.begin(), j = q.begin(); i != p.end(); ++i, ++j)
      if (i->key() != j->key() || !same(i->value(), j->value())) return false;
    return true;
  }
  return a == b;
}

bool same(const std::vector<event>& a, const std::vector<event>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].kind != b[i].kind || a[i].name != b[i].name || !same(a[i].value, b[i].value)) return false;
  return true;
}

// What the reader must hand over for `document`, a whole object parsed at once.
std::vector<event> expected_events(const boost::json::object& document) {
  std::vector<event> out;
  for (const auto& member : document) {
    std::string_view name(member.key().data(), member.key().size());
    if (blog::store::is_site_list(name) && member.value().is_array()) {
      out.push_back({"list", std::string(name), nullptr});
      for (const auto& row : member.value().as_array()) out.push_back({"row", std::string(name), row});
    } else {
      out.push_back({"field", std::string(name), member.value()});
    }
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  // The first byte chooses how many bytes each read gives (1 to 256), the rest is content.json.
  const std::size_t piece = std::size_t{data[0]} + 1;
  std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);

  std::size_t at = 0;
  auto read = [&](char* buffer, std::size_t room) -> std::size_t {
    auto n = std::min({piece, room, text.size() - at});
    std::memcpy(buffer, text.data() + at, n);
    at += n;
    return n;
  };
  std::vector<event> seen;
  blog::store::site_content_handlers handlers{.field =
                                                  [&](std::string_view name, boost::json::value value) {
                                                    seen.push_back({"field", std::string(name), std::move(value)});
                                                  },
                                              .list =
                                                  [&](std::string_view name) {
                                                    seen.push_back({"list", std::string(name), nullptr});
                                                  },
                                              .row =
                                                  [&](std::string_view list, boost::json::value row) {
                                                    seen.push_back({"row", std::string(list), std::move(row)});
                                                  }};
  bool refused = false;
  try {
    blog::store::read_site_content(read, handlers);
  } catch (const blog::error&) {
    refused = true;  // What text that is not a JSON object must get.
  }

  boost::system::error_code ec;
  auto whole = boost::json::parse(text, ec);
  if (ec || !whole.is_object()) {
    if (!refused) std::abort();  // accepted what is not a JSON object
    return 0;
  }
  if (refused) std::abort();  // refused a JSON object
  // Parsing at once keeps one member of each repeated key; the stream hands over each: compare only
  // documents whose top-level keys are all different.
  std::set<std::string> names;
  for (const auto& e : seen)
    if (e.kind != "row" && !names.insert(e.name).second) return 0;
  if (!same(seen, expected_events(whole.as_object()))) std::abort();
  return 0;
}
