// Fuzzes the feed writers (RSS and sitemap) with any stored text: the document must be well-formed
// XML 1.0 whatever a row holds, or one post would break the feed of every reader.
#include "blog/domain/render/feeds.hpp"

#include "check_html.hpp"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

// XML 1.0's Char production, less what HTML calls control characters (DEL and C1): written out
// here rather than taken from core/text.hpp, so that a wrong rule there cannot hide itself.
bool is_xml_char(std::uint32_t cp) {
  if (cp == 0x9 || cp == 0xA || cp == 0xD) return true;
  if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) return false;
  return cp <= 0xD7FF || (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
}

// Valid UTF-8 (checked before) decoded one code point at a time.
std::uint32_t next_code_point(std::string_view text, std::size_t& i) {
  const auto c = static_cast<unsigned char>(text[i]);
  const std::size_t length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : 4;
  std::uint32_t cp = length == 1 ? c : length == 2 ? (c & 0x1FU) : length == 3 ? (c & 0x0FU) : (c & 0x07U);
  for (std::size_t k = 1; k < length; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3FU);
  i += length;
  return cp;
}

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ':' || c == '-';
}

// After '&' at text[i]: one of the references the writers use, and i moved past it.
bool skip_reference(std::string_view text, std::size_t& i) {
  for (std::string_view ref : {"&amp;", "&lt;", "&gt;", "&quot;", "&#39;"}) {
    if (text.substr(i, ref.size()) == ref) {
      i += ref.size();
      return true;
    }
  }
  return false;
}

// Aborts unless `xml` is a well-formed document as the writers make them: valid UTF-8 of XML
// characters only, an XML declaration, then elements whose start and end tags pair up, attribute
// values double-quoted, and '<' and '&' in text or values only as markup or references.
void check_well_formed(std::string_view xml) {
  if (!blog::fuzz::valid_utf8(xml)) std::abort();
  for (std::size_t i = 0; i < xml.size();)
    if (!is_xml_char(next_code_point(xml, i))) std::abort();
  constexpr std::string_view declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  if (!xml.starts_with(declaration)) std::abort();
  std::vector<std::string_view> open;
  bool had_root = false;
  std::size_t i = declaration.size();
  while (i < xml.size()) {
    if (xml[i] == '&') {
      if (open.empty() || !skip_reference(xml, i)) std::abort();
      continue;
    }
    if (xml[i] != '<') {
      if (open.empty() && xml[i] != '\n') std::abort();  // text outside the root
      ++i;
      continue;
    }
    const bool closing = i + 1 < xml.size() && xml[i + 1] == '/';
    std::size_t j = i + (closing ? 2 : 1);
    const std::size_t name_start = j;
    while (j < xml.size() && is_name_char(xml[j])) ++j;
    const auto name = xml.substr(name_start, j - name_start);
    if (name.empty()) std::abort();
    if (closing) {
      if (open.empty() || open.back() != name || j >= xml.size() || xml[j] != '>') std::abort();
      open.pop_back();
      i = j + 1;
      continue;
    }
    // Attributes: ' name="value"', then '>' or '/>'.
    while (j < xml.size() && xml[j] == ' ') {
      std::size_t k = j + 1;
      while (k < xml.size() && is_name_char(xml[k])) ++k;
      if (k == j + 1 || xml.substr(k, 2) != "=\"") std::abort();
      k += 2;
      while (k < xml.size() && xml[k] != '"') {
        if (xml[k] == '<') std::abort();
        if (xml[k] == '&') {
          if (!skip_reference(xml, k)) std::abort();
        } else {
          ++k;
        }
      }
      if (k >= xml.size()) std::abort();
      j = k + 1;
    }
    const bool empty_element = xml.substr(j, 2) == "/>";
    if (!empty_element && (j >= xml.size() || xml[j] != '>')) std::abort();
    if (open.empty()) {
      if (had_root) std::abort();  // a second root
      had_root = true;
    }
    if (!empty_element) open.push_back(name);
    i = j + (empty_element ? 2 : 1);
  }
  if (!open.empty() || !had_root) std::abort();
}

// Times from 1970 to the year 9999, as rows hold them.
std::int64_t time_ms(FuzzedDataProvider& in) {
  return in.ConsumeIntegralInRange<std::int64_t>(0, 253'402'300'799'000);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  blog::render::feed_channel channel;
  channel.title = in.ConsumeRandomLengthString(200);
  channel.url = in.ConsumeRandomLengthString(200);
  channel.description = in.ConsumeRandomLengthString(500);
  channel.language = in.ConsumeBool() ? "en" : "cs";
  channel.self_url = in.ConsumeRandomLengthString(200);
  std::vector<blog::render::sitemap_url> urls;
  const auto count = in.ConsumeIntegralInRange<int>(0, 4);
  for (int n = 0; n < count; ++n) {
    blog::render::feed_item item;
    item.title = in.ConsumeRandomLengthString(200);
    item.url = in.ConsumeRandomLengthString(200);
    item.published_ms = time_ms(in);
    item.category = in.ConsumeRandomLengthString(100);
    item.excerpt = in.ConsumeRandomLengthString(500);
    item.cover_url = in.ConsumeRandomLengthString(200);
    item.cover_content_type = in.ConsumeRandomLengthString(40);
    blog::render::sitemap_url url{.url = item.url, .modified_ms = item.published_ms, .change_frequency = {}};
    if (in.ConsumeBool()) url.change_frequency = in.ConsumeRandomLengthString(20);
    url.alternates.push_back({in.ConsumeRandomLengthString(10), in.ConsumeRandomLengthString(200)});
    urls.push_back(std::move(url));
    channel.items.push_back(std::move(item));
  }
  check_well_formed(blog::render::rss_xml(channel));
  check_well_formed(blog::render::sitemap_xml(urls));
  return 0;
}
