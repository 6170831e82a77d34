// Unit tests of the allowlist HTML sanitiser: XSS payloads, allowed content, well-formed output.
#include <blog/domain/render/html.hpp>
#include <blog/domain/render/post_content.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <functional>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using namespace std::string_literals;
using blog::render::html_escape;
using blog::render::sanitize_html;

std::string lowercase(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// Undoes the five escapes the sanitiser writes in attribute values.
std::string unescape_attribute(std::string_view value) {
  std::string out(value);
  for (const auto& [entity, plain] : std::vector<std::pair<std::string, std::string>>{
           {"&quot;", "\""}, {"&#39;", "'"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}}) {
    for (std::size_t at = out.find(entity); at != std::string::npos; at = out.find(entity, at + plain.size())) {
      out.replace(at, entity.size(), plain);
    }
  }
  return out;
}

// How a browser would see the scheme: no whitespace or controls anywhere, lowercase.
std::string squeezed(std::string_view url) {
  std::string out;
  for (const char c : url) {
    if (static_cast<unsigned char>(c) > 0x20) {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return out;
}

const std::set<std::string, std::less<>> allowed_tags = {
    "h1",  "h2",   "h3",   "h4",  "h5",     "h6",    "p",     "br", "hr", "ul", "ol",     "li",         "blockquote",
    "pre", "code", "a",    "img", "strong", "b",     "em",    "i",  "u",  "s",  "strike", "del",        "ins",
    "sub", "sup",  "span", "div", "table",  "thead", "tbody", "tr", "th", "td", "figure", "figcaption", "mark"};

const std::set<std::string, std::less<>> allowed_attributes = {
    "href",  "title",     "rel",        "target",        "src",   "alt",   "width",   "height",
    "class", "data-list", "spellcheck", "data-language", "start", "align", "colspan", "rowspan"};

const std::set<std::string, std::less<>> void_tags = {"br", "hr", "img"};

// An independent check of sanitiser output: every '<' opens a well-formed allowed tag with
// allowed, double-quoted attributes, URLs are safe, and tags balance. Empty when all is well.
// With text_is_clean (the payloads hold no such text), "javascript:" may not appear even as text.
std::string unsafe_reason(const std::string& html, bool text_is_clean = true) {
  static const std::regex tag_pattern(R"(<(/?)([a-z0-9]+)((?: [a-z-]+="[^"<>]*")*)>)");
  static const std::regex attribute_pattern(R"( ([a-z-]+)="([^"<>]*)\")");
  const std::string lower = lowercase(html);
  for (const std::string_view needle :
       {"<script", "javascript:", "vbscript:", "<svg",  "<iframe",   "<style",    "<object",
        "<embed",  "<math",       "<form",     "<body", "<template", "<noscript", "<textarea",
        "<select", "<title",      "<head",     "<base", "<link",     "<meta",     "<!--"}) {
    const bool is_tag = needle.starts_with('<');
    if ((is_tag || text_is_clean) && lower.find(needle) != std::string::npos) {
      return "contains " + std::string(needle);
    }
  }
  // Attribute values are quoted and escaped: look for handlers outside them.
  const std::string unquoted = std::regex_replace(lower, std::regex(R"(="[^"]*")"), "=\"\"");
  if (std::regex_search(unquoted, std::regex(R"(<[^>]*\son[a-z]+\s*=)"))) {
    return "has an event handler attribute";
  }
  if (html.find('>') != std::string::npos &&
      std::count(html.begin(), html.end(), '<') != std::count(html.begin(), html.end(), '>')) {
    return "has a stray < or >";
  }
  std::vector<std::string> open;
  for (std::size_t at = html.find('<'); at != std::string::npos; at = html.find('<', at + 1)) {
    std::smatch tag;
    if (!std::regex_search(html.cbegin() + static_cast<std::ptrdiff_t>(at), html.cend(), tag, tag_pattern,
                           std::regex_constants::match_continuous)) {
      return "malformed tag at " + html.substr(at, 40);
    }
    const bool closing = tag[1].length() > 0;
    const std::string name = tag[2];
    const std::string attributes = tag[3];
    if (!allowed_tags.contains(name)) {
      return "tag " + name;
    }
    if (closing) {
      if (!attributes.empty() || open.empty() || open.back() != name) {
        return "unbalanced </" + name + ">";
      }
      open.pop_back();
      continue;
    }
    if (!void_tags.contains(name)) {
      open.push_back(name);
    }
    for (auto it = std::sregex_iterator(attributes.begin(), attributes.end(), attribute_pattern);
         it != std::sregex_iterator(); ++it) {
      const std::string attribute = (*it)[1];
      const std::string value = squeezed(unescape_attribute((*it)[2].str()));
      if (!allowed_attributes.contains(attribute)) {
        return "attribute " + attribute;
      }
      if (attribute != "href" && attribute != "src") {
        continue;
      }
      for (const std::string_view scheme : {"javascript:", "vbscript:", "file:", "data:"}) {
        if (value.starts_with(scheme) &&
            !(attribute == "src" &&
              std::regex_search(value, std::regex(R"(^data:image/(png|jpeg|gif|webp);base64,[a-z0-9+/=]+$)")))) {
          return attribute + "=" + value;
        }
      }
    }
  }
  return open.empty() ? std::string() : "unclosed <" + open.back() + ">";
}

const std::vector<std::string> xss_payloads = {
    "<script>alert(1)</script>",
    "<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>",
    "<script/src=\"http://xss.example/a.js\">alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<IMG SRC=\"javascript:alert('XSS');\">",
    "<IMG SRC=JaVaScRiPt:alert('XSS')>",
    "<img src=`javascript:alert(1)`>",
    "<a href=\"javascript:alert(1)\">x</a>",
    "<a href=\"JAVASCRIPT:alert(1)\">x</a>",
    "<A HREF=\"  javascript:alert(1)\">x</A>",
    "<a href=\" &#14;  javascript:alert(1)\">x</a>",
    "<a href=\"&#1;javascript:alert(1)\">x</a>",
    std::string("<a href=\"\x01javascript:alert(1)\">x</a>"),
    "<a href=\"jav&#x09;ascript:alert(1)\">x</a>",
    "<a href=\"jav\tascript:alert(1)\">x</a>",
    "<a href=\"jav&#x0A;ascript:alert(1)\">x</a>",
    "<IMG SRC=\"jav&#x0D;ascript:alert('XSS');\">",
    "<a href=\"java&Tab;script:alert(1)\">x</a>",
    "<a href=\"&NewLine;javascript:alert(1)\">x</a>",
    "<a href=\"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)\">x</a>",
    "<a href=\"&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)\">x</a>",
    "<a href=\"&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112"
    "&#0000116&#0000058alert(1)\">x</a>",
    "<a href=\"&#x6a&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3a;alert(1)\">x</a>",
    "<a href=\"javascript&colon;alert(1)\">x</a>",
    "<a href=javas&#99;ript:alert(1)>x</a>",
    "<a href=\"&#x26;#x6A;avascript:alert(1)\">x</a>",
    "<a href=\"ja&#x00;vascript:alert(1)\">x</a>",
    "<a href=\"vbscript:msgbox(1)\">x</a>",
    "<a href=\"VBScript&#58;msgbox(1)\">x</a>",
    "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
    "<a href=\"  DATA:text/html,<script>alert(1)</script>\">x</a>",
    "<img src=\"data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+\">",
    "<img src=\"data:image/svg+xml,<svg onload=alert(1)>\">",
    "<img src=\"data:text/html,<script>alert(1)</script>\">",
    "<img src=\"data:image/png;base64,AAAA\" onload=\"alert(1)\">",
    "<img src=\"x:gif\" onerror=\"alert(1)\">",
    "<a href=\"file:///etc/passwd\">x</a>",
    "<svg onload=alert(1)>",
    "<svg/onload=alert(1)>text",
    "<svg><script>alert(1)</script></svg>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "<iframe src=\"javascript:alert(1)\"></iframe>",
    "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>",
    "<object data=\"javascript:alert(1)\"></object>",
    "<embed src=\"javascript:alert(1)\">",
    "<style>body{background:url(\"javascript:alert(1)\")}</style>",
    "<STYLE>@import'javascript:alert(1)';</STYLE>",
    "<body onload=alert(1)>",
    "<div style=\"background-image: url(javascript:alert(1))\">x</div>",
    "<p onclick=\"alert(1)\" ONMOUSEOVER=alert(1)>x</p>",
    "<details open ontoggle=alert(1)>x</details>",
    "<xss onafterscriptexecute=alert(1)><script>1</script>",
    "<scr<script>ipt>alert(1)</scr</script>ipt>",
    "<<script>script>alert(1)<</script>/script>",
    "<!--<script>alert(1)</script>-->",
    "<!--><script>alert(1)</script>-->",
    "<!-- --!><script>alert(1)</script>",
    "<![CDATA[<script>alert(1)</script>]]>",
    "<?xml version=\"1.0\"?><script>alert(1)</script>",
    "<!DOCTYPE html><script>alert(1)</script>",
    "<img src=\"x\" alt=\"a\" onerror=\"alert(1)\"",
    "<a href=\"http://ok.example\" onmouseover=\"alert(1)",
    "<img src=\"x\" alt=\"\\\"><script>alert(1)</script>\">",
    "<img src=x alt='\"onerror=alert(1)//'>",
    "<a title='\" onmouseover=alert(1) x=\"' href=\"/\">x</a>",
    "<img/src=x/onerror=alert(1)>",
    "<img src=x onerror\n=alert(1)>",
    "<scr\0ipt>alert(1)</scr\0ipt>"s,
    "<a href=\"java\0script:alert(1)\">x</a>"s,
    "<img src=x on\0error=alert(1)>"s,
    "<a href=\"javascript:alert(1)\" target=\"_blank\">x</a>",
    "<template><script>alert(1)</script></template>",
    "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>",
    "<form action=\"javascript:alert(1)\"><input type=submit></form>",
    "<textarea><script>alert(1)</script></textarea>",
    "<select><option><script>alert(1)</script></option></select>",
    "<title><script>alert(1)</script></title>",
    "<head><script>alert(1)</script></head><p>x</p>",
    "<base href=\"javascript:alert(1)//\">",
    "<link rel=\"stylesheet\" href=\"javascript:alert(1)\">",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
    "<table background=\"javascript:alert(1)\"><tr><td style=\"x\">a</td></tr></table>",
    "<a href=\"http://ok.example\" href=\"javascript:alert(1)\">first wins</a>",
    "<a href=\"javascript:alert(1)\" href=\"http://ok.example\">first wins</a>",
    "<div><a href=\"javascript\n:alert(1)\">x</a>",
    "<p class=\"ql-align-center\" style=\"x\" id=\"clobber\" name=\"forms\">x</p>",
    "<a href=\"&#x0001;javascript:alert(1)\">x</a>",
    "<a href=\"jav&amp;#x61;script:alert(1)\">x</a>",
    "<SCRIPT>alert(1)</SCRIPT >after",
    "<script>alert(1)</script\n>after",
    "<script>alert('</scr' + 'ipt>')</script>",
    "<plaintext><script>alert(1)</script>",
};

class RenderSanitizeXss : public ::testing::TestWithParam<std::string> {};

TEST_P(RenderSanitizeXss, OutputIsSafeWellFormedAndStable) {
  const std::string out = sanitize_html(GetParam());
  EXPECT_EQ(unsafe_reason(out), "") << "output: " << out;
  EXPECT_EQ(sanitize_html(out), out) << "sanitising twice changed it";
}

INSTANTIATE_TEST_SUITE_P(Payloads, RenderSanitizeXss, ::testing::ValuesIn(xss_payloads));

// Random soup of markup fragments (fixed seed): whatever comes in, safe and stable HTML goes out.
TEST(RenderSanitize, RandomMarkupSoupIsSafeAndStable) {
  const std::vector<std::string> pieces = {"<p>",
                                           "</p>",
                                           "<a href=\"",
                                           "javascript:alert(1)",
                                           "\">",
                                           "<img src=",
                                           "x onerror=alert(1)",
                                           "<script>",
                                           "</script>",
                                           "<svg>",
                                           "</svg>",
                                           "<style>",
                                           "</style>",
                                           "<table>",
                                           "<tr>",
                                           "<td>",
                                           "</table>",
                                           "<li>",
                                           "<ul>",
                                           "</ul>",
                                           "<!--",
                                           "-->",
                                           "<!",
                                           "<?",
                                           "<",
                                           ">",
                                           "/",
                                           "'",
                                           "\"",
                                           "=",
                                           "&",
                                           "&#",
                                           "&#x6A;",
                                           "&colon;",
                                           "&amp;",
                                           "&lt;",
                                           " ",
                                           "\n",
                                           "\t",
                                           "text",
                                           "Žluť",
                                           "\xFF",
                                           std::string(1, '\0'),
                                           "<textarea>",
                                           "</textarea>",
                                           "<b>",
                                           "</b>",
                                           "<i>",
                                           "</i>",
                                           "<div class=",
                                           "ql-align-center",
                                           "<noscript>",
                                           "</noscript>",
                                           "<title>",
                                           "<template>",
                                           "</template>",
                                           "<math>",
                                           "<pre>",
                                           "</pre>",
                                           "<h1>",
                                           "<h2>",
                                           "data:image/png;base64,AAAA",
                                           "data:text/html,x",
                                           " target=_blank",
                                           "<head>",
                                           "<body>",
                                           "<form>",
                                           "</form>",
                                           "<iframe>",
                                           "</iframe>",
                                           "<br/>",
                                           "<hr>",
                                           "<plaintext>"};
  std::mt19937 random(20250101);
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1);
  std::uniform_int_distribution<int> length(1, 40);
  for (int round = 0; round < 3000; ++round) {
    std::string input;
    for (int i = length(random); i > 0; --i) {
      input += pieces[pick(random)];
    }
    const std::string out = sanitize_html(input);
    ASSERT_EQ(unsafe_reason(out, false), "") << "input: " << input << "\noutput: " << out;
    ASSERT_EQ(sanitize_html(out), out) << "input: " << input;
  }
}

// The same for markdown: md4c's output passes the sanitiser's checks too.
TEST(RenderSanitize, RandomMarkdownSoupIsSafe) {
  const std::vector<std::string> pieces = {"[x](",
                                           "![a](",
                                           ")",
                                           "javascript:alert(1)",
                                           "JaVaScRiPt:x",
                                           "data:image/png;base64,AAAA",
                                           "data:text/html,x",
                                           "file:///etc",
                                           "https://ok.example",
                                           "<https://ok.example>",
                                           "www.ok.example",
                                           "a@b.example",
                                           "`",
                                           "```\n",
                                           "# ",
                                           "* ",
                                           "1. ",
                                           "> ",
                                           "| a | b |\n|---|---|\n",
                                           "\n\n",
                                           "\n",
                                           "&#106;",
                                           "&colon;",
                                           "<script>",
                                           "<b",
                                           ">",
                                           "<",
                                           "\"",
                                           "'",
                                           " ",
                                           "text",
                                           "~~",
                                           "**",
                                           "_",
                                           "<!-- ",
                                           " -->",
                                           "\\",
                                           "[ref]: javascript:alert(1)\n",
                                           "[ref]",
                                           "Žluť",
                                           "    code\n"};
  std::mt19937 random(424242);
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1);
  std::uniform_int_distribution<int> length(1, 30);
  for (int round = 0; round < 2000; ++round) {
    std::string input;
    for (int i = length(random); i > 0; --i) {
      input += pieces[pick(random)];
    }
    const std::string out = blog::render::render_post_html(input);
    ASSERT_EQ(unsafe_reason(out, false), "") << "input: " << input << "\noutput: " << out;
    ASSERT_EQ(sanitize_html(out), out) << "input: " << input;
  }
}

TEST(RenderSanitize, HasAtLeastThirtyPayloads) {
  EXPECT_GE(xss_payloads.size(), 30U);
}

TEST(RenderSanitize, DropsScriptLikeElementsWithTheirContent) {
  EXPECT_EQ(sanitize_html("<p>a<script>alert(1)</script>b</p>"), "<p>ab</p>");
  EXPECT_EQ(sanitize_html("a<style>p{}</style>b<iframe>c</iframe>d"), "abd");
  EXPECT_EQ(sanitize_html("a<svg><g><text>t</text></g></svg>b"), "ab");
  EXPECT_EQ(sanitize_html("a<svg/>b"), "ab");
  EXPECT_EQ(sanitize_html("a<template><template>x</template>y</template>b"), "ab");
  EXPECT_EQ(sanitize_html("a<form><p>f</p></form>b"), "ab");
  EXPECT_EQ(sanitize_html("a<embed src=x>b"), "ab");
  EXPECT_EQ(sanitize_html("<html><head><title>T</title></head><body><p>x</p></body></html>"), "<p>x</p>");
  EXPECT_EQ(sanitize_html("<head><meta charset=utf-8><body><p>x</p>"), "<p>x</p>");
}

TEST(RenderSanitize, UnknownTagsGoButTheirTextStays) {
  EXPECT_EQ(sanitize_html("<custom-el a=1>hi <b>there</b></custom-el>"), "hi <b>there</b>");
  EXPECT_EQ(sanitize_html("<font color=red>red</font>"), "red");
  EXPECT_EQ(sanitize_html("<scr<script>ipt>alert(1)</script>"), "ipt&gt;alert(1)");
}

TEST(RenderSanitize, RemovesCommentsDoctypesAndProcessingInstructions) {
  EXPECT_EQ(sanitize_html("<!DOCTYPE html>a<!-- c -->b<?php echo 1 ?>c<!---->d<!-->e"), "abcde");
  EXPECT_EQ(sanitize_html("a<!-- never closed <p>x</p>"), "a");
}

TEST(RenderSanitize, ClosesAndBalancesTags) {
  EXPECT_EQ(sanitize_html("<div><p>x"), "<div><p>x</p></div>");
  EXPECT_EQ(sanitize_html("<b>bold <i>both</b> rest"), "<b>bold <i>both</i></b> rest");
  EXPECT_EQ(sanitize_html("</div>x</p></br>"), "x");
  EXPECT_EQ(sanitize_html("<p>one<p>two"), "<p>one</p><p>two</p>");
  EXPECT_EQ(sanitize_html("<p>text<div>block</div>"), "<p>text</p><div>block</div>");
  EXPECT_EQ(sanitize_html("<ul><li>a<li>b</ul>"), "<ul><li>a</li><li>b</li></ul>");
  EXPECT_EQ(sanitize_html("<ul><li>a<ul><li>b</ul><li>c</ul>"), "<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>");
  EXPECT_EQ(sanitize_html("<table><tr><td>1<td>2<tr><td>3</table>"),
            "<table><tr><td>1</td><td>2</td></tr><tr><td>3</td></tr></table>");
  EXPECT_EQ(sanitize_html("<tr><td>x</td></tr>"), "x");
  EXPECT_EQ(sanitize_html("<a href=\"/a\">one<a href=\"/b\">two</a>"), "<a href=\"/a\">one</a><a href=\"/b\">two</a>");
  EXPECT_EQ(sanitize_html("<h1>a<h2>b</h2>"), "<h1>a</h1><h2>b</h2>");
  EXPECT_EQ(sanitize_html("<table><tr><td><b>x</td></tr></table>"), "<table><tr><td><b>x</b></td></tr></table>");
  EXPECT_EQ(sanitize_html("<img src=\"/a.png\"></img><br/><hr>"), "<img src=\"/a.png\"><br><hr>");
}

TEST(RenderSanitize, FlattensHostileNesting) {
  std::string deep;
  for (int i = 0; i < 2000; ++i) {
    deep += "<div>";
  }
  deep += "x";
  const std::string out = sanitize_html(deep);
  EXPECT_EQ(unsafe_reason(out), "");
  EXPECT_LE(std::count(out.begin(), out.end(), '<'), 2 * 256);

  std::string many;
  for (int i = 0; i < 50000; ++i) {
    many += "<b></i>";
  }
  EXPECT_EQ(unsafe_reason(sanitize_html(many)), "");
}

// Each of these would take minutes if some scan were quadratic.
TEST(RenderSanitize, StaysLinearOnPathologicalInput) {
  const auto repeat = [](std::string_view piece, std::size_t times) {
    std::string out;
    out.reserve(piece.size() * times);
    for (std::size_t i = 0; i < times; ++i) {
      out += piece;
    }
    return out;
  };
  for (const std::string& input :
       {repeat("<!--x-->", 100000), repeat("<a ", 100000), repeat("<", 200000), repeat("</", 200000),
        "<script>" + repeat("</scrip", 100000), repeat("<p><b><i><a href=\"/x\">", 50000), repeat("&#x", 100000),
        repeat("&amp", 100000), "<a title=\"" + repeat("x", 500000), repeat("<!--", 100000)}) {
    EXPECT_EQ(unsafe_reason(sanitize_html(input.substr(0, 20000))), "");
    const std::string out = sanitize_html(input);
    EXPECT_LE(out.size(), input.size() * 6);
  }
}

TEST(RenderSanitize, EscapesTextAndAttributes) {
  EXPECT_EQ(sanitize_html("a &amp; b &lt; c &gt; d \"q\" 'a'"), "a &amp; b &lt; c &gt; d \"q\" 'a'");
  EXPECT_EQ(sanitize_html("1 < 2 && 3 > 2"), "1 &lt; 2 &amp;&amp; 3 &gt; 2");
  EXPECT_EQ(sanitize_html("<a href='/x?a=1&b=2' title='say \"hi\" <now>'>x</a>"),
            "<a href=\"/x?a=1&amp;b=2\" title=\"say &quot;hi&quot; &lt;now&gt;\">x</a>");
  EXPECT_EQ(sanitize_html("<a href=\"/?x=1&copy=2\">x</a>"), "<a href=\"/?x=1&amp;copy=2\">x</a>");
  EXPECT_EQ(sanitize_html("&copy; &eacute;&scaron; &#x1F680; &#128; &bogus; &"),
            "\u00A9 \u00E9\u0161 \U0001F680 \u20AC &amp;bogus; &amp;");
}

TEST(RenderSanitize, RepairsEncoding) {
  EXPECT_EQ(sanitize_html("a\xFF"
                          "b\xC3"),
            "a\uFFFD"
            "b\uFFFD");
  EXPECT_EQ(sanitize_html("a\0b\x01"
                          "c\r\nd"s),
            "abc\nd");
  EXPECT_EQ(sanitize_html("\xE2\x80\xA6 \xC5\xBE"), "\u2026 \u017E");
}

TEST(RenderSanitize, DropsWhatNoPageMayCarryFromTextAttributesAndReferences) {
  // DEL, C1 and U+FFFF as characters go; as references they become U+FFFD (C1 references mean
  // their Windows-1252 characters, as in a browser).
  EXPECT_EQ(sanitize_html("<p><a href=\"/x\" title=\"t\x7F\xC2\x85\">a\x0B\x7F\xC2\x80\xC2\x9F\xEF\xBF\xBE"
                          "b&#x7f;&#xFFFF;&#128;</a></p>"),
            "<p><a href=\"/x\" title=\"t\">ab\uFFFD\uFFFD\u20AC</a></p>");
}

TEST(RenderSanitize, LinksKeepOnlyAllowedProtocols) {
  for (const std::string url :
       {"http://example.com/", "https://example.com/a?b=c#d", "irc://irc.libera.chat/blog",
        "ircs://irc.libera.chat/blog", "mailto:editor@example.com", "xmpp:editor@example.com", "/posts/platebni-karty",
        "../relative", "relative/path", "?page=2", "#section-2", "//cdn.example.com/x", "HTTPS://EXAMPLE.COM/"}) {
    EXPECT_EQ(sanitize_html("<a href=\"" + url + "\">x</a>"), "<a href=\"" + url + "\">x</a>") << url;
  }
  for (const std::string url :
       {"javascript:alert(1)", "data:text/plain,x", "file:///etc/passwd", "ftp://example.com/", "tel:+420123",
        "vbscript:x", "java script:x", ":nothing", "blob:https://example.com/1"}) {
    EXPECT_EQ(sanitize_html("<a href=\"" + url + "\">x</a>"), "<a>x</a>") << url;
  }
  EXPECT_EQ(sanitize_html("<a href=\"  https://example.com/ \n\">x</a>"), "<a href=\"https://example.com/\">x</a>");
}

TEST(RenderSanitize, ImagesKeepOnlyAllowedSources) {
  const std::string png =
      "data:image/"
      "png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
  for (const std::string& src :
       {std::string("https://cdn.example.com/a.png"), std::string("http://example.com/a.gif"),
        std::string("/uploads/cover.jpg"), png, std::string("data:image/jpeg;base64,/9j/4AAQ"),
        std::string("data:image/gif;base64,R0lGODlh"), std::string("data:image/webp;base64,UklGR")}) {
    EXPECT_EQ(sanitize_html("<img src=\"" + src + "\">"), "<img src=\"" + src + "\">") << src;
  }
  for (const std::string src :
       {"javascript:alert(1)", "data:image/svg+xml;base64,PHN2Zz4=", "data:image/png,rawbytes",
        "data:image/png;base64,<x>", "data:text/html;base64,PHA+", "irc://x/y.png", "mailto:a@b", ""}) {
    EXPECT_EQ(sanitize_html("<img src=\"" + src + "\" alt=\"cover\">"), "cover") << src;
  }
  EXPECT_EQ(sanitize_html("<img alt=\"no source\">"), "no source");
  EXPECT_EQ(sanitize_html("<img src=\"/a.png\" width=\"640\" height=\" 50% \" border=1>"),
            "<img src=\"/a.png\" width=\"640\" height=\"50%\">");
  EXPECT_EQ(sanitize_html("<img src=\"/a.png\" width=\"100px;x\" height=\"expression(1)\">"), "<img src=\"/a.png\">");
}

TEST(RenderSanitize, TargetForcesSafeRel) {
  EXPECT_EQ(sanitize_html("<a href=\"https://x.example\" target=\"_blank\" rel=\"opener\">x</a>"),
            "<a href=\"https://x.example\" target=\"_blank\" rel=\"noopener noreferrer nofollow\">x</a>");
  EXPECT_EQ(sanitize_html("<a href=\"/x\" target=\"evil-frame\" rel=\"Nofollow UGC\">x</a>"),
            "<a href=\"/x\" rel=\"nofollow ugc\">x</a>");
}

TEST(RenderSanitize, KeepsOnlyQuillClasses) {
  EXPECT_EQ(sanitize_html("<p class=\"ql-align-center evil ql-indent-9 ql-indent-8 ql-align-center\">x</p>"),
            "<p class=\"ql-align-center ql-indent-8\">x</p>");
  EXPECT_EQ(sanitize_html("<span class=\"ql-size-large ql-font-monospace ql-direction-rtl\">x</span>"),
            "<span class=\"ql-size-large ql-font-monospace ql-direction-rtl\">x</span>");
  EXPECT_EQ(sanitize_html("<p class=\"ql-align-left ql-size-&quot;x ql-size-\">x</p>"), "<p>x</p>");
  EXPECT_EQ(sanitize_html("<code class=\"language-cpp\">x</code><p class=\"language-cpp\">y</p>"),
            "<code class=\"language-cpp\">x</code><p>y</p>");
}

// Content the editor writes must come back exactly as it went in.
const std::vector<std::string> allowed_content = {
    "<h1>Title</h1><h2>Key Points</h2><h3>Third</h3><h4>4</h4><h5>5</h5><h6>6</h6>",
    "<p>Text with <strong>bold</strong>, <b>b</b>, <em>em</em>, <i>i</i>, <u>u</u>, <s>s</s>, "
    "<strike>strike</strike>, <del>del</del>, <ins>ins</ins>, <sub>2</sub>, <sup>3</sup>, "
    "<mark>mark</mark> and <code>code</code>.</p>",
    "<ol><li data-list=\"bullet\">one</li><li data-list=\"ordered\" class=\"ql-indent-1\">two</li>"
    "<li data-list=\"checked\">three</li></ol>",
    "<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul><ol start=\"3\"><li>x</li></ol>",
    "<blockquote>A quote with <a href=\"https://example.com/source\" title=\"Source\">a link</a>.</blockquote>",
    "<pre class=\"ql-syntax\" spellcheck=\"false\">int x = 1 &lt; 2 &amp;&amp; y;\n  return x;\n</pre>",
    "<pre><code class=\"language-js\">const a = \"b\";\n</code></pre>",
    "<div class=\"ql-code-block-container\" spellcheck=\"false\"><div class=\"ql-code-block\" "
    "data-language=\"plain\">code</div></div>",
    "<p class=\"ql-align-center\">centred</p><p class=\"ql-align-right ql-direction-rtl\">r</p>"
    "<p class=\"ql-align-justify\">j</p>",
    "<p><img "
    "src=\"data:image/"
    "png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==\"></"
    "p>",
    "<p><img src=\"https://cdn.example.com/a.png\" alt=\"A chart\" title=\"Chart\" width=\"640\" height=\"480\"></p>",
    "<p><a href=\"http://a.example\">http</a> <a href=\"mailto:a@b.example\">mail</a> "
    "<a href=\"irc://irc.example/chan\">irc</a> <a href=\"ircs://irc.example/chan\">ircs</a> "
    "<a href=\"xmpp:a@b.example\">xmpp</a> <a href=\"/post/x\">relative</a> <a href=\"#top\">top</a></p>",
    "<table><thead><tr><th align=\"left\">Fee</th><th colspan=\"2\">Value</th></tr></thead>"
    "<tbody><tr><td>Card</td><td rowspan=\"1\">1.5 %</td></tr></tbody></table>",
    "<figure><img src=\"/uploads/a.webp\" alt=\"\"><figcaption>Caption</figcaption></figure>",
    "<p>Line<br>break</p><hr><p><span class=\"ql-size-huge\">big</span></p><p><br></p>",
    "<p>Žluťoučký kůň úpěl ďábelské ódy — \u201Cquotes\u201D, 100\u00A0Kč, emoji \U0001F680.</p>",
    "<h2>Benefits</h2><ul><li><strong>Speed:</strong> instant</li></ul><h2>Conclusion</h2><p>End.</p>",
};

class RenderSanitizeAllowed : public ::testing::TestWithParam<std::string> {};

TEST_P(RenderSanitizeAllowed, RoundTripsUnchanged) {
  const std::string out = sanitize_html(GetParam());
  EXPECT_EQ(out, GetParam());
  EXPECT_EQ(unsafe_reason(out), "");
}

INSTANTIATE_TEST_SUITE_P(Content, RenderSanitizeAllowed, ::testing::ValuesIn(allowed_content));

TEST(RenderSanitize, NormalisesEquivalentMarkup) {
  EXPECT_EQ(sanitize_html("<P CLASS=ql-align-center>x</P>"), "<p class=\"ql-align-center\">x</p>");
  EXPECT_EQ(sanitize_html("<a\nhref='/x'\ttitle=t>x</a >"), "<a href=\"/x\" title=\"t\">x</a>");
  EXPECT_EQ(sanitize_html("<p>a&nbsp;b</p>"), "<p>a\u00A0b</p>");
  EXPECT_EQ(sanitize_html(""), "");
  EXPECT_EQ(sanitize_html("plain text"), "plain text");
}

TEST(RenderHtmlEscape, EscapesTheFiveCharacters) {
  EXPECT_EQ(html_escape("<a href=\"x\">Tom & 'Jerry'</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;");
  EXPECT_EQ(html_escape(""), "");
  EXPECT_EQ(html_escape("Žluťoučký"), "Žluťoučký");
}

}  // namespace
