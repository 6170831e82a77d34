// Who the client is behind reverse proxies: BLOG_TRUSTED_PROXIES and the X-Forwarded-For walk.
#pragma once

#include "blog/core/address_set.hpp"

#include <string>
#include <string_view>

namespace blog::http {

using blog::address_set;

// The client of a request whose TCP peer is `peer`. Only when the peer is a trusted proxy is
// `forwarded_for` (all X-Forwarded-For values, comma-joined in order) believed: the answer is
// the right-most address in it that is not itself a trusted proxy (the left-most when all are),
// since every hop appends the address it saw and only the trusted hops' entries are honest.
// An entry that is not an address stops the walk: the hop to its right is the answer.
std::string client_address(const std::string& peer, std::string_view forwarded_for, const address_set& proxies);

}  // namespace blog::http
