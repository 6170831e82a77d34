// A received mail taken apart as a reader's client would: the headers, and the plain-text and HTML
// parts of a multipart/alternative body, quoted-printable decoded. Shared by the unit and the
// integration tests of the mail the blog sends.
#pragma once

#include <regex>
#include <string>
#include <string_view>

namespace blog::test {

// Quoted-printable (RFC 2045 §6.7) back to its bytes; soft line breaks joined, CRs dropped so the
// result compares with text written with "\n".
inline std::string decode_quoted_printable(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '=' && i + 2 < text.size() && text[i + 1] == '\r' && text[i + 2] == '\n') {
      i += 2;
    } else if (text[i] == '=' && i + 2 < text.size()) {
      out += static_cast<char>(std::stoi(std::string(text.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else if (text[i] != '\r') {
      out += text[i];
    }
  }
  return out;
}

struct mail_parts {
  std::string headers;
  std::string text;
  std::string html;
};

inline mail_parts split_mail(const std::string& data) {
  mail_parts m;
  auto end = data.find("\r\n\r\n");
  m.headers = data.substr(0, end);
  std::smatch b;
  if (!std::regex_search(m.headers, b, std::regex("boundary=\"([^\"]+)\""))) return m;
  auto marker = "--" + b[1].str();
  std::size_t at = data.find(marker, end);
  while (at != std::string::npos) {
    auto part_start = at + marker.size();
    if (data.compare(part_start, 2, "--") == 0) break;
    auto next = data.find(marker, part_start);
    auto part = data.substr(part_start, next - part_start);
    auto body_at = part.find("\r\n\r\n");
    auto body = decode_quoted_printable(part.substr(body_at + 4));
    if (part.find("text/plain") < body_at) m.text = body;
    if (part.find("text/html") < body_at) m.html = body;
    at = next;
  }
  return m;
}

}  // namespace blog::test
