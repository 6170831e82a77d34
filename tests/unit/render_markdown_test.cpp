// Unit tests of post content rendering: HTML detection, markdown through md4c, link rules.
#include <blog/domain/render/post_content.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

using blog::render::content_is_html;
using blog::render::render_post_html;

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

TEST(RenderContentIsHtml, FindsTagsTheWayTheSpecDoes) {
  EXPECT_TRUE(content_is_html("<p>Hello</p>"));
  EXPECT_TRUE(content_is_html("Intro <b>bold</b> text"));
  EXPECT_TRUE(content_is_html("line<br/>"));
  EXPECT_TRUE(content_is_html("x <br> y"));
  EXPECT_TRUE(content_is_html("text </div>"));
  EXPECT_TRUE(content_is_html("<img\nsrc=x>"));
  EXPECT_TRUE(content_is_html("<custom-element>x"));
  EXPECT_FALSE(content_is_html("# Heading\n\nJust *markdown*."));
  EXPECT_FALSE(content_is_html("a < b and c > d"));
  EXPECT_FALSE(content_is_html("1<2 but 3>2"));
  EXPECT_FALSE(content_is_html("See <https://example.com> or <editor@example.com>."));
  EXPECT_FALSE(content_is_html("an unclosed <b"));
  EXPECT_FALSE(content_is_html("<!-- only a comment -->"));
  EXPECT_FALSE(content_is_html(""));
}

TEST(RenderMarkdown, HeadingsEmphasisAndParagraphs) {
  const std::string html = render_post_html("# Title\n\n## Key Points\n\nSome *em*, **strong** and ~~gone~~ text.\n");
  EXPECT_TRUE(contains(html, "<h1>Title</h1>")) << html;
  EXPECT_TRUE(contains(html, "<h2>Key Points</h2>")) << html;
  EXPECT_TRUE(contains(html, "<p>Some <em>em</em>, <strong>strong</strong> and <del>gone</del> text.</p>")) << html;
}

TEST(RenderMarkdown, Lists) {
  const std::string html = render_post_html("- one\n- two\n\n3. three\n4. four\n");
  EXPECT_TRUE(contains(html, "<ul>\n<li>one</li>\n<li>two</li>\n</ul>")) << html;
  EXPECT_TRUE(contains(html, "<ol start=\"3\">\n<li>three</li>\n<li>four</li>\n</ol>")) << html;
}

TEST(RenderMarkdown, CodeSpansAndBlocksAreEscaped) {
  const std::string html = render_post_html("Use `a < b` here.\n\n```cpp\nif (a < b && c) {}\n```\n");
  EXPECT_TRUE(contains(html, "<code>a &lt; b</code>")) << html;
  EXPECT_TRUE(contains(html, "<pre><code class=\"language-cpp\">if (a &lt; b &amp;&amp; c) {}\n</code></pre>")) << html;
}

TEST(RenderMarkdown, Tables) {
  const std::string html = render_post_html("| Method | Fee |\n|:--|--:|\n| Card | 1.5 % |\n");
  EXPECT_TRUE(contains(html, "<table>")) << html;
  EXPECT_TRUE(contains(html, "<th align=\"left\">Method</th>")) << html;
  EXPECT_TRUE(contains(html, "<td align=\"right\">1.5 %</td>")) << html;
  EXPECT_TRUE(contains(html, "</tbody>\n</table>")) << html;
}

TEST(RenderMarkdown, Autolinks) {
  const std::string html = render_post_html("Visit https://example.com, www.example.org or mail editor@example.com.");
  EXPECT_TRUE(contains(html, "<a href=\"https://example.com\">https://example.com</a>")) << html;
  EXPECT_TRUE(contains(html, "<a href=\"http://www.example.org\">www.example.org</a>")) << html;
  EXPECT_TRUE(contains(html, "<a href=\"mailto:editor@example.com\">editor@example.com</a>")) << html;
}

TEST(RenderMarkdown, LinksKeepOnlyTheSpecsProtocols) {
  for (const std::string url :
       {"http://example.com/a", "https://example.com/a?b=c", "irc://irc.example/chan", "ircs://irc.example/chan",
        "mailto:editor@example.com", "xmpp:editor@example.com", "/post/other-post", "other-post", "#section"}) {
    const std::string html = render_post_html("[text](" + url + ")");
    EXPECT_EQ(html, "<p><a href=\"" + url + "\">text</a></p>\n") << url;
  }
  for (const std::string url : {"javascript:alert(1)", "JavaScript:alert(1)", "data:text/html;base64,PHA+",
                                "file:///etc/passwd", "vbscript:msgbox(1)", "ftp://example.com/",
                                "javascript&#58;alert(1)", "<javascript:alert(1)>", "java%0ascript:alert(1)"}) {
    const std::string html = render_post_html("[text](" + url + ")");
    EXPECT_FALSE(contains(html, "href")) << url << " -> " << html;
    EXPECT_TRUE(contains(html, "text</a>")) << url << " -> " << html;
  }
  EXPECT_EQ(render_post_html("[t](https://x.example \"Title\")"),
            "<p><a href=\"https://x.example\" title=\"Title\">t</a></p>\n");
}

TEST(RenderMarkdown, ImagesKeepOnlyWebSources) {
  EXPECT_EQ(render_post_html("![A chart](https://cdn.example.com/a.png)"),
            "<p><img src=\"https://cdn.example.com/a.png\" alt=\"A chart\"></p>\n");
  EXPECT_EQ(render_post_html("![cover](/uploads/a.jpg)"), "<p><img src=\"/uploads/a.jpg\" alt=\"cover\"></p>\n");
  for (const std::string url : {"javascript:alert(1)", "data:image/png;base64,iVBORw0KGgo=",
                                "data:image/svg+xml;base64,PHN2Zz4=", "file:///a.png"}) {
    EXPECT_EQ(render_post_html("![alt text](" + url + ")"), "<p>alt text</p>\n") << url;
  }
}

TEST(RenderMarkdown, RawHtmlIsNeutralised) {
  // A tag makes the content HTML, which the sanitiser then cleans.
  const std::string tagged = render_post_html("# Title\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>");
  EXPECT_FALSE(contains(tagged, "<script")) << tagged;
  EXPECT_FALSE(contains(tagged, "alert(1)")) << tagged;
  EXPECT_FALSE(contains(tagged, "onerror")) << tagged;

  // What markdown still holds of HTML is shown as text, never passed through.
  EXPECT_EQ(render_post_html("Hi <!-- a comment --> there"), "<p>Hi &lt;!-- a comment --&gt; there</p>\n");
  EXPECT_EQ(render_post_html("a <?php echo 1 ?> b"), "<p>a &lt;?php echo 1 ?&gt; b</p>\n");
  const std::string open = render_post_html("text <script\nalert(1)");
  EXPECT_FALSE(contains(open, "<script")) << open;
  EXPECT_TRUE(contains(open, "&lt;script")) << open;
}

TEST(RenderMarkdown, EntitiesAndUnicode) {
  EXPECT_EQ(render_post_html("&copy; 2025 Platební karty \u2014 \u017Eluťoučký kůň &amp; spol."),
            "<p>\u00A9 2025 Platební karty \u2014 \u017Eluťoučký kůň &amp; spol.</p>\n");
  EXPECT_EQ(render_post_html(""), "");
}

TEST(RenderPostHtml, HtmlContentIsSanitisedNotMarkdown) {
  EXPECT_EQ(render_post_html("<p>Hello *not emphasis*</p><script>alert(1)</script>"), "<p>Hello *not emphasis*</p>");
  EXPECT_EQ(render_post_html("<p><img src=\"data:image/png;base64,iVBORw0KGgo=\"></p>"),
            "<p><img src=\"data:image/png;base64,iVBORw0KGgo=\"></p>");
  EXPECT_EQ(render_post_html("<h2 class=\"ql-align-center\">Benefits</h2><ol><li data-list=\"bullet\">Fast</li></ol>"),
            "<h2 class=\"ql-align-center\">Benefits</h2><ol><li data-list=\"bullet\">Fast</li></ol>");
}

}  // namespace
