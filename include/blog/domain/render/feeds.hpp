// The sitemap and the RSS feed as documents: pure functions from plain data to XML text. The api
// gathers what they list (api/feeds_api.cpp); nothing here reads the read model or the clock.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace blog::render {

// Another language version of a page (<xhtml:link rel="alternate" hreflang=… href=…>).
struct sitemap_alternate {
  std::string language;  // "en" or "cs"
  std::string url;       // absolute
};

struct sitemap_url {
  std::string url;                            // absolute, already percent-encoded where needed
  std::optional<std::int64_t> modified_ms;    // <lastmod>, the UTC date of this time
  std::string change_frequency;               // <changefreq> when not empty ("daily")
  std::vector<sitemap_alternate> alternates;  // every language version, this page's own included
};

// A sitemaps.org urlset with the xhtml namespace for alternates; URLs escaped for XML.
// Never fails (but std::bad_alloc).
[[nodiscard]] std::string sitemap_xml(const std::vector<sitemap_url>& urls);

struct feed_item {
  std::string title;
  std::string url;  // absolute: the <link> and the permalink <guid>
  std::int64_t published_ms = 0;
  std::string category;
  std::string excerpt;
  std::string cover_url;           // absolute; no <enclosure> when empty
  std::string cover_content_type;  // the enclosure's type
};

struct feed_channel {
  std::string title;
  std::string url;  // the site's home page, absolute
  std::string description;
  std::string language;  // "en" or "cs"
  std::string self_url;  // this feed's own address (atom:link rel="self")
  std::vector<feed_item> items;
};

// An RSS 2.0 document with an atom:link to itself; texts escaped for XML, dates in RFC 822 (UTC).
// Never fails (but std::bad_alloc).
[[nodiscard]] std::string rss_xml(const feed_channel& channel);

// The UTC date of a time as YYYY-MM-DD, and as RFC 822 ("Tue, 05 Mar 2024 14:07:09 +0000").
[[nodiscard]] std::string utc_date(std::int64_t ms);
[[nodiscard]] std::string rfc822_time(std::int64_t ms);

}  // namespace blog::render
