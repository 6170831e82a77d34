// HTML character references (&name; &#NNN; &#xHH;) decoded the way a browser's tokenizer does.
#include "entities.hpp"

#include "blog/core/text.hpp"

#include <array>
#include <unordered_map>
#include <utility>

namespace blog::render::detail {
namespace {

// U+00A0..U+00FF in order; HTML also decodes all of these without the trailing ';'.
constexpr std::array<std::string_view, 96> latin1_names = {
    "nbsp",   "iexcl",  "cent",   "pound",  "curren", "yen",    "brvbar", "sect",   "uml",    "copy",   "ordf",
    "laquo",  "not",    "shy",    "reg",    "macr",   "deg",    "plusmn", "sup2",   "sup3",   "acute",  "micro",
    "para",   "middot", "cedil",  "sup1",   "ordm",   "raquo",  "frac14", "frac12", "frac34", "iquest", "Agrave",
    "Aacute", "Acirc",  "Atilde", "Auml",   "Aring",  "AElig",  "Ccedil", "Egrave", "Eacute", "Ecirc",  "Euml",
    "Igrave", "Iacute", "Icirc",  "Iuml",   "ETH",    "Ntilde", "Ograve", "Oacute", "Ocirc",  "Otilde", "Ouml",
    "times",  "Oslash", "Ugrave", "Uacute", "Ucirc",  "Uuml",   "Yacute", "THORN",  "szlig",  "agrave", "aacute",
    "acirc",  "atilde", "auml",   "aring",  "aelig",  "ccedil", "egrave", "eacute", "ecirc",  "euml",   "igrave",
    "iacute", "icirc",  "iuml",   "eth",    "ntilde", "ograve", "oacute", "ocirc",  "otilde", "ouml",   "divide",
    "oslash", "ugrave", "uacute", "ucirc",  "uuml",   "yacute", "thorn",  "yuml",
};

// ASCII names first: they are the ones obfuscated URLs use (javascript&colon;).
constexpr std::pair<std::string_view, char32_t> other_names[] = {
    {"Tab", 0x09},      {"NewLine", 0x0A},      {"excl", 0x21},     {"quot", 0x22},     {"QUOT", 0x22},
    {"num", 0x23},      {"dollar", 0x24},       {"percnt", 0x25},   {"amp", 0x26},      {"AMP", 0x26},
    {"apos", 0x27},     {"lpar", 0x28},         {"rpar", 0x29},     {"ast", 0x2A},      {"midast", 0x2A},
    {"plus", 0x2B},     {"comma", 0x2C},        {"period", 0x2E},   {"sol", 0x2F},      {"colon", 0x3A},
    {"semi", 0x3B},     {"lt", 0x3C},           {"LT", 0x3C},       {"equals", 0x3D},   {"gt", 0x3E},
    {"GT", 0x3E},       {"quest", 0x3F},        {"commat", 0x40},   {"lsqb", 0x5B},     {"lbrack", 0x5B},
    {"bsol", 0x5C},     {"rsqb", 0x5D},         {"rbrack", 0x5D},   {"Hat", 0x5E},      {"lowbar", 0x5F},
    {"UnderBar", 0x5F}, {"grave", 0x60},        {"lcub", 0x7B},     {"lbrace", 0x7B},   {"verbar", 0x7C},
    {"vert", 0x7C},     {"VerticalLine", 0x7C}, {"rcub", 0x7D},     {"rbrace", 0x7D},   {"COPY", 0xA9},
    {"REG", 0xAE},      {"Ccaron", 0x10C},      {"ccaron", 0x10D},  {"Dcaron", 0x10E},  {"dcaron", 0x10F},
    {"Ecaron", 0x11A},  {"ecaron", 0x11B},      {"Lacute", 0x139},  {"lacute", 0x13A},  {"Lcaron", 0x13D},
    {"lcaron", 0x13E},  {"Ncaron", 0x147},      {"ncaron", 0x148},  {"OElig", 0x152},   {"oelig", 0x153},
    {"Racute", 0x154},  {"racute", 0x155},      {"Rcaron", 0x158},  {"rcaron", 0x159},  {"Scaron", 0x160},
    {"scaron", 0x161},  {"Tcaron", 0x164},      {"tcaron", 0x165},  {"Uring", 0x16E},   {"uring", 0x16F},
    {"Yuml", 0x178},    {"Zcaron", 0x17D},      {"zcaron", 0x17E},  {"fnof", 0x192},    {"circ", 0x2C6},
    {"tilde", 0x2DC},   {"ensp", 0x2002},       {"emsp", 0x2003},   {"thinsp", 0x2009}, {"zwnj", 0x200C},
    {"zwj", 0x200D},    {"lrm", 0x200E},        {"rlm", 0x200F},    {"hyphen", 0x2010}, {"dash", 0x2010},
    {"ndash", 0x2013},  {"mdash", 0x2014},      {"lsquo", 0x2018},  {"rsquo", 0x2019},  {"sbquo", 0x201A},
    {"ldquo", 0x201C},  {"rdquo", 0x201D},      {"bdquo", 0x201E},  {"dagger", 0x2020}, {"Dagger", 0x2021},
    {"bull", 0x2022},   {"hellip", 0x2026},     {"permil", 0x2030}, {"prime", 0x2032},  {"Prime", 0x2033},
    {"lsaquo", 0x2039}, {"rsaquo", 0x203A},     {"euro", 0x20AC},   {"trade", 0x2122},  {"larr", 0x2190},
    {"rarr", 0x2192},   {"minus", 0x2212},      {"ne", 0x2260},
};

// Names HTML decodes even without ';' (beyond the Latin-1 block).
constexpr std::array<std::string_view, 10> legacy_ascii_names = {"amp", "AMP",  "lt",   "LT",   "gt",
                                                                 "GT",  "quot", "QUOT", "COPY", "REG"};

struct entity_tables {
  std::unordered_map<std::string_view, char32_t> all;
  std::unordered_map<std::string_view, char32_t> legacy;
};

const entity_tables& tables() {
  static const entity_tables instance = [] {
    entity_tables t;
    for (std::size_t i = 0; i < latin1_names.size(); ++i) {
      const auto cp = static_cast<char32_t>(0xA0 + i);
      t.all.emplace(latin1_names[i], cp);
      t.legacy.emplace(latin1_names[i], cp);
    }
    for (const auto& [name, cp] : other_names) {
      t.all.emplace(name, cp);
    }
    for (const auto name : legacy_ascii_names) {
      t.legacy.emplace(name, t.all.at(name));
    }
    return t;
  }();
  return instance;
}

// Windows-1252 meanings HTML gives to &#128;..&#159;; 0 marks the undefined ones.
constexpr std::array<char32_t, 32> c1_remap = {0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
                                               0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0,      0x017D, 0,
                                               0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                                               0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

char32_t numeric_value(char32_t cp) {
  if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    return core::utf8::replacement;
  }
  if (cp >= 0x80 && cp <= 0x9F) {
    const char32_t mapped = c1_remap[cp - 0x80];
    return mapped == 0 ? core::utf8::replacement : mapped;
  }
  if (cp == 0x0D) {
    return 0x0A;
  }
  if (cp == 0x0C) {
    return 0x20;
  }
  // A reference never brings in a character the page may not carry (a control, U+FFFE, U+FFFF).
  if (core::utf8::is_forbidden_char(cp)) {
    return core::utf8::replacement;
  }
  return cp;
}

constexpr bool is_hex_digit(char c) noexcept {
  return core::is_ascii_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

constexpr char32_t hex_value(char c) noexcept {
  if (core::is_ascii_digit(c)) {
    return static_cast<char32_t>(c - '0');
  }
  return static_cast<char32_t>(core::ascii_lower(c) - 'a' + 10);
}

// in[pos] == '&', in[pos + 1] == '#'.
void decode_numeric(std::string_view in, std::size_t& pos, std::string& out) {
  std::size_t p = pos + 2;
  const bool hex = p < in.size() && (in[p] == 'x' || in[p] == 'X');
  if (hex) {
    ++p;
  }
  const std::size_t digits_start = p;
  char32_t value = 0;
  const auto saturate = [](char32_t v) { return v > 0x110000 ? char32_t{0x110000} : v; };
  while (p < in.size() && (hex ? is_hex_digit(in[p]) : core::is_ascii_digit(in[p]))) {
    value = saturate(value * (hex ? 16 : 10) + hex_value(in[p]));
    ++p;
  }
  if (p == digits_start) {
    out += '&';
    ++pos;
    return;
  }
  if (p < in.size() && in[p] == ';') {
    ++p;
  }
  core::utf8::encode(numeric_value(value), out);
  pos = p;
}

}  // namespace

void decode_char_ref(std::string_view in, std::size_t& pos, std::string& out, char_ref_context context) {
  if (pos + 1 < in.size() && in[pos + 1] == '#') {
    decode_numeric(in, pos, out);
    return;
  }
  constexpr std::size_t longest_name = 32;
  std::size_t end = pos + 1;
  while (end < in.size() && end - pos - 1 < longest_name && core::is_ascii_alnum(in[end])) {
    ++end;
  }
  const std::string_view run = in.substr(pos + 1, end - pos - 1);
  const auto& t = tables();
  if (!run.empty() && end < in.size() && in[end] == ';') {
    if (const auto it = t.all.find(run); it != t.all.end()) {
      core::utf8::encode(it->second, out);
      pos = end + 1;
      return;
    }
  }
  // Legacy names match as the longest prefix of the run, without the ';'.
  for (std::size_t length = std::min<std::size_t>(run.size(), 6); length >= 2; --length) {
    const auto it = t.legacy.find(run.substr(0, length));
    if (it == t.legacy.end()) {
      continue;
    }
    const std::size_t after = pos + 1 + length;
    const bool terminated = after < in.size() && in[after] == ';';
    const bool continues = after < in.size() && (core::is_ascii_alnum(in[after]) || in[after] == '=');
    if (context == char_ref_context::attribute && !terminated && continues) {
      break;
    }
    core::utf8::encode(it->second, out);
    pos = terminated ? after + 1 : after;
    return;
  }
  out += '&';
  ++pos;
}

std::string decode_char_refs(std::string_view s, char_ref_context context) {
  std::string out;
  out.reserve(s.size());
  std::size_t pos = 0;
  while (pos < s.size()) {
    const std::size_t amp = s.find('&', pos);
    if (amp == std::string_view::npos) {
      out.append(s.substr(pos));
      break;
    }
    out.append(s.substr(pos, amp - pos));
    pos = amp;
    decode_char_ref(s, pos, out, context);
  }
  return out;
}

}  // namespace blog::render::detail
