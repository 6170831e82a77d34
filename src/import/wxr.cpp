// Reads WordPress's export (WXR) with libexpat, an item at a time, refusing entities and DTDs.
#include "blog/import/wxr.hpp"

#include "blog/core/error.hpp"
#include "blog/core/text.hpp"
#include "blog/import/xml_encodings.hpp"

#include <expat.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <memory>
#include <optional>

namespace blog::import {
namespace {

// The namespaces an export uses, by what we read from them.
enum class ns { none, wp, content, excerpt, dc, other };

constexpr char ns_separator = '\x1f';

// "http(s)://wordpress.org/export/1.N/" (and ".../excerpt/") give the WXR version.
struct namespace_kind {
  ns kind = ns::other;
  std::string version;
};

namespace_kind classify(std::string_view uri) {
  if (uri == "http://purl.org/rss/1.0/modules/content/") return {ns::content, {}};
  if (uri == "http://purl.org/dc/elements/1.1/") return {ns::dc, {}};
  for (std::string_view scheme : {"http://", "https://"}) {
    if (!uri.starts_with(scheme)) continue;
    auto rest = uri.substr(scheme.size());
    if (!rest.starts_with("wordpress.org/export/")) continue;
    rest.remove_prefix(std::string_view("wordpress.org/export/").size());
    auto slash = rest.find('/');
    if (slash == std::string_view::npos) return {ns::other, {}};
    std::string version(rest.substr(0, slash));
    auto tail = rest.substr(slash + 1);
    if (tail.empty()) return {ns::wp, version};
    if (tail == "excerpt/") return {ns::excerpt, version};
  }
  return {ns::other, {}};
}

struct name {
  ns kind = ns::none;
  std::string local;
};

blog::error encoding_not_read(const std::string& encoding) {
  return invalid("The file is in " + encoding +
                 ", which is not read here: save the export as UTF-8 (WordPress writes UTF-8; windows-1250, "
                 "windows-1252, ISO-8859-1, ISO-8859-2, ISO-8859-15 and UTF-16 are read too)");
}

class wxr_parser {
 public:
  wxr_parser(wxr_channel& channel, const std::function<void(wxr_item&&)>& on_item)
      : channel_(channel), on_item_(on_item), parser_(XML_ParserCreateNS(nullptr, ns_separator), XML_ParserFree) {
    if (!parser_) throw std::bad_alloc();
    XML_SetUserData(parser_.get(), this);
    XML_SetElementHandler(parser_.get(), &wxr_parser::on_start, &wxr_parser::on_end);
    XML_SetCharacterDataHandler(parser_.get(), &wxr_parser::on_text);
    XML_SetStartDoctypeDeclHandler(parser_.get(), &wxr_parser::on_doctype);
    XML_SetEntityDeclHandler(parser_.get(), &wxr_parser::on_entity);
    XML_SetSkippedEntityHandler(parser_.get(), &wxr_parser::on_skipped_entity);
    XML_SetAttlistDeclHandler(parser_.get(), &wxr_parser::on_attribute_list);
    XML_SetUnknownEncodingHandler(parser_.get(), &wxr_parser::on_unknown_encoding, this);
    // No external entity is ever fetched, and no parameter entity expanded.
    XML_SetParamEntityParsing(parser_.get(), XML_PARAM_ENTITY_PARSING_NEVER);
  }

  void feed(const char* data, std::size_t size, bool last) {
    const auto fed_before = fed_;
    fed_ += static_cast<XML_Index>(size);
    if (XML_Parse(parser_.get(), data, static_cast<int>(size), last ? 1 : 0) == XML_STATUS_OK) return;
    if (pending_) std::rethrow_exception(pending_);
    const auto code = XML_GetErrorCode(parser_.get());
    if (code == XML_ERROR_UNKNOWN_ENCODING || code == XML_ERROR_INCORRECT_ENCODING)
      throw encoding_not_read(encoding_.empty() ? std::string("an encoding") : encoding_);
    const auto where =
        "line " + std::to_string(line()) + ", column " + std::to_string(XML_GetCurrentColumnNumber(parser_.get()) + 1);
    if (last && (code == XML_ERROR_NO_ELEMENTS || code == XML_ERROR_UNCLOSED_TOKEN ||
                 code == XML_ERROR_UNCLOSED_CDATA_SECTION || code == XML_ERROR_PARTIAL_CHAR))
      throw invalid("The file ends too early (truncated?) at " + where + ": " + XML_ErrorString(code));
    throw invalid(std::string("The file is not well-formed XML: ") + where + ": " +
                  why_invalid(code, std::string_view(data, size), XML_GetCurrentByteIndex(parser_.get()) - fed_before));
  }

  // The encoding the parser reads in, for what its errors say ("UTF-8", "windows-1250").
  void reading(std::string encoding) { reading_ = std::move(encoding); }

  // Reads the document in `encoding`, whatever its declaration says (before the first feed).
  void read_as(const char* encoding) { XML_SetEncoding(parser_.get(), encoding); }

  // Lines the parser never saw (blank lines before the XML declaration), for the lines it reports.
  void skipped_lines(long lines) { line_offset_ += lines; }

  void finish() const {
    if (!seen_rss_) throw invalid("Unknown format: the file is XML but not an RSS document (a WordPress export)");
    if (channel_.wxr_version.empty())
      throw invalid("Unknown format: an RSS document without WordPress's export namespace");
  }

 private:
  static wxr_parser& self(void* data) { return *static_cast<wxr_parser*>(data); }

  // What is wrong at byte `at` of `data`: a byte that is no character in the encoding read is
  // most often a file in another encoding than it says (windows-1250 bytes declared UTF-8, a byte
  // windows-1252 leaves undefined); else libexpat's words.
  std::string why_invalid(XML_Error code, std::string_view data, XML_Index at) const {
    std::string reason = XML_ErrorString(code);
    if (code != XML_ERROR_INVALID_TOKEN && code != XML_ERROR_PARTIAL_CHAR) return reason;
    if (reading_.starts_with("UTF-16") || at < 0 || static_cast<std::size_t>(at) >= data.size()) return reason;
    // libexpat points at the token the byte is in: the first byte no text of the encoding holds.
    for (auto i = static_cast<std::size_t>(at); i < data.size() && i < static_cast<std::size_t>(at) + 4096; ++i) {
      const auto byte = static_cast<unsigned char>(data[i]);
      const bool suspect = byte >= 0x80 || (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r');
      if (!suspect) continue;
      if (byte >= 0x80 && !reading_.starts_with("UTF-8") && !undefined_in(byte)) continue;
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", byte);
      return "byte " + std::string(hex) + " is not " + reading_ +
             " text: is the file in another encoding? Name it in the XML declaration, or save the export as UTF-8";
    }
    return reason;
  }

  // Whether `byte` has no character in the single-byte encoding read (windows-1252's 0x81).
  bool undefined_in(unsigned char byte) const {
    const auto* table = single_byte_encoding(reading_.c_str());
    return table && (*table)[static_cast<std::size_t>(byte - 0x80)] < 0;
  }

  // Stops the parser with our own message, thrown from feed().
  void refuse(const std::string& message) {
    if (!pending_) pending_ = std::make_exception_ptr(invalid(message));
    XML_StopParser(parser_.get(), XML_FALSE);
  }

  name split(const XML_Char* raw) {
    std::string_view full(raw);
    auto sep = full.find(ns_separator);
    if (sep == std::string_view::npos) return {ns::none, std::string(full)};
    auto kind = classify(full.substr(0, sep));
    if (kind.kind == ns::wp || kind.kind == ns::excerpt) {
      if (kind.version != "1.0" && kind.version != "1.1" && kind.version != "1.2") {
        refuse("Unknown WordPress export version " + kind.version + " (1.0, 1.1 and 1.2 are read)");
        return {ns::other, {}};
      }
      if (kind.kind == ns::wp && channel_.wxr_version.empty()) channel_.wxr_version = kind.version;
    }
    return {kind.kind, std::string(full.substr(sep + 1))};
  }

  static void on_doctype(void* data, const XML_Char*, const XML_Char* sysid, const XML_Char* pubid, int) {
    if (sysid || pubid) self(data).refuse("The file's document type declaration names an external file (XXE): refused");
  }

  // A reference to an entity nobody declared, which libexpat lets pass when the document type
  // declaration refers to parameter entities ("%x;"): the text it stands for would be lost.
  static void on_skipped_entity(void* data, const XML_Char* entity_name, int is_parameter_entity) {
    self(data).refuse(std::string("The file's document type declaration refers to ") +
                      (is_parameter_entity ? "parameter entities" : "entities it does not declare") + " ('" +
                      entity_name + "'): refused");
  }

  // Attribute defaults would add attributes (a namespace, say) the file's elements do not carry:
  // an export whose items all vanished imported nothing and said it was done.
  static void on_attribute_list(void* data, const XML_Char* element_name, const XML_Char*, const XML_Char*,
                                const XML_Char*, int) {
    self(data).refuse(std::string("The file's document type declaration declares attributes ('") + element_name +
                      "'): refused");
  }

  // The encodings libexpat does not know: the single-byte ones of old exports, by our tables.
  static int on_unknown_encoding(void* data, const XML_Char* encoding_name, XML_Encoding* info) {
    auto& p = self(data);
    p.encoding_ = encoding_name;
    p.reading_ = encoding_name;
    const auto* table = single_byte_encoding(encoding_name);
    if (!table) return XML_STATUS_ERROR;
    for (int byte = 0; byte < 0x80; ++byte) info->map[byte] = byte;
    for (int byte = 0x80; byte < 0x100; ++byte) info->map[byte] = (*table)[static_cast<std::size_t>(byte - 0x80)];
    info->data = nullptr;
    info->convert = nullptr;
    info->release = nullptr;
    return XML_STATUS_OK;
  }

  long line() const { return static_cast<long>(XML_GetCurrentLineNumber(parser_.get())) + line_offset_; }

  static void on_entity(void* data, const XML_Char* entity_name, int, const XML_Char*, int, const XML_Char*,
                        const XML_Char* system_id, const XML_Char*, const XML_Char*) {
    self(data).refuse(std::string("The file's document type declaration declares ") +
                      (system_id ? "an external entity (XXE)" : "entities (as in a billion laughs attack)") + " ('" +
                      entity_name + "'): refused");
  }

  static void on_start(void* data, const XML_Char* raw, const XML_Char** attributes) {
    auto& p = self(data);
    auto n = p.split(raw);
    p.text_.clear();
    ++p.depth_;
    if (p.depth_ == 1) {
      if (n.kind != ns::none || n.local != "rss") {
        p.refuse("Unknown format: the file is XML but not an RSS document (a WordPress export)");
        return;
      }
      p.seen_rss_ = true;
    }
    if (n.kind == ns::none && n.local == "item" && !p.item_) {
      p.item_.emplace();
      p.item_->line = p.line();
      p.item_depth_ = p.depth_;
    } else if (p.item_ && n.kind == ns::none && n.local == "category") {
      wxr_category c;
      for (auto a = attributes; a && *a; a += 2) {
        std::string_view key(a[0]);
        if (key == "domain") c.domain = a[1];
        if (key == "nicename") c.nicename = a[1];
      }
      p.item_->categories.push_back(std::move(c));
    } else if (n.kind == ns::wp && n.local == "term" && !p.item_) {
      p.term_.emplace();
    } else if (n.kind == ns::wp && n.local == "author" && !p.item_) {
      p.author_.emplace();
    } else if (n.kind == ns::wp && n.local == "postmeta" && p.item_) {
      p.meta_key_.clear();
      p.meta_value_.clear();
    } else if (n.kind == ns::wp && n.local == "comment" && p.item_ && !p.in_comment_) {
      p.in_comment_ = true;
      ++p.item_->comments;
    }
  }

  // The number an element holds, spaces around it allowed (a reformatted export indents them);
  // 0 for anything else (no item has id 0: the importer refuses it).
  static long long number(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return 0;
    const auto last = text.find_last_not_of(" \t\r\n");
    long long v = 0;
    auto [end, ec] = std::from_chars(text.data() + first, text.data() + last + 1, v);
    return ec == std::errc{} && end == text.data() + last + 1 && v > 0 ? v : 0;
  }

  static void on_end(void* data, const XML_Char* raw) {
    auto& p = self(data);
    auto n = p.split(raw);
    --p.depth_;
    auto text = std::move(p.text_);
    p.text_.clear();
    if (p.item_ && p.in_comment_) {
      if (n.kind == ns::wp && n.local == "comment") p.in_comment_ = false;
      return;
    }
    if (p.item_) {
      auto& it = *p.item_;
      if (p.depth_ + 1 == p.item_depth_ && n.kind == ns::none && n.local == "item") {
        auto done = std::move(*p.item_);
        p.item_.reset();
        try {
          p.on_item_(std::move(done));
        } catch (...) {
          if (!p.pending_) p.pending_ = std::current_exception();
          XML_StopParser(p.parser_.get(), XML_FALSE);
        }
        return;
      }
      if (n.kind == ns::none) {
        if (n.local == "title") it.title = std::move(text);
        if (n.local == "link") it.link = std::move(text);
        if (n.local == "category" && !it.categories.empty()) it.categories.back().name = std::move(text);
      } else if (n.kind == ns::content && n.local == "encoded") {
        it.content = std::move(text);
      } else if (n.kind == ns::excerpt && n.local == "encoded") {
        it.excerpt = std::move(text);
      } else if (n.kind == ns::dc && n.local == "creator") {
        it.creator = std::move(text);
      } else if (n.kind == ns::wp) {
        const auto& l = n.local;
        if (l == "post_id") it.post_id = number(text);
        if (l == "post_parent") it.post_parent = number(text);
        if (l == "post_date") it.post_date = std::move(text);
        if (l == "post_date_gmt") it.post_date_gmt = std::move(text);
        if (l == "post_name") it.post_name = std::move(text);
        if (l == "status") it.status = std::move(text);
        if (l == "post_type") it.post_type = std::move(text);
        if (l == "post_password") it.post_password = std::move(text);
        if (l == "attachment_url") it.attachment_url = std::move(text);
        if (l == "meta_key") p.meta_key_ = std::move(text);
        if (l == "meta_value") p.meta_value_ = std::move(text);
        if (l == "postmeta" && !p.meta_key_.empty()) it.meta[p.meta_key_] = std::move(p.meta_value_);
      }
      return;
    }
    if (p.term_ && n.kind == ns::wp) {
      const auto& l = n.local;
      if (l == "term_taxonomy") p.term_->taxonomy = std::move(text);
      if (l == "term_slug") p.term_->slug = std::move(text);
      if (l == "term_name") p.term_->name = std::move(text);
      if (l == "term_description") p.term_->description = std::move(text);
      if (l == "term") {
        p.channel_.terms.push_back(std::move(*p.term_));
        p.term_.reset();
      }
      return;
    }
    if (p.author_ && n.kind == ns::wp) {
      const auto& l = n.local;
      if (l == "author_login") p.author_->login = std::move(text);
      if (l == "author_email") p.author_->email = std::move(text);
      if (l == "author_display_name") p.author_->display_name = std::move(text);
      if (l == "author") {
        p.channel_.authors.push_back(std::move(*p.author_));
        p.author_.reset();
      }
      return;
    }
    if (n.kind == ns::none && n.local == "link" && p.depth_ == 2) p.channel_.link = std::move(text);
    if (n.kind == ns::wp && n.local == "base_site_url") p.channel_.base_site_url = std::move(text);
    if (n.kind == ns::wp && n.local == "base_blog_url") p.channel_.base_blog_url = std::move(text);
    if (n.kind == ns::wp && n.local == "wxr_version") {
      if (text != "1.0" && text != "1.1" && text != "1.2")
        p.refuse("Unknown WordPress export version " + text + " (1.0, 1.1 and 1.2 are read)");
    }
  }

  static void on_text(void* data, const XML_Char* s, int len) {
    auto& p = self(data);
    if (p.text_.size() + static_cast<std::size_t>(len) > max_element_text) {
      p.refuse("An element of the file holds more than 32 MB of text: not a WordPress export");
      return;
    }
    p.text_.append(s, static_cast<std::size_t>(len));
  }

  wxr_channel& channel_;
  const std::function<void(wxr_item&&)>& on_item_;
  std::unique_ptr<std::remove_pointer_t<XML_Parser>, void (*)(XML_Parser)> parser_;
  std::exception_ptr pending_;
  std::string encoding_;           // the one the XML declaration names, when libexpat does not know it
  std::string reading_ = "UTF-8";  // the one the parser reads in
  XML_Index fed_ = 0;              // bytes given to the parser so far
  long line_offset_ = 0;
  int depth_ = 0;
  bool seen_rss_ = false;
  std::string text_;
  std::optional<wxr_item> item_;
  int item_depth_ = 0;
  bool in_comment_ = false;
  std::optional<wxr_term> term_;
  std::optional<wxr_author> author_;
  std::string meta_key_;
  std::string meta_value_;
};

}  // namespace

namespace {

using namespace std::string_view_literals;

// The encodings of XML a file's first bytes tell (XML 1.0 appendix F) that libexpat does not read:
// UTF-32 and EBCDIC ("<?xm" in code page 37); nullopt for any other.
std::optional<std::string> unread_encoding(std::string_view head) {
  if (head.starts_with("\0\0\xFE\xFF"sv) || head.starts_with("\xFF\xFE\0\0"sv) || head.starts_with("<\0\0\0"sv) ||
      head.starts_with("\0\0\0<"sv))
    return "UTF-32";
  if (head.starts_with("\x4C\x6F\xA7\x94"sv)) return "EBCDIC";
  return std::nullopt;
}

// A UTF-16 file's byte order, by its byte order mark or, without one, by its first character
// ("<", or the white space a plugin printed before it).
enum class utf16 { none, little_endian, big_endian };

utf16 utf16_order(std::string_view head) {
  if (unread_encoding(head)) return utf16::none;
  if (head.starts_with("\xFF\xFE"sv)) return utf16::little_endian;
  if (head.starts_with("\xFE\xFF"sv)) return utf16::big_endian;
  if (head.size() < 2) return utf16::none;
  const auto starts_xml = [](char c) { return c == '<' || c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  if (head[1] == '\0' && starts_xml(head[0])) return utf16::little_endian;
  if (head[0] == '\0' && starts_xml(head[1])) return utf16::big_endian;
  return utf16::none;
}

// Where the first character that is not white space starts in UTF-16 `text` (after its byte order
// mark), and how many line feeds came before it.
std::pair<std::size_t, long> skip_utf16_space(std::string_view text, utf16 order) {
  std::size_t at = text.starts_with("\xFF\xFE"sv) || text.starts_with("\xFE\xFF"sv) ? 2 : 0;
  long lines = 0;
  for (; at + 1 < text.size(); at += 2) {
    const char high = order == utf16::little_endian ? text[at + 1] : text[at];
    const char low = order == utf16::little_endian ? text[at] : text[at + 1];
    if (high != '\0' || (low != ' ' && low != '\t' && low != '\r' && low != '\n')) break;
    lines += low == '\n';
  }
  return {at, lines};
}

}  // namespace

bool looks_like_xml(std::string_view head) {
  // UTF-32 and EBCDIC are XML too, in an encoding the reader names when it refuses it.
  if (unread_encoding(head)) return true;
  if (const auto order = utf16_order(head); order != utf16::none) {
    const auto at = skip_utf16_space(head, order).first;
    return at + 1 < head.size() && head.substr(at, 2) == (order == utf16::little_endian ? "<\0"sv : "\0<"sv);
  }
  if (head.starts_with("\xEF\xBB\xBF")) head.remove_prefix(3);
  auto first = head.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && head[first] == '<';
}

namespace {

// The encoding the XML declaration at the start of `head` names ("" when none).
std::string declared_encoding(std::string_view head) {
  const auto start = head.find("<?xml");
  if (start == std::string_view::npos || head.find_first_not_of(" \t\r\n") != start) return {};
  const auto end = head.find("?>", start);
  auto declaration = head.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
  const auto key = declaration.find("encoding");
  if (key == std::string_view::npos) return {};
  const auto quote = declaration.find_first_of("\"'", key);
  if (quote == std::string_view::npos) return {};
  const auto close = declaration.find(declaration[quote], quote + 1);
  if (close == std::string_view::npos) return {};
  return core::to_lower_ascii(declaration.substr(quote + 1, close - quote - 1));
}

// Where a file's bytes and its declaration disagree, the bytes win as browsers and WordPress
// have it: a UTF-8 byte order mark is UTF-8 whatever the declaration names (an old Czech export
// converted by an editor that kept "windows-1250"), and a file declared ISO-8859-1 or US-ASCII is
// windows-1252 (PHP sites wrote € and curly quotes into such files; ISO-8859-1 gives them no
// character and they were lost).
void read_as_browsers_do(wxr_parser& parser, std::string_view head) {
  if (head.starts_with("\xEF\xBB\xBF")) {
    parser.read_as("UTF-8");
    return;
  }
  if (utf16_order(head) != utf16::none) {
    parser.reading("UTF-16");
    return;
  }
  const auto declared = declared_encoding(head);
  if (declared == "iso-8859-1" || declared == "iso_8859-1" || declared == "latin1" || declared == "l1" ||
      declared == "us-ascii" || declared == "ascii") {
    parser.read_as("windows-1252");
    parser.reading("windows-1252");
  } else if (declared.starts_with("utf-16")) {
    parser.reading("UTF-16");
  }
}

}  // namespace

void read_wxr(std::istream& in, wxr_channel& channel, const std::function<void(wxr_item&&)>& on_item) {
  wxr_parser parser(channel, on_item);
  // 64 KB a read, not zeroed first: a larger block cleared for each file was most of the time of
  // a small one (fuzz_wxr ran 400 inputs a second, in memset and mmap).
  constexpr std::size_t block_size = std::size_t{64} * 1024;
  const auto block = std::make_unique_for_overwrite<char[]>(block_size);
  for (bool first = true;; first = false) {
    in.read(block.get(), static_cast<std::streamsize>(block_size));
    const auto got = static_cast<std::size_t>(in.gcount());
    const bool last = got < block_size;
    std::string_view data(block.get(), got);
    if (first) {
      if (auto encoding = unread_encoding(data)) throw encoding_not_read(*encoding);
      read_as_browsers_do(parser, data);
      // The same in UTF-16: white space (in two bytes each) before the declaration is left out.
      if (const auto order = utf16_order(data); order != utf16::none) {
        const auto [content, lines] = skip_utf16_space(data, order);
        const std::size_t start = data.starts_with("\xFF\xFE"sv) || data.starts_with("\xFE\xFF"sv) ? 2 : 0;
        const auto declaration = order == utf16::little_endian ? "<\0?\0x\0m\0l\0"sv : "\0<\0?\0x\0m\0l"sv;
        if (content > start && data.substr(content).starts_with(declaration)) {
          parser.skipped_lines(lines);
          if (start > 0) parser.feed(data.data(), start, false);
          data.remove_prefix(content);
        }
      }
      // A plugin or theme that prints a blank line before WordPress's export puts whitespace
      // before the XML declaration, which XML forbids: libexpat (and WordPress's own importer)
      // refuse such a file. What an export is does not depend on it: it is left out (after a BOM,
      // kept), and the lines it took still count in what the parser reports.
      const bool bom = data.starts_with("\xEF\xBB\xBF");
      const std::size_t start = bom ? 3 : 0;
      const auto content = data.find_first_not_of(" \t\r\n", start);
      if (content != std::string_view::npos && content > start && data.substr(content).starts_with("<?xml")) {
        parser.skipped_lines(
            std::count(data.begin() + start, data.begin() + static_cast<std::ptrdiff_t>(content), '\n'));
        if (bom) parser.feed(data.data(), 3, false);
        data.remove_prefix(content);
      }
    }
    parser.feed(data.data(), data.size(), last);
    if (last) break;
  }
  parser.finish();
}

}  // namespace blog::import
