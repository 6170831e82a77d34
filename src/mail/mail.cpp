// Outgoing mail over SMTP (libcurl) or into <data_dir>/mail as .eml files.
#include "blog/mail/mail.hpp"

#include <curl/curl.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <random>

namespace blog::mail {
namespace {

constexpr long smtp_time_limit_s = 20;
constexpr long smtp_connect_limit_s = 10;

// Header values must stay on one line: a CR or LF in them would start a header of the sender's choosing.
std::string one_line(std::string_view text) {
  std::string out;
  for (char c : text)
    if (c != '\r' && c != '\n') out += c;
  return out;
}

bool is_ascii(std::string_view text) {
  for (char c : text)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

std::string base64(std::string_view bytes) {
  static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    unsigned n = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                 static_cast<unsigned char>(bytes[i + 2]);
    out += alphabet[(n >> 18) & 63];
    out += alphabet[(n >> 12) & 63];
    out += alphabet[(n >> 6) & 63];
    out += alphabet[n & 63];
  }
  if (i < bytes.size()) {
    unsigned n = static_cast<unsigned char>(bytes[i]) << 16;
    if (i + 1 < bytes.size()) n |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    out += alphabet[(n >> 18) & 63];
    out += alphabet[(n >> 12) & 63];
    out += i + 1 < bytes.size() ? alphabet[(n >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

// RFC 2047: non-ASCII header text as =?UTF-8?B?…?= words of at most 75 characters (42 bytes
// each, never splitting a character), folded onto continuation lines.
std::string encode_header(std::string_view text) {
  if (is_ascii(text)) return std::string(text);
  constexpr std::size_t word_bytes = 42;
  std::string out;
  while (!text.empty()) {
    auto take = std::min(word_bytes, text.size());
    while (take < text.size() && take > 0 && (static_cast<unsigned char>(text[take]) & 0xC0) == 0x80) --take;
    if (take == 0) take = std::min(word_bytes, text.size());
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + base64(text.substr(0, take)) + "?=";
    text.remove_prefix(take);
  }
  return out;
}

std::string random_hex(std::size_t digits) {
  static thread_local std::mt19937_64 generator{std::random_device{}()};
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < digits; ++i) out += hex[generator() & 15];
  return out;
}

std::tm utc_now() {
  auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm parts{};
  gmtime_r(&now, &parts);
  return parts;
}

// RFC 5322's date, e.g. "Tue, 05 Mar 2024 10:11:12 +0000".
std::string mail_date() {
  auto parts = utc_now();
  char text[64];
  std::strftime(text, sizeof text, "%a, %d %b %Y %H:%M:%S +0000", &parts);
  return text;
}

// A file name's timestamp, e.g. "20240305T101112Z": names sort by time.
std::string file_stamp() {
  auto parts = utc_now();
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%dT%H%M%SZ", &parts);
  return text;
}

std::size_t read_upload(char* buffer, std::size_t size, std::size_t count, void* source) {
  auto* rest = static_cast<std::string_view*>(source);
  std::size_t n = std::min(size * count, rest->size());
  rest->copy(buffer, n);
  rest->remove_prefix(n);
  return n;
}

bool curl_ready() {
  static const bool ready = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
  return ready;
}

// One transfer on `curl`; a handle used again reuses its open connection.
delivery transfer(CURL* curl, const config& cfg, const std::string& recipient, const std::string& text) {
  std::string from = "<" + one_line(bare_address(cfg.mail_from)) + ">";
  std::string to = "<" + one_line(recipient) + ">";
  curl_slist* recipients = curl_slist_append(nullptr, to.c_str());
  std::string_view rest = text;
  char problem[CURL_ERROR_SIZE] = "";
  curl_easy_setopt(curl, CURLOPT_URL, cfg.smtp_url.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, recipients);
  curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_upload);
  curl_easy_setopt(curl, CURLOPT_READDATA, &rest);
  curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(curl, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_TRY));
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, smtp_time_limit_s);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, smtp_connect_limit_s);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, problem);
  CURLcode rc = curl_easy_perform(curl);
  long code = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
  curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, nullptr);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, nullptr);
  curl_slist_free_all(recipients);
  if (rc == CURLE_OK) return {delivery::outcome::sent, code, {}};
  std::string why = std::string("SMTP delivery failed: ") + (*problem ? problem : curl_easy_strerror(rc));
  // Only a 5xx reply is the server's final word; 4xx, a lost connection or a timeout may pass.
  auto result = code >= 500 && code < 600 ? delivery::outcome::permanent : delivery::outcome::temporary;
  return {result, code, why};
}

void write_file(const config& cfg, const std::string& recipient, const std::string& text) {
  auto folder = cfg.data_dir / "mail";
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) throw error("cannot create the mail folder " + folder.string() + ": " + ec.message());
  auto name = file_stamp() + "-" + random_hex(8) + ".eml";
  auto partial = folder / ("." + name + ".part");
  {
    std::ofstream out(partial, std::ios::binary);
    out << text;
    if (!out.flush()) throw error("cannot write " + partial.string());
  }
  // Renamed only once complete, so that a reader of the folder never sees half a message.
  std::filesystem::rename(partial, folder / name, ec);
  if (ec) throw error("cannot write " + (folder / name).string() + ": " + ec.message());
  spdlog::info("mail to {} written to {}", recipient, (folder / name).string());
}

}  // namespace

namespace {

// Quoted-printable (RFC 2045 §6.7) of UTF-8 text whose lines end in '\n': CRLF line ends, lines
// of at most 76 characters (soft breaks "=" CRLF), '=' and bytes outside printable ASCII encoded,
// spaces and tabs encoded where they would end a line.
std::string quoted_printable(std::string_view text) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  std::size_t line = 0;
  auto put = [&](std::string_view piece) {
    if (line + piece.size() > 75) {
      out += "=\r\n";
      line = 0;
    }
    out += piece;
    line += piece.size();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c == '\r') continue;
    if (c == '\n') {
      out += "\r\n";
      line = 0;
      continue;
    }
    bool ends_line = i + 1 == text.size() || text[i + 1] == '\n' || text[i + 1] == '\r';
    bool plain = (c >= 33 && c <= 126 && c != '=') || ((c == ' ' || c == '\t') && !ends_line);
    // A line starting with "." is left to the SMTP layer's dot-stuffing; "From " is escaped for mbox readers.
    if (plain && !(line == 0 && c == 'F' && text.substr(i, 5) == "From ")) {
      char one[1] = {static_cast<char>(c)};
      put(std::string_view(one, 1));
    } else {
      char three[3] = {'=', hex[c >> 4], hex[c & 15]};
      put(std::string_view(three, 3));
    }
  }
  if (!out.ends_with("\r\n")) out += "\r\n";
  return out;
}

std::string crlf_body(std::string_view body) {
  std::string text;
  for (char c : body) {
    if (c == '\n') {
      text += "\r\n";
    } else if (c != '\r') {
      text += c;
    }
  }
  if (text.size() < 2 || text.compare(text.size() - 2, 2, "\r\n") != 0) text += "\r\n";
  return text;
}

}  // namespace

std::string bare_address(std::string_view mailbox) {
  auto open = mailbox.rfind('<');
  auto close = mailbox.rfind('>');
  if (open != std::string_view::npos && close != std::string_view::npos && close > open)
    return std::string(mailbox.substr(open + 1, close - open - 1));
  return std::string(mailbox);
}

std::string sender_domain(const config& cfg) {
  auto sender = bare_address(cfg.mail_from);
  auto at = sender.find('@');
  return at == std::string::npos ? std::string("localhost") : sender.substr(at + 1);
}

std::string format(const config& cfg, const message& m) {
  std::string text;
  text += "Date: " + mail_date() + "\r\n";
  text += "From: " + one_line(cfg.mail_from) + "\r\n";
  text += "To: " + one_line(m.to) + "\r\n";
  text += "Subject: " + encode_header(one_line(m.subject)) + "\r\n";
  auto id = m.message_id.empty() ? random_hex(24) : one_line(m.message_id);
  text += "Message-ID: <" + id + "@" + one_line(sender_domain(cfg)) + ">\r\n";
  for (const auto& [name, value] : m.headers) text += one_line(name) + ": " + one_line(value) + "\r\n";
  text += "MIME-Version: 1.0\r\n";
  if (m.html.empty()) {
    text += "Content-Type: text/plain; charset=UTF-8\r\n";
    text += "Content-Transfer-Encoding: 8bit\r\n\r\n";
    return text + crlf_body(m.text);
  }
  // "=_" never occurs in quoted-printable text, so the boundary cannot occur in either part.
  auto boundary = "=_blog_" + random_hex(20);
  text += "Content-Type: multipart/alternative; boundary=\"" + boundary + "\"\r\n\r\n";
  text += "--" + boundary + "\r\n";
  text += "Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n";
  text += quoted_printable(m.text);
  text += "--" + boundary + "\r\n";
  text += "Content-Type: text/html; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n";
  text += quoted_printable(m.html);
  text += "--" + boundary + "--\r\n";
  return text;
}

void send(const config& cfg, const message& m) {
  smtp_session session(cfg);
  auto done = session.deliver(m.to, format(cfg, m));
  if (done.result != delivery::outcome::sent) throw error(done.error);
}

smtp_session::smtp_session(const config& cfg) : cfg_(cfg) {}

smtp_session::~smtp_session() {
  if (curl_) curl_easy_cleanup(static_cast<CURL*>(curl_));
}

delivery smtp_session::deliver(const std::string& recipient, const std::string& text) {
  try {
    if (cfg_.smtp_url.empty()) {
      write_file(cfg_, recipient, text);
      return {};
    }
    if (!curl_ready()) return {delivery::outcome::temporary, 0, "libcurl could not be initialised"};
    if (!curl_) curl_ = curl_easy_init();
    if (!curl_) return {delivery::outcome::temporary, 0, "libcurl could not start a transfer"};
    auto done = transfer(static_cast<CURL*>(curl_), cfg_, recipient, text);
    if (done.result == delivery::outcome::sent) spdlog::debug("mail to {} sent over SMTP", recipient);
    return done;
  } catch (const std::exception& e) {
    return {delivery::outcome::temporary, 0, e.what()};
  }
}

}  // namespace blog::mail
