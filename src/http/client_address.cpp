// Parses trusted proxy lists and walks X-Forwarded-For from the right.
#include "blog/http/client_address.hpp"

namespace blog::http {

std::string client_address(const std::string& peer, std::string_view forwarded_for, const address_set& proxies) {
  if (proxies.empty() || forwarded_for.empty() || !proxies.contains(peer)) return peer;
  std::string answer = peer;
  std::size_t end = forwarded_for.size();
  for (;;) {
    auto comma = forwarded_for.rfind(',', end == 0 ? 0 : end - 1);
    bool last = comma == std::string_view::npos || end == 0;
    auto begin = last ? 0 : comma + 1;
    auto entry = parse_address_entry(forwarded_for.substr(begin, end - begin));
    if (!entry) return answer;
    answer = entry->to_string();
    if (!proxies.contains(*entry) || last) return answer;
    end = comma;
  }
}

}  // namespace blog::http
