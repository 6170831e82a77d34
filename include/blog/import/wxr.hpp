// A streaming reader of WordPress exports (WXR 1.0, 1.1 and 1.2, http and https namespaces).
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <map>
#include <string>
#include <vector>

namespace blog::import {

struct wxr_author {
  std::string login;
  std::string email;
  std::string display_name;
};

// A <wp:term> of the channel (categories, tags, Polylang's language and post_translations).
struct wxr_term {
  std::string taxonomy;
  std::string slug;
  std::string name;
  std::string description;
};

// A <category domain="…" nicename="…">name</category> of an item.
struct wxr_category {
  std::string domain;
  std::string nicename;
  std::string name;
};

struct wxr_item {
  long line = 0;  // where <item> starts, for the report
  std::string title;
  std::string link;
  std::string creator;  // dc:creator, the author's login
  std::string content;  // content:encoded
  std::string excerpt;  // excerpt:encoded
  long long post_id = 0;
  long long post_parent = 0;
  std::string post_date;
  std::string post_date_gmt;
  std::string post_name;
  std::string status;
  std::string post_type;
  std::string post_password;
  std::string attachment_url;
  std::vector<wxr_category> categories;
  std::map<std::string, std::string> meta;  // wp:postmeta, key → value
  int comments = 0;                         // wp:comment elements
};

// What the channel says about the site, collected while reading (items arrive one by one).
struct wxr_channel {
  std::string wxr_version;  // "1.0", "1.1" or "1.2": from the namespace, and wp:wxr_version
  std::string link;
  std::string base_site_url;
  std::string base_blog_url;
  std::vector<wxr_author> authors;
  std::vector<wxr_term> terms;
};

// The largest text one element may hold (a post's content): more is refused as not an export.
inline constexpr std::size_t max_element_text = std::size_t{32} * 1024 * 1024;

// True when `head` (the first bytes of a file) looks like XML: the format is told by content.
bool looks_like_xml(std::string_view head);

// Reads a WXR document from `in` a block at a time with libexpat, filling `channel` and calling
// `on_item` with each <item> as it ends (never holding the document). Throws blog::error invalid,
// with a message for the operator, when the document is not well-formed XML (with line and
// column), ends early (truncated), has a document type declaration with entities or an external
// subset (billion laughs, XXE: refused before any is expanded), is not an RSS document with a
// WordPress export namespace, or is of an unknown WXR version; and what on_item throws. Items
// before the failure may have been passed to on_item: read a file through once with a no-op
// on_item before acting on it.
void read_wxr(std::istream& in, wxr_channel& channel, const std::function<void(wxr_item&&)>& on_item);

}  // namespace blog::import
