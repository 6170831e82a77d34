// The sitemap and the RSS feed rendered from plain data: XML escaping, dates, alternates.
#include "blog/domain/render/feeds.hpp"

#include "blog/core/text.hpp"

#include <ctime>

namespace blog::render {
namespace {

std::tm utc(std::int64_t ms) {
  auto seconds = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  return tm;
}

// One element with escaped text content, indented, on its own line.
void append_element(std::string& out, std::string_view indent, std::string_view name, std::string_view text) {
  out += indent;
  out += '<';
  out += name;
  out += '>';
  core::append_html_escaped(text, out);
  out += "</";
  out += name;
  out += ">\n";
}

}  // namespace

std::string utc_date(std::int64_t ms) {
  const auto tm = utc(ms);
  char text[32];
  return {text, std::strftime(text, sizeof text, "%Y-%m-%d", &tm)};
}

std::string rfc822_time(std::int64_t ms) {
  const auto tm = utc(ms);
  char text[64];
  return {text, std::strftime(text, sizeof text, "%a, %d %b %Y %H:%M:%S +0000", &tm)};
}

std::string sitemap_xml(const std::vector<sitemap_url>& urls) {
  std::string xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
      "xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
  for (const auto& u : urls) {
    xml += "  <url><loc>";
    core::append_html_escaped(u.url, xml);
    xml += "</loc>";
    if (u.modified_ms) xml += "<lastmod>" + utc_date(*u.modified_ms) + "</lastmod>";
    if (!u.change_frequency.empty()) {
      xml += "<changefreq>";
      core::append_html_escaped(u.change_frequency, xml);
      xml += "</changefreq>";
    }
    for (const auto& a : u.alternates) {
      xml += "<xhtml:link rel=\"alternate\" hreflang=\"";
      core::append_html_escaped(a.language, xml);
      xml += "\" href=\"";
      core::append_html_escaped(a.url, xml);
      xml += "\"/>";
    }
    xml += "</url>\n";
  }
  xml += "</urlset>\n";
  return xml;
}

std::string rss_xml(const feed_channel& channel) {
  std::string xml =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" "
      "xmlns:atom=\"http://www.w3.org/2005/Atom\">\n<channel>\n";
  append_element(xml, "  ", "title", channel.title);
  append_element(xml, "  ", "link", channel.url);
  append_element(xml, "  ", "description", channel.description);
  append_element(xml, "  ", "language", channel.language);
  xml += "  <atom:link href=\"";
  core::append_html_escaped(channel.self_url, xml);
  xml += "\" rel=\"self\" type=\"application/rss+xml\"/>\n";
  for (const auto& item : channel.items) {
    xml += "  <item>\n";
    append_element(xml, "    ", "title", item.title);
    append_element(xml, "    ", "link", item.url);
    xml += "    <guid isPermaLink=\"true\">";
    core::append_html_escaped(item.url, xml);
    xml += "</guid>\n";
    append_element(xml, "    ", "pubDate", rfc822_time(item.published_ms));
    append_element(xml, "    ", "category", item.category);
    append_element(xml, "    ", "description", item.excerpt);
    if (!item.cover_url.empty()) {
      xml += "    <enclosure url=\"";
      core::append_html_escaped(item.cover_url, xml);
      xml += "\" type=\"";
      core::append_html_escaped(item.cover_content_type, xml);
      xml += "\" length=\"0\"/>\n";
    }
    xml += "  </item>\n";
  }
  xml += "</channel>\n</rss>\n";
  return xml;
}

}  // namespace blog::render
