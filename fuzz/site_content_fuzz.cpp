// Fuzzes the streaming reader of a site export's content.json (store::read_site_content), read in
// pieces of a size the input chooses: no crash, a refusal is always blog::error, and what it hands
// over is what parsing the whole text at once gives: the same top-level fields, the same lists and
// the same rows, in the file's order.
#include "blog/core/error.hpp"
#include "blog/store/site_content.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace {

// One thing the reader handed over: "field", "list" or "row", a name and the value as JSON text.
struct event {
  std::string kind;
  std::string name;
  std::string value;
  bool operator==(const event&) const = default;
};

// What the reader must hand over for `document`, a whole object parsed at once.
std::vector<event> expected_events(const boost::json::object& document) {
  std::vector<event> out;
  for (const auto& member : document) {
    std::string_view name(member.key().data(), member.key().size());
    if (blog::store::is_site_list(name) && member.value().is_array()) {
      out.push_back({"list", std::string(name), ""});
      for (const auto& row : member.value().as_array())
        out.push_back({"row", std::string(name), boost::json::serialize(row)});
    } else {
      out.push_back({"field", std::string(name), boost::json::serialize(member.value())});
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
  blog::store::site_content_handlers handlers{
      .field =
          [&](std::string_view name, boost::json::value value) {
            seen.push_back({"field", std::string(name), boost::json::serialize(value)});
          },
      .list =
          [&](std::string_view name) {
            seen.push_back({"list", std::string(name), ""});
          },
      .row =
          [&](std::string_view list, boost::json::value row) {
            seen.push_back({"row", std::string(list), boost::json::serialize(row)});
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
  if (seen != expected_events(whole.as_object())) std::abort();
  return 0;
}
