// Ghost's Lexical and Mobiledoc documents rendered to HTML, node by node and card by card.
#include "blog/import/ghost.hpp"
#include "blog/import/ghost_documents.hpp"

#include "blog/domain/render/post_content.hpp"

#include <gtest/gtest.h>
#include <boost/json.hpp>

#include <string>
#include <vector>

using namespace blog::import;
namespace json = boost::json;

namespace {

// A Lexical document whose root holds `children` (a JSON array), rendered.
ghost_document lexical_document(std::string_view children) {
  return lexical_to_html(
      json::parse(R"({"root":{"type":"root","version":1,"children":)" + std::string(children) + "}}"));
}

std::string lexical(std::string_view children) {
  return lexical_document(children).html;
}

std::string mobiledoc(std::string_view document) {
  return mobiledoc_to_html(json::parse(document)).html;
}

// A Mobiledoc document of `sections` with these markups, atoms and cards, rendered.
ghost_document mobiledoc_document(std::string_view markups, std::string_view atoms, std::string_view cards,
                                  std::string_view sections) {
  return mobiledoc_to_html(json::parse(R"({"version":"0.3.1","markups":)" + std::string(markups) + R"(,"atoms":)" +
                                       std::string(atoms) + R"(,"cards":)" + std::string(cards) + R"(,"sections":)" +
                                       std::string(sections) + "}"));
}

std::string mobiledoc(std::string_view markups, std::string_view atoms, std::string_view cards,
                      std::string_view sections) {
  return mobiledoc_document(markups, atoms, cards, sections).html;
}

// A Ghost 5 export of `posts`, as a file holds it.
std::string export_of(json::array posts) {
  json::object data{{"posts", std::move(posts)}};
  json::object site{{"meta", json::object{{"version", "5.80.0"}}}, {"data", std::move(data)}};
  return json::serialize(json::object{{"db", json::array{std::move(site)}}});
}

// A published post of that export whose body is `document` of `format` (a string, as Ghost keeps it).
json::object post_with(std::string_view id, std::string_view format, std::string_view document) {
  return {{"id", id},
          {"uuid", "u" + std::string(id)},
          {"slug", "p" + std::string(id)},
          {"title", "T"},
          {"html", nullptr},
          {"status", "published"},
          {format, document}};
}

}  // namespace

// ---- Lexical ---------------------------------------------------------------------------------

TEST(GhostLexical, ParagraphsHeadingsQuotesAndAsidesKeepTheirElements) {
  EXPECT_EQ(
      lexical(R"([
      {"type":"paragraph","children":[{"type":"text","text":"Cards are older than wallets.","format":0}]},
      {"type":"heading","tag":"h2","children":[{"type":"text","text":"Fees"}]},
      {"type":"extended-heading","tag":"h3","children":[{"type":"extended-text","text":"Interchange"}]},
      {"type":"quote","children":[{"type":"text","text":"Cash is king."}]},
      {"type":"extended-quote","children":[{"type":"extended-text","text":"So they said."}]},
      {"type":"aside","children":[{"type":"text","text":"An aside."}]},
      {"type":"heading","tag":"h7","children":[{"type":"text","text":"No such heading"}]}])"),
      "<p>Cards are older than wallets.</p><h2>Fees</h2><h3>Interchange</h3><blockquote>Cash is king.</blockquote>"
      "<blockquote>So they said.</blockquote><blockquote>An aside.</blockquote><p>No such heading</p>");
}

TEST(GhostLexical, TheEmptyParagraphKoenigKeepsAtTheEndIsLeftOutButOthersStay) {
  EXPECT_EQ(lexical(R"([
      {"type":"paragraph","children":[{"type":"text","text":"One"}]},
      {"type":"paragraph","children":[]},
      {"type":"paragraph","children":[{"type":"text","text":"Two"}]},
      {"type":"paragraph","children":[]}])"),
            "<p>One</p><p></p><p>Two</p>");
  EXPECT_EQ(lexical(R"([{"type":"paragraph","children":[]}])"), "");
}

TEST(GhostLexical, EachFormatBitHasItsElement) {
  EXPECT_EQ(
      lexical(R"([{"type":"paragraph","children":[
      {"type":"text","text":"b","format":1},{"type":"text","text":" "},
      {"type":"text","text":"i","format":2},{"type":"text","text":" "},
      {"type":"text","text":"s","format":4},{"type":"text","text":" "},
      {"type":"text","text":"u","format":8},{"type":"text","text":" "},
      {"type":"text","text":"c","format":16},{"type":"text","text":" "},
      {"type":"text","text":"2","format":32},{"type":"text","text":" "},
      {"type":"text","text":"3","format":64},{"type":"text","text":" "},
      {"type":"text","text":"h","format":128},{"type":"text","text":" "},
      {"type":"text","text":"all","format":255},{"type":"text","text":" "},
      {"type":"text","text":"past the bits","format":257}]}])"),
      "<p><strong>b</strong> <em>i</em> <s>s</s> <u>u</u> <code>c</code> <sub>2</sub> <sup>3</sup> <mark>h</mark> "
      "<strong><em><s><u><code><sub><sup><mark>all</mark></sup></sub></code></u></s></em></strong> "
      "<strong>past the bits</strong></p>");
}

TEST(GhostLexical, FormatsNestAcrossTextNodesTheLongestOutermost) {
  // "a **b *c* d** e": one <strong> around the italic.
  EXPECT_EQ(lexical(R"([{"type":"paragraph","children":[
      {"type":"text","text":"a "},{"type":"text","text":"b ","format":1},{"type":"text","text":"c","format":3},
      {"type":"text","text":" d","format":1},{"type":"text","text":" e"}]}])"),
            "<p>a <strong>b <em>c</em> d</strong> e</p>");
  // Bold and italic start together; the italic goes on longer, so it is the outer one.
  EXPECT_EQ(lexical(R"([{"type":"paragraph","children":[
      {"type":"text","text":"x","format":3},{"type":"text","text":"y","format":2}]}])"),
            "<p><em><strong>x</strong>y</em></p>");
  // Italic inside bold, then bold stops first: the italic is closed and opened again.
  EXPECT_EQ(lexical(R"([{"type":"paragraph","children":[
      {"type":"text","text":"x","format":1},{"type":"text","text":"y","format":3},{"type":"text","text":"z","format":2}]}])"),
            "<p><strong>x<em>y</em></strong><em>z</em></p>");
}

TEST(GhostLexical, LineBreaksStayInsideAFormatTabsAreTextAndLinksCloseFormats) {
  EXPECT_EQ(lexical(R"([{"type":"paragraph","children":[
      {"type":"text","text":"a","format":1},{"type":"linebreak"},{"type":"text","text":"b","format":1},
      {"type":"linebreak"},{"type":"text","text":"c"},{"type":"tab"},{"type":"text","text":"d"}]}])"),
            "<p><strong>a<br>b</strong><br>c\td</p>");
  EXPECT_EQ(lexical(R"([{"type":"paragraph","children":[
      {"type":"text","text":"a","format":1},
      {"type":"link","url":"https://pay.example/","children":[{"type":"text","text":"b","format":1}]},
      {"type":"text","text":"c","format":1}]}])"),
            "<p><strong>a</strong><a href=\"https://pay.example/\"><strong>b</strong></a><strong>c</strong></p>");
}

TEST(GhostLexical, ListsBulletNumberAndCheckWithNestedLists) {
  EXPECT_EQ(lexical(R"([{"type":"list","listType":"bullet","tag":"ul","start":1,"children":[
      {"type":"listitem","value":1,"children":[{"type":"text","text":"Cards"}]},
      {"type":"listitem","value":2,"children":[
        {"type":"list","listType":"number","tag":"ol","start":1,"children":[
          {"type":"listitem","value":1,"children":[{"type":"text","text":"Debit"}]},
          {"type":"listitem","value":2,"children":[{"type":"text","text":"Credit"}]}]}]},
      {"type":"listitem","value":2,"children":[{"type":"text","text":"Wallets"}]}]}])"),
            "<ul><li>Cards<ol><li>Debit</li><li>Credit</li></ol></li><li>Wallets</li></ul>");
  EXPECT_EQ(lexical(R"([{"type":"list","listType":"number","tag":"ol","start":3,"children":[
      {"type":"listitem","children":[{"type":"text","text":"Third"}]}]}])"),
            "<ol start=\"3\"><li>Third</li></ol>");
  EXPECT_EQ(lexical(R"([{"type":"list","listType":"check","tag":"ul","children":[
      {"type":"listitem","checked":true,"children":[{"type":"text","text":"KYC"}]},
      {"type":"listitem","checked":false,"children":[{"type":"text","text":"AML"}]}]}])"),
            "<ul><li>\u2611 KYC</li><li>\u2610 AML</li></ul>");
  // Without a listType the tag says which; a nested list with no item before it gets one.
  EXPECT_EQ(lexical(R"([{"type":"list","tag":"ol","children":[
      {"type":"listitem","children":[{"type":"list","tag":"ul","children":[
        {"type":"listitem","children":[{"type":"text","text":"Deep"}]}]}]}]}])"),
            "<ol><li><ul><li>Deep</li></ul></li></ol>");
}

TEST(GhostLexical, TextIsEscapedAndAttributesToo) {
  EXPECT_EQ(lexical(R"([{"type":"paragraph","children":[
      {"type":"text","text":"<script>alert(1)</script> & \"quotes\""},
      {"type":"link","url":"https://pay.example/?q=\"a\"&b=<c>","children":[{"type":"text","text":"q"}]}]}])"),
            "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; \"quotes\""
            "<a href=\"https://pay.example/?q=&quot;a&quot;&amp;b=&lt;c&gt;\">q</a></p>");
}

TEST(GhostLexical, LinksKeepOnlyWebMailAndRelativeAddresses) {
  const auto link = [](std::string_view url) {
    return lexical(R"([{"type":"paragraph","children":[{"type":"link","url":)" + json::serialize(json::string(url)) +
                   R"(,"children":[{"type":"text","text":"t"}]}]}])");
  };
  EXPECT_EQ(link("https://pay.example/a"), "<p><a href=\"https://pay.example/a\">t</a></p>");
  EXPECT_EQ(link("HTTP://pay.example/"), "<p><a href=\"HTTP://pay.example/\">t</a></p>");
  EXPECT_EQ(link("mailto:desk@pay.example"), "<p><a href=\"mailto:desk@pay.example\">t</a></p>");
  EXPECT_EQ(link("/fees/"), "<p><a href=\"/fees/\">t</a></p>");
  EXPECT_EQ(link("__GHOST_URL__/fees/"), "<p><a href=\"__GHOST_URL__/fees/\">t</a></p>");
  EXPECT_EQ(link("#top"), "<p><a href=\"#top\">t</a></p>");
  for (std::string_view refused :
       {"javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
        "\x01javascript:alert(1)", "vbscript:x", "data:text/html,x", "ftp://pay.example/", "", "   "})
    EXPECT_EQ(link(refused), "<p>t</p>") << refused;
  EXPECT_EQ(lexical(R"([{"type":"paragraph","children":[{"type":"autolink","url":"https://pay.example/",
      "children":[{"type":"text","text":"https://pay.example/"}]}]}])"),
            "<p><a href=\"https://pay.example/\">https://pay.example/</a></p>");
  // A link inside a link gives its text only.
  EXPECT_EQ(lexical(R"([{"type":"paragraph","children":[{"type":"link","url":"/a","children":[
      {"type":"text","text":"a"},{"type":"link","url":"/b","children":[{"type":"text","text":"b"}]}]}]}])"),
            "<p><a href=\"/a\">ab</a></p>");
}

TEST(GhostLexical, MarkdownIsRenderedAndHtmlKeptAsItIs) {
  EXPECT_EQ(lexical(R"([{"type":"markdown","markdown":"Fees *fall*."},
                       {"type":"html","html":"<div class=\"kg-x\">Raw <b>HTML</b></div>"}])"),
            blog::render::render_post_html("Fees *fall*.") + "<div class=\"kg-x\">Raw <b>HTML</b></div>");
  EXPECT_NE(lexical(R"([{"type":"markdown","markdown":"Fees *fall*."}])").find("<em>fall</em>"), std::string::npos);
}

TEST(GhostLexical, ImageRuleAndCodeCards) {
  EXPECT_EQ(
      lexical(R"([{"type":"image","version":1,"src":"__GHOST_URL__/content/images/2024/03/pos.jpg",
      "width":1200,"height":800,"title":"A terminal","alt":"A \"smart\" POS","caption":"Photo by <a href=\"https://unsplash.com/@x\">X</a>",
      "cardWidth":"wide","href":""}])"),
      "<figure><img src=\"__GHOST_URL__/content/images/2024/03/pos.jpg\" alt=\"A &quot;smart&quot; POS\" "
      "title=\"A terminal\"><figcaption>Photo by <a href=\"https://unsplash.com/@x\">X</a></figcaption></figure>");
  EXPECT_EQ(lexical(R"([{"type":"image","src":"/i.png","href":"https://pay.example/"}])"),
            "<figure><a href=\"https://pay.example/\"><img src=\"/i.png\" alt=\"\"></a></figure>");
  EXPECT_EQ(lexical(R"([{"type":"image","src":"javascript:alert`1`","caption":"c"}])"), "");
  EXPECT_EQ(lexical(R"([{"type":"horizontalrule","version":1}])"), "<hr>");
  EXPECT_EQ(
      lexical(R"([{"type":"codeblock","code":"if (fee < cap) { pay(); }","language":"JavaScript","caption":""}])"),
      "<pre><code class=\"language-javascript\">if (fee &lt; cap) { pay(); }</code></pre>");
  EXPECT_EQ(lexical(R"([{"type":"codeblock","code":"x","language":"c++"}])"),
            "<pre><code class=\"language-c++\">x</code></pre>");
  EXPECT_EQ(lexical(R"([{"type":"codeblock","code":"x","language":"js\" onclick=\"y"}])"), "<pre><code>x</code></pre>");
  EXPECT_EQ(lexical(R"([{"type":"codeblock","code":"x","caption":"The <b>loop</b>"}])"),
            "<figure><pre><code>x</code></pre><figcaption>The <b>loop</b></figcaption></figure>");
  EXPECT_EQ(lexical(R"([{"type":"codeblock","code":"  \n","language":"js"}])"), "");
}

TEST(GhostLexical, CalloutBookmarkEmbedGalleryButtonAndToggleCards) {
  EXPECT_EQ(
      lexical(
          R"([{"type":"callout","calloutText":"<b>Note:</b> fees vary","calloutEmoji":"💡","backgroundColor":"blue"}])"),
      "<blockquote>💡 <b>Note:</b> fees vary</blockquote>");
  EXPECT_EQ(
      lexical(R"([{"type":"bookmark","url":"https://pay.example/report","metadata":{"icon":"https://pay.example/i.png",
      "title":"Report & data","description":"Yearly <numbers>","publisher":"Pay"},"caption":"Our <i>source</i>"}])"),
      "<figure><p><a href=\"https://pay.example/report\">Report &amp; data</a></p><p>Yearly &lt;numbers&gt;</p>"
      "<figcaption>Our <i>source</i></figcaption></figure>");
  EXPECT_EQ(lexical(R"([{"type":"bookmark","url":"https://pay.example/b","title":"Flat title","description":""}])"),
            "<figure><p><a href=\"https://pay.example/b\">Flat title</a></p></figure>");
  EXPECT_EQ(lexical(R"([{"type":"bookmark","url":"javascript:x","title":"t"}])"), "<figure><p>t</p></figure>");
  EXPECT_EQ(lexical(R"([{"type":"embed","embedType":"video","url":"https://www.youtube.com/watch?v=x",
      "html":"<iframe src=\"https://www.youtube.com/embed/x\"></iframe>","caption":"The talk"}])"),
            "<figure><iframe src=\"https://www.youtube.com/embed/x\"></iframe>"
            "<p><a href=\"https://www.youtube.com/watch?v=x\">https://www.youtube.com/watch?v=x</a></p>"
            "<figcaption>The talk</figcaption></figure>");
  EXPECT_EQ(lexical(R"([{"type":"gallery","images":[
      {"fileName":"a.jpg","src":"/a.jpg","width":600,"height":400,"row":0,"alt":"A"},
      {"fileName":"x.jpg","src":"javascript:x","row":0},
      "not an image",
      {"fileName":"b.jpg","src":"/b.jpg","row":0,"title":"B","href":"https://pay.example/"}],"caption":"Terminals"}])"),
            "<figure><img src=\"/a.jpg\" alt=\"A\"><a href=\"https://pay.example/\"><img src=\"/b.jpg\" alt=\"\" "
            "title=\"B\"></a><figcaption>Terminals</figcaption></figure>");
  EXPECT_EQ(lexical(R"([{"type":"gallery","images":[],"caption":"Empty"}])"), "");
  EXPECT_EQ(
      lexical(
          R"([{"type":"button","buttonText":"Open an account","buttonUrl":"https://pay.example/open","alignment":"center"}])"),
      "<p><a href=\"https://pay.example/open\">Open an account</a></p>");
  EXPECT_EQ(lexical(R"([{"type":"button","buttonText":"Click","buttonUrl":"javascript:x"}])"), "<p>Click</p>");
  EXPECT_EQ(lexical(R"([{"type":"toggle","heading":"<span>Is it free?</span>","content":"<p>Mostly.</p>"}])"),
            "<div><h4><span>Is it free?</span></h4><p>Mostly.</p></div>");
}

TEST(GhostLexical, MediaProductAndHeaderCardsGiveWhatAReaderNeedsSignupAndPaywallNothing) {
  EXPECT_EQ(
      lexical(R"([{"type":"video","src":"/content/media/demo.mp4","fileName":"demo.mp4","caption":"Demo",
      "thumbnailSrc":"/content/media/demo_thumb.jpg","customThumbnailSrc":""}])"),
      "<figure><a href=\"/content/media/demo.mp4\"><img src=\"/content/media/demo_thumb.jpg\" alt=\"demo.mp4\"></a>"
      "<figcaption>Demo</figcaption></figure>");
  EXPECT_EQ(lexical(R"([{"type":"video","src":"/v.mp4","fileName":"v.mp4"}])"),
            "<figure><a href=\"/v.mp4\">v.mp4</a></figure>");
  EXPECT_EQ(lexical(R"([{"type":"audio","src":"/content/media/ep1.mp3","title":"Episode 1"}])"),
            "<p><a href=\"/content/media/ep1.mp3\">Episode 1</a></p>");
  EXPECT_EQ(lexical(R"([{"type":"file","src":"/content/files/q1.pdf","fileTitle":"Q1 report","fileName":"q1.pdf",
      "fileCaption":"Fees & margins","fileSize":1024}])"),
            "<p><a href=\"/content/files/q1.pdf\">Q1 report</a></p><p>Fees &amp; margins</p>");
  EXPECT_EQ(lexical(R"([{"type":"product","productImageSrc":"/card.png","productTitle":"Metal card",
      "productDescription":"<p>Heavy.</p>","productRatingEnabled":true,"productStarRating":4,
      "productButtonEnabled":true,"productButton":"Order","productUrl":"https://pay.example/order"}])"),
            "<div><p><img src=\"/card.png\" alt=\"\"></p><h4>Metal card</h4><p>Heavy.</p>"
            "<p><a href=\"https://pay.example/order\">Order</a></p></div>");
  EXPECT_EQ(lexical(R"([{"type":"header","version":2,"header":"Pay later","subheader":"Or <em>now</em>",
      "buttonEnabled":true,"buttonText":"Start","buttonUrl":"/start"}])"),
            "<div><h2>Pay later</h2><p>Or <em>now</em></p><p><a href=\"/start\">Start</a></p></div>");
  EXPECT_EQ(lexical(R"([{"type":"header","header":"","subheader":"","buttonEnabled":false}])"), "");
  EXPECT_EQ(lexical(R"([{"type":"signup","header":"Join","buttonText":"Subscribe"},{"type":"paywall"}])"), "");
}

TEST(GhostLexical, CardsGhostShowsOnlyToMembersOrInEmailsGiveNothing) {
  EXPECT_EQ(lexical(R"([{"type":"html","html":"<p>Members</p>","visibility":{
      "web":{"nonMember":false,"memberSegment":"status:free,status:-free"},"email":{"memberSegment":"status:free,status:-free"}}}])"),
            "");
  EXPECT_EQ(lexical(R"([{"type":"html","html":"<p>Email</p>","visibility":{"showOnWeb":false,"showOnEmail":true}}])"),
            "");
  EXPECT_EQ(lexical(R"([{"type":"html","html":"<p>Email</p>","visibility":{"emailOnly":true}}])"), "");
  EXPECT_EQ(lexical(R"([{"type":"html","html":"<p>All</p>","visibility":{
      "web":{"nonMember":true,"memberSegment":"status:free,status:-free"},"email":{"memberSegment":""}}}])"),
            "<p>All</p>");
}

TEST(GhostLexical, UnknownNodesGiveTheirChildrenOrTheirText) {
  EXPECT_EQ(
      lexical(R"([{"type":"columns","children":[{"type":"paragraph","children":[{"type":"text","text":"Inside"}]}]},
                       {"type":"paragraph","children":[{"type":"text","text":"Write "},{"type":"tk","text":"TK","format":1}]},
                       {"type":"mystery"},
                       {"type":"loose","text":"Loose <text>"}])"),
      "<p>Inside</p><p>Write <strong>TK</strong></p><p>Loose &lt;text&gt;</p>");
}

TEST(GhostLexical, WhatCannotStandInAParagraphIsMovedOrFlattenedSoEverythingNests) {
  // A card waits until its paragraph closes; a paragraph inside a paragraph gives its text.
  EXPECT_EQ(lexical(R"([{"type":"paragraph","children":[{"type":"text","text":"a"},{"type":"image","src":"/i.png"},
      {"type":"paragraph","children":[{"type":"text","text":"b"}]},
      {"type":"link","url":"/l","children":[{"type":"text","text":"c"},{"type":"horizontalrule"}]}]}])"),
            "<p>ab<a href=\"/l\">c</a></p><figure><img src=\"/i.png\" alt=\"\"></figure><hr>");
  // A quote and a list item may hold blocks.
  EXPECT_EQ(
      lexical(R"([{"type":"quote","children":[{"type":"heading","tag":"h2","children":[{"type":"text","text":"Q"}]}]},
      {"type":"list","listType":"bullet","children":[{"type":"listitem","children":[{"type":"text","text":"i"},{"type":"hr"},
      {"type":"horizontalrule"}]}]}])"),
      "<blockquote><h2>Q</h2></blockquote><ul><li>i<hr></li></ul>");
}

TEST(GhostLexical, MalformedDocumentsNeverThrow) {
  for (std::string_view document :
       {"null", "[]", "5", R"({"root":5})", R"({"root":{"children":"x"}})", R"({"noroot":{}})"})
    EXPECT_EQ(lexical_to_html(json::parse(document)).html, "") << document;
  EXPECT_EQ(lexical(R"([5, "x", null, [], {"type":5}, {"children":5},
      {"type":"paragraph","children":[{"type":"text","text":5,"format":"bold"},{"type":"text","text":"ok","format":-1.5},
        {"type":"link","url":null,"children":[{"type":"text","text":"u"}]},{"type":"linebreak","children":7}]},
      {"type":"heading","tag":7,"children":[{"type":"text","text":"h"}]},
      {"type":"list","listType":7,"start":"x","children":[5,{"type":"listitem","checked":"yes","children":null},
        {"type":"paragraph","children":[{"type":"text","text":"p"}]}]},
      {"type":"list","listType":"number","start":-4,"children":[{"type":"listitem","children":[{"type":"text","text":"n"}]}]},
      {"type":"image","src":5,"alt":[]},{"type":"gallery","images":"x"},{"type":"bookmark","url":"/b","metadata":"x"},
      {"type":"codeblock","code":{}},{"type":"html","html":null,"visibility":"x"},{"type":"callout"},
      {"type":"product","productButtonEnabled":"yes"}])"),
            "<p>oku<br></p><p>h</p><ul><li></li><li><p>p</p></li></ul><ol><li>n</li></ol>"
            "<figure><p><a href=\"/b\">/b</a></p></figure>");
}

TEST(GhostLexical, NestingPastTheBoundIsLeftOutAndWhatIsWrittenStillNests) {
  json::value node = {{"type", "text"}, {"text", "deep"}};
  for (int i = 0; i < 500; ++i) node = {{"type", "quote"}, {"children", json::array{node}}};
  const auto html = lexical_to_html(json::object{{"root", json::object{{"children", json::array{node}}}}}).html;
  std::size_t opened = 0, closed = 0;
  for (auto at = html.find("<blockquote>"); at != std::string::npos; at = html.find("<blockquote>", at + 1)) ++opened;
  for (auto at = html.find("</blockquote>"); at != std::string::npos; at = html.find("</blockquote>", at + 1)) ++closed;
  EXPECT_EQ(opened, closed);
  EXPECT_GT(opened, 30U);
  EXPECT_LE(opened, ghost_max_depth);
  EXPECT_EQ(html.find("deep"), std::string::npos);
}

TEST(GhostLexical, WhatIsWrittenPassesTheSanitiserUnchanged) {
  // Our own elements nest well and are all allowlisted: sanitising them changes nothing.
  const auto html = lexical(R"([
      {"type":"paragraph","children":[{"type":"text","text":"Read ","format":0},{"type":"text","text":"this","format":9},
        {"type":"text","text":" x","format":132},{"type":"link","url":"__GHOST_URL__/fees/","children":[{"type":"text","text":"fees"}]},
        {"type":"image","src":"/in-text.png"}]},
      {"type":"heading","tag":"h2","children":[{"type":"text","text":"Fees"}]},
      {"type":"list","listType":"number","tag":"ol","start":3,"children":[{"type":"listitem","children":[{"type":"text","text":"one"}]},
        {"type":"listitem","children":[{"type":"list","listType":"check","children":[
          {"type":"listitem","checked":true,"children":[{"type":"text","text":"done"}]}]}]}]},
      {"type":"aside","children":[{"type":"paragraph","children":[{"type":"text","text":"Aside"}]}]},
      {"type":"image","src":"/a.png","alt":"A","title":"T","href":"/big.png","caption":"Cap"},
      {"type":"codeblock","code":"a < b","language":"js","caption":"Code"},{"type":"callout","calloutEmoji":"!","calloutText":"Note"},
      {"type":"bookmark","url":"https://b.example/","metadata":{"title":"B","description":"D"},"caption":"C"},
      {"type":"embed","url":"https://youtu.be/x"},{"type":"gallery","images":[{"src":"/g.png","alt":"G"}]},
      {"type":"toggle","heading":"Q","content":"<p>A</p>"},{"type":"video","src":"/v.mp4","thumbnailSrc":"/t.jpg"},
      {"type":"audio","src":"/a.mp3"},{"type":"file","src":"/f.pdf","fileCaption":"F"},{"type":"button","buttonText":"Go","buttonUrl":"/go"},
      {"type":"product","productImageSrc":"/p.png","productTitle":"P","productButtonEnabled":true,"productButton":"B","productUrl":"/p"},
      {"type":"header","header":"H","subheader":"S"},{"type":"horizontalrule"}])");
  EXPECT_EQ(blog::render::render_post_html(html), html);
  const auto old =
      mobiledoc(R"([["strong"],["a",["href","/l"]],["em"]])", R"([["soft-return","",{}]])",
                R"([["image",{"src":"/i.png","caption":"C"}],["code",{"code":"x","language":"go"}]])",
                R"([[1,"p",[[0,[0,1],1,"a"],[0,[2],2,"b"],[1,[],0,0],[0,[],0,"c"]]],[1,"aside",[[0,[],0,"q"]]],
                                 [3,"ol",[[[0,[],0,"i"]]]],[2,"/s.png"],[10,0],[10,1]])");
  EXPECT_EQ(blog::render::render_post_html(old), old);
}

TEST(GhostLexical, CardsShownOnlyToMembersOrInEmailsAreCountedSignupAndPaywallAreNot) {
  const auto document = lexical_document(R"([
      {"type":"html","html":"<p>Paid</p>","visibility":{"web":{"nonMember":false,"memberSegment":"status:-free"}}},
      {"type":"callout","calloutText":"Members","visibility":{"web":{"nonMember":false,"memberSegment":"status:free"}}},
      {"type":"html","html":"<p>Mailed</p>","visibility":{"showOnWeb":false,"showOnEmail":true}},
      {"type":"html","html":"<p>Mailed</p>","visibility":{"emailOnly":true}},
      {"type":"email","html":"<p>Only in the newsletter</p>"},
      {"type":"email-cta","html":"<p>Upgrade</p>","showButton":true,"buttonText":"Go","buttonUrl":"/go"},
      {"type":"signup","header":"Join"},{"type":"paywall"},
      {"type":"html","html":"<p>All</p>"}])");
  EXPECT_EQ(document.html, "<p>All</p>");
  EXPECT_EQ(document.left_out.hidden_cards, 6);
  EXPECT_EQ(document.left_out.unknown_cards, 0);
  // Inside a paragraph too, where a card waits for it to close.
  EXPECT_EQ(lexical_document(R"([{"type":"paragraph","children":[{"type":"text","text":"a"},{"type":"email"}]}])")
                .left_out.hidden_cards,
            1);
}

TEST(GhostLexical, CardsAndNodesOfAnUnknownKindThatGiveNothingAreCountedByKindTheFirstSeenFirst) {
  const auto document = lexical_document(R"([
      {"type":"poll","question":"Cash or card?"},
      {"type":"mystery"},
      {"type":"poll","question":"Again?"},
      {"type":"columns","children":[{"type":"paragraph","children":[{"type":"text","text":"Inside"}]}]},
      {"type":"loose","text":"Loose"},
      {"type":"paragraph","children":[{"type":"tk","text":"TK"},{"type":"widget","data":{}}]}])");
  EXPECT_EQ(document.html, "<p>Inside</p><p>Loose</p><p>TK</p>");
  EXPECT_EQ(document.left_out.unknown_cards, 4);
  EXPECT_EQ(document.left_out.unknown_kinds, (std::vector<std::string>{"poll", "mystery", "widget"}));
  EXPECT_EQ(document.left_out.hidden_cards, 0);
  EXPECT_EQ(document.left_out.unreadable_parts, 0);
}

TEST(GhostLexical, ALinkToAnAddressNotAllowedGoesItsTextStaysAndItIsCounted) {
  const auto document = lexical_document(R"([
      {"type":"button","buttonText":"Open an account","buttonUrl":"javascript:alert`1`"},
      {"type":"bookmark","url":"javascript:alert`1`","metadata":{"title":"Report","description":"Yearly"},"caption":"Source"},
      {"type":"bookmark","url":"data:text/html,x"},
      {"type":"paragraph","children":[{"type":"text","text":"Read "},
        {"type":"link","url":"vbscript:x","children":[{"type":"text","text":"this"}]},
        {"type":"link","url":"","children":[{"type":"text","text":", no address"}]}]},
      {"type":"image","src":"/i.png","href":"javascript:x"},
      {"type":"header","header":"H","buttonEnabled":true,"buttonText":"Start","buttonUrl":" javascript:x"},
      {"type":"embed","url":"javascript:x","html":""}])");
  EXPECT_EQ(document.html,
            "<p>Open an account</p><figure><p>Report</p><p>Yearly</p><figcaption>Source</figcaption></figure>"
            "<p>Read this, no address</p><figure><img src=\"/i.png\" alt=\"\"></figure>"
            "<div><h2>H</h2><p>Start</p></div>");
  EXPECT_EQ(document.left_out.unsafe_links, 7);
  // A link inside a link is left out for its nesting, not its address: not counted.
  EXPECT_EQ(lexical_document(R"([{"type":"paragraph","children":[{"type":"link","url":"/a","children":[
      {"type":"link","url":"javascript:x","children":[{"type":"text","text":"b"}]}]}]}])")
                .left_out.unsafe_links,
            0);
}

TEST(GhostLexical, PartsOfTheWrongShapeAreCountedAsUnreadable) {
  const auto document = lexical_document(R"([5, "x", {"type":5}, {"children":5},
      {"type":"paragraph","children":"x"},
      {"type":"paragraph","children":[{"type":"text","text":5},{"type":"text","text":"ok"}]},
      {"type":"list","listType":"bullet","children":[7,{"type":"listitem","children":null}]},
      {"type":"paragraph","children":[]}, {"type":"text"}, {"type":"paragraph"}])");
  EXPECT_EQ(document.html, "<p></p><p>ok</p><ul><li></li></ul><p></p>");
  EXPECT_EQ(document.left_out.unreadable_parts, 8);
  EXPECT_EQ(document.left_out.unknown_cards, 0);
}

TEST(GhostLexical, TextOfAnUnknownNodeAmongBlocksIsAParagraphAndAmongTextItIsText) {
  EXPECT_EQ(lexical(R"([{"type":"paragraph","children":[{"type":"text","text":"Before"}]},
      {"type":"mystery","text":"Mystery text"},
      {"type":"paragraph","children":[{"type":"text","text":"After"}]}])"),
            "<p>Before</p><p>Mystery text</p><p>After</p>");
  // Side by side they are one paragraph; a card in a link waits for it to close, as in any paragraph.
  EXPECT_EQ(lexical(R"([{"type":"tk","text":"a","format":1},{"type":"linebreak"},
      {"type":"link","url":"/l","children":[{"type":"text","text":"b"},{"type":"horizontalrule"}]}])"),
            "<p><strong>a</strong><br><a href=\"/l\">b</a></p><hr>");
  // An unknown node among blocks holds blocks only too; a quote and a list item hold text as it is.
  EXPECT_EQ(lexical(R"([{"type":"columns","children":[{"type":"mystery","text":"c"}]},
      {"type":"quote","children":[{"type":"mystery","text":"q"}]},
      {"type":"list","children":[{"type":"listitem","children":[{"type":"mystery","text":"i"}]}]}])"),
            "<p>c</p><blockquote>q</blockquote><ul><li>i</li></ul>");
}

TEST(GhostLexical, ADocumentNestedDeeperThanTheBoundIsReadToItAndOnlyWhatIsDeeperLeftOut) {
  // A hundred quotes in each other, each with its own text.
  std::string quotes = R"({"type":"text","text":"L100"})";
  for (int i = 99; i >= 1; --i)
    quotes = R"({"type":"quote","children":[{"type":"text","text":"L)" + std::to_string(i) + R"("},)" + quotes + "]}";
  const auto deep = read_ghost_document(R"({"root":{"children":[)" + quotes + "]}}", ghost_format::lexical);
  EXPECT_EQ(deep.unreadable, "");
  EXPECT_TRUE(deep.left_out.too_deep);
  EXPECT_NE(deep.html.find("L1<blockquote>L2<"), std::string::npos) << deep.html;
  EXPECT_NE(deep.html.find("L60"), std::string::npos);
  EXPECT_EQ(deep.html.find("L90"), std::string::npos);
  EXPECT_EQ(blog::render::render_post_html(deep.html).find("L90"), std::string::npos);

  // A list nested forty deep: its first thirty levels are there.
  std::string list =
      R"({"type":"list","children":[{"type":"listitem","children":[{"type":"text","text":"Item 40"}]}]})";
  for (int i = 39; i >= 1; --i)
    list = R"({"type":"list","children":[{"type":"listitem","children":[{"type":"text","text":"Item )" +
           std::to_string(i) + R"("}]},{"type":"listitem","children":[)" + list + "]}]}";
  const auto nested = read_ghost_document(R"({"root":{"children":[)" + list + "]}}", ghost_format::lexical);
  EXPECT_EQ(nested.unreadable, "");
  EXPECT_TRUE(nested.left_out.too_deep);
  EXPECT_NE(nested.html.find("<ul><li>Item 1<ul><li>Item 2<"), std::string::npos) << nested.html;
  EXPECT_NE(nested.html.find("Item 30"), std::string::npos);
  EXPECT_EQ(nested.html.find("Item 40"), std::string::npos);

  // Eighty deep (its JSON over 300 levels): still its first levels, not nothing.
  std::string eighty =
      R"({"type":"list","children":[{"type":"listitem","children":[{"type":"text","text":"Item 80"}]}]})";
  for (int i = 79; i >= 1; --i)
    eighty = R"({"type":"list","children":[{"type":"listitem","children":[{"type":"text","text":"Item )" +
             std::to_string(i) + R"("}]},{"type":"listitem","children":[)" + eighty + "]}]}";
  const auto very = read_ghost_document(R"({"root":{"children":[{"type":"paragraph","children":[{"type":"text",)"
                                        R"("text":"Top"}]},)" +
                                            eighty + "]}}",
                                        ghost_format::lexical);
  EXPECT_EQ(very.unreadable, "");
  EXPECT_TRUE(very.left_out.too_deep);
  EXPECT_NE(very.html.find("<p>Top</p>"), std::string::npos) << very.html;
  EXPECT_NE(very.html.find("Item 30"), std::string::npos);

  // Within the bound nothing is said.
  EXPECT_FALSE(
      read_ghost_document(R"({"root":{"children":[{"type":"quote","children":[{"type":"text","text":"q"}]}]}})",
                          ghost_format::lexical)
          .left_out.too_deep);
}

TEST(GhostDocuments, ADocumentThatCannotBeReadSaysWhy) {
  EXPECT_EQ(read_ghost_document("{not json", ghost_format::lexical).unreadable, "not JSON at byte 1");
  const std::string truncated = R"({"version":"0.3.1","sections":[[1,"p",[[0,[],0,"Hel)";
  EXPECT_EQ(read_ghost_document(truncated, ghost_format::mobiledoc).unreadable,
            "not JSON at byte " + std::to_string(truncated.size()));
  EXPECT_EQ(read_ghost_document(R"({"root":{"children":[]}} x)", ghost_format::lexical).unreadable,
            "not JSON at byte 25");
  for (std::string_view shape : {"[]", "5", R"("text")", R"({"root":5})", R"({"root":{"children":"x"}})",
                                 R"({"root":{}})", R"({"noroot":{"children":[]}})"})
    EXPECT_EQ(read_ghost_document(shape, ghost_format::lexical).unreadable, "not a lexical document") << shape;
  for (std::string_view shape : {"[]", R"({"version":"0.3.1"})", R"({"sections":{}})", R"({"root":{"children":[]}})"})
    EXPECT_EQ(read_ghost_document(shape, ghost_format::mobiledoc).unreadable, "not a mobiledoc document") << shape;
  // No document is no problem; an empty one is no problem either.
  for (std::string_view nothing : {"", " \n"}) {
    const auto document = read_ghost_document(nothing, ghost_format::lexical);
    EXPECT_EQ(document.unreadable, "");
    EXPECT_EQ(document.html, "");
  }
  EXPECT_EQ(read_ghost_document(R"({"root":{"children":[]}})", ghost_format::lexical).unreadable, "");
  EXPECT_EQ(read_ghost_document(R"({"version":"0.3.1","sections":[]})", ghost_format::mobiledoc).unreadable, "");
  // JSON nested past all a document of ghost_max_depth nodes needs is left out whole, as too deep.
  const auto bomb = read_ghost_document(std::string(2000, '[') + std::string(2000, ']'), ghost_format::lexical);
  EXPECT_TRUE(bomb.left_out.too_deep);
  EXPECT_EQ(bomb.unreadable, "");
  EXPECT_EQ(bomb.html, "");
}

// ---- Mobiledoc -------------------------------------------------------------------------------

TEST(GhostMobiledoc, MarkupSectionsKeepTheirElements) {
  EXPECT_EQ(mobiledoc("[]", "[]", "[]", R"([
      [1,"p",[[0,[],0,"Cards are older than wallets."]]],
      [1,"h2",[[0,[],0,"Fees"]]],
      [1,"blockquote",[[0,[],0,"Cash is king."]]],
      [1,"aside",[[0,[],0,"An aside."]]],
      [1,"H3",[[0,[],0,"Upper case"]]],
      [1,"pull-quote",[[0,[],0,"Unknown tag"]]]])"),
            "<p>Cards are older than wallets.</p><h2>Fees</h2><blockquote>Cash is king.</blockquote>"
            "<blockquote>An aside.</blockquote><h3>Upper case</h3><p>Unknown tag</p>");
}

TEST(GhostMobiledoc, MarkupsOpenAndCloseAsTheMarkersSay) {
  EXPECT_EQ(
      mobiledoc(R"([["strong"],["em"],["a",["href","https://pay.example/","rel","noopener"]],["blink"],["S"]])", "[]",
                "[]", R"([[1,"p",[
      [0,[0],0,"bold "],[0,[1],1,"both"],[0,[],1," after"],[0,[],0," "],[0,[2],1,"link"],[0,[3],1,"blink"],
      [0,[4],1,"gone"]]]])"),
      "<p><strong>bold <em>both</em> after</strong> <a href=\"https://pay.example/\">link</a>blink<s>gone</s></p>");
}

TEST(GhostMobiledoc, LinksKeepOnlyWebMailAndRelativeAddressesAndNeverNest) {
  EXPECT_EQ(mobiledoc(R"([["a",["href","javascript:alert`1`"]],["a",["rel","x","href","__GHOST_URL__/fees/"]],["a"]])",
                      "[]", "[]", R"([[1,"p",[[0,[0],1,"bad"],[0,[1],1,"good"],[0,[2],1,"none"]]]])"),
            "<p>bad<a href=\"__GHOST_URL__/fees/\">good</a>none</p>");
  EXPECT_EQ(mobiledoc(R"([["a",["href","/a"]],["a",["href","/b"]]])", "[]", "[]",
                      R"([[1,"p",[[0,[0,1],2,"x"],[0,[1],1,"y"]]]])"),
            "<p><a href=\"/a\">x</a><a href=\"/b\">y</a></p>");
}

TEST(GhostMobiledoc, ListsAtomsAndImageSections) {
  EXPECT_EQ(mobiledoc(R"([["strong"]])", R"([["soft-return","",{}],["mention","@bob <b>",{"id":42}]])", "[]", R"([
      [3,"ul",[[[0,[],0,"Cards"]],[[0,[0],1,"Wallets"]]]],
      [3,"ol",[[[0,[],0,"One"]]]],
      [1,"p",[[0,[],0,"a"],[1,[],0,0],[0,[],0,"b "],[1,[0],1,1]]],
      [2,"__GHOST_URL__/content/images/i.png"],
      [2,"javascript:x"]])"),
            "<ul><li>Cards</li><li><strong>Wallets</strong></li></ul><ol><li>One</li></ol>"
            "<p>a<br>b <strong>@bob &lt;b&gt;</strong></p>"
            "<figure><img src=\"__GHOST_URL__/content/images/i.png\" alt=\"\"></figure>");
}

TEST(GhostMobiledoc, CardsRenderAsTheirLexicalNodesAndUnknownOnesGiveNothing) {
  EXPECT_EQ(mobiledoc("[]", "[]", R"([
      ["markdown",{"markdown":"Fees *fall*."}],
      ["card-markdown",{"cardName":"card-markdown","markdown":"Old **card**."}],
      ["html",{"html":"<p>Raw</p>"}],
      ["image",{"src":"/i.png","alt":"POS","caption":"A <b>terminal</b>","cardWidth":""}],
      ["code",{"code":"a < b","language":"python"}],
      ["hr",{}],
      ["embed",{"url":"https://x.example/v","html":"<iframe></iframe>","type":"video","caption":""}],
      ["bookmark",{"url":"https://pay.example/","metadata":{"title":"Pay","description":"Payments"}}],
      ["gallery",{"images":[{"src":"/g.png","alt":"G","row":0}]}],
      ["callout",{"calloutEmoji":"⚠️","calloutText":"Careful","backgroundColor":"grey"}],
      ["unknown-card",{"text":"secret"}],
      ["html",{"html":"<p>Email only</p>","visibility":{"emailOnly":true}}]])",
                      R"([[10,0],[10,1],[10,2],[10,3],[10,4],[10,5],[10,6],[10,7],[10,8],[10,9],[10,10],[10,11]])"),
            blog::render::render_post_html("Fees *fall*.") + blog::render::render_post_html("Old **card**.") +
                "<p>Raw</p><figure><img src=\"/i.png\" alt=\"POS\"><figcaption>A <b>terminal</b></figcaption></figure>"
                "<pre><code class=\"language-python\">a &lt; b</code></pre><hr>"
                "<figure><iframe></iframe><p><a href=\"https://x.example/v\">https://x.example/v</a></p></figure>"
                "<figure><p><a href=\"https://pay.example/\">Pay</a></p><p>Payments</p></figure>"
                "<figure><img src=\"/g.png\" alt=\"G\"></figure><blockquote>⚠️ Careful</blockquote>");
  // Only the sections say what is shown: a card no section names is not.
  EXPECT_EQ(mobiledoc("[]", "[]", R"([["html",{"html":"<p>Unused</p>"}]])", "[]"), "");
}

TEST(GhostMobiledoc, MalformedDocumentsNeverThrow) {
  for (std::string_view document : {"null", "[]", "\"x\"", R"({"sections":{}})", R"({"sections":[[1]]})"})
    EXPECT_EQ(mobiledoc(document), "") << document;
  EXPECT_EQ(mobiledoc("[]", "[]", "[]", R"([[1,"p",[[0,[],0,"no markups"]]]])"), "<p>no markups</p>");
  // Negative and huge counts, markup and atom indexes out of range or of the wrong type, markers that
  // are no arrays, values that are no text: skipped; markups left open are closed with their section.
  EXPECT_EQ(mobiledoc(R"([["strong"],5,[],[7]])", R"([5,["x"]])", R"([["html"],["html",5],5])", R"([
      [1,"p",[[0,[0],-5,"x"],[0,[9,-1,"s",1,2,3,1.5],99,"y"],"junk",[0],[1,[],0,9],[1,[],0,0],[1,[],0,1],[0,[],0,42],
        [0,"x","y","w"],[0,[0],18446744073709551615,"z"],[0,[0],0,"open"]]],
      [1,5,[[0,[],0,"no tag"]]],
      [4,"p"],"x",[],[10,99],[10,-1],[10,"0"],[10,0],[10,1],[10,2],
      [3,"ul","x"],[3,5,["x",[[0,[],0,"ok"]]]],[2,5],[-1,0],[1.5,"p"]])"),
            "<p><strong>xy</strong>w<strong>z</strong><strong>open</strong></p><p>no tag</p><ul></ul>"
            "<ul><li>ok</li></ul>");
}

TEST(GhostMobiledoc, HiddenUnknownAndMissingCardsAreCounted) {
  const auto document = mobiledoc_document("[]", "[]", R"([
      ["html",{"html":"<p>Mailed</p>","visibility":{"emailOnly":true}}],
      ["callout",{"calloutText":"Paid","visibility":{"web":{"nonMember":false},"email":{"memberSegment":""}}}],
      ["email",{"html":"<p>Newsletter</p>"}],
      ["email-cta",{"html":"<p>Upgrade</p>"}],
      ["unknown-card",{"text":"secret"}],
      ["poll",{}],
      ["unknown-card",{}],
      ["signup",{}],
      ["html",{"html":"<p>All</p>"}],
      ["html"]])",
                                           R"([[10,0],[10,1],[10,2],[10,3],[10,4],[10,5],[10,6],[10,7],[10,8],
                                           [10,99],[10,-1],[10,"0"],[10,9]])");
  EXPECT_EQ(document.html, "<p>All</p>");
  EXPECT_EQ(document.left_out.hidden_cards, 4);
  EXPECT_EQ(document.left_out.unknown_cards, 3);
  EXPECT_EQ(document.left_out.unknown_kinds, (std::vector<std::string>{"unknown-card", "poll"}));
  EXPECT_EQ(document.left_out.unreadable_parts, 4);
}

TEST(GhostMobiledoc, ALinkToAnAddressNotAllowedGoesItsTextStaysAndItIsCounted) {
  const auto document =
      mobiledoc_document(R"([["a",["href","javascript:alert`1`"]],["a",["href","/ok"]],["a"]])", "[]",
                         R"([["button",{"buttonText":"Pay","buttonUrl":"javascript:pay`1`"}],
                             ["bookmark",{"url":"javascript:x","metadata":{"title":"Fees"}}]])",
                         R"([[1,"p",[[0,[0],1,"bad"],[0,[1],1," good"],[0,[2],1," none"]]],[10,0],[10,1]])");
  EXPECT_EQ(document.html, "<p>bad<a href=\"/ok\"> good</a> none</p><p>Pay</p><figure><p>Fees</p></figure>");
  EXPECT_EQ(document.left_out.unsafe_links, 3);
}

TEST(GhostMobiledoc, SectionsMarkersAndAtomsOfTheWrongShapeAreCountedAsUnreadable) {
  const auto document = mobiledoc_document("[]", R"([["mention",5,{}]])", "[]", R"([
      "x", [], [1], [4,"p"], [2,5], [3,"ul",[5,[[0,[],0,"ok"]]]],
      [1,"p",[[0,[],0,"a"],"junk",[0],[0,[],0,7],[1,[],0,9],[1,[],0,0],[7,[],0,"b"]]],
      [1,"p","markers"]])");
  EXPECT_EQ(document.html, "<ul><li>ok</li></ul><p>a</p><p></p>");
  EXPECT_EQ(document.left_out.unreadable_parts, 13);
}

// ---- through the reader ------------------------------------------------------------------------

TEST(GhostDocuments, AnExportsLexicalAndMobiledocBodiesAreReadWhole) {
  const auto site = read_ghost(R"({"db":[{"meta":{"version":"5.75.0"},"data":{"posts":[
      {"id":"1","uuid":"u1","slug":"lexical","title":"L","html":null,"status":"published",
       "lexical":"{\"root\":{\"type\":\"root\",\"children\":[{\"type\":\"paragraph\",\"children\":[{\"type\":\"text\",\"text\":\"Read \",\"format\":0},{\"type\":\"link\",\"url\":\"__GHOST_URL__/fees/\",\"children\":[{\"type\":\"text\",\"text\":\"fees\",\"format\":1}]}]},{\"type\":\"image\",\"src\":\"__GHOST_URL__/content/images/a.png\",\"alt\":\"A\"}]}}"},
      {"id":"2","uuid":"u2","slug":"mobiledoc","title":"M","html":"","status":"published",
       "mobiledoc":"{\"version\":\"0.3.1\",\"atoms\":[],\"cards\":[[\"hr\",{}]],\"markups\":[[\"em\"]],\"sections\":[[1,\"h2\",[[0,[0],1,\"Old\"]]],[10,0]]}"}]}}]})",
                               "https://old.example");
  ASSERT_EQ(site.posts.size(), 2U);
  EXPECT_EQ(site.posts[0].content,
            "<p>Read <a href=\"https://old.example/fees/\"><strong>fees</strong></a></p>"
            "<figure><img src=\"https://old.example/content/images/a.png\" alt=\"A\"></figure>");
  EXPECT_EQ(site.posts[1].content, "<h2><em>Old</em></h2><hr>");
}

TEST(GhostDocuments, WhatABodyLeftOutIsReportedInTheWordsTheWebUiTranslates) {
  const auto lexical_body = json::serialize(json::value{
      {"root",
       {{"children", json::array{
                         {{"type", "paragraph"}, {"children", json::array{{{"type", "text"}, {"text", "Body"}}}}},
                         {{"type", "html"}, {"html", "<p>Paid</p>"}, {"visibility", {{"web", {{"nonMember", false}}}}}},
                         {{"type", "email-cta"}, {"html", "<p>Upgrade</p>"}},
                         {{"type", "poll"}},
                         {{"type", "survey"}},
                         {{"type", "poll"}},
                         {{"type", "button"}, {"buttonText", "Pay"}, {"buttonUrl", "javascript:pay()"}},
                         5,
                     }}}}});
  const auto mobiledoc_body =
      R"({"version":"0.3.1","cards":[["html",{"html":"<p>Mailed</p>","visibility":{"emailOnly":true}}]],)"
      R"("sections":[[1,"p",[[0,[],0,"Old"]]],[10,0],[10,7]]})";
  const auto site =
      read_ghost(export_of({post_with("1", "lexical", lexical_body), post_with("2", "mobiledoc", mobiledoc_body)}), "");
  ASSERT_EQ(site.posts.size(), 2U);
  EXPECT_EQ(site.posts[0].content, "<p>Body</p><p>Pay</p>");
  EXPECT_EQ(site.posts[0].problems,
            (std::vector<std::string>{
                "post p1 (id 1): 2 card(s) shown only to members or only in e-mails: left out",
                "post p1 (id 1): 3 card(s) of a kind this blog does not know (poll, survey): left out",
                "post p1 (id 1): 1 link(s) to an address that is not http(s), mailto or relative: left out, their text "
                "kept",
                "post p1 (id 1): 1 part(s) of its lexical document could not be read: left out"}));
  EXPECT_FALSE(site.posts[0].body_unreadable);
  EXPECT_EQ(site.posts[1].content, "<p>Old</p>");
  EXPECT_EQ(
      site.posts[1].problems,
      (std::vector<std::string>{"post p2 (id 2): 1 card(s) shown only to members or only in e-mails: left out",
                                "post p2 (id 2): 1 part(s) of its mobiledoc document could not be read: left out"}));
}

TEST(GhostDocuments, ADeepDocumentIsReportedAndKeepsWhatIsWithinTheBound) {
  std::string list =
      R"({"type":"list","children":[{"type":"listitem","children":[{"type":"text","text":"Item 40"}]}]})";
  for (int i = 39; i >= 1; --i)
    list = R"({"type":"list","children":[{"type":"listitem","children":[{"type":"text","text":"Item )" +
           std::to_string(i) + R"("}]},{"type":"listitem","children":[)" + list + "]}]}";
  const auto site = read_ghost(export_of({post_with("1", "lexical", R"({"root":{"children":[)" + list + "]}}")}), "");
  ASSERT_EQ(site.posts.size(), 1U);
  EXPECT_NE(site.posts[0].content.find("Item 1"), std::string::npos);
  EXPECT_EQ(site.posts[0].problems,
            (std::vector<std::string>{"post p1 (id 1): its lexical document nests deeper than 64 levels: what is "
                                      "deeper was left out"}));
  EXPECT_FALSE(site.posts[0].body_unreadable);
}

TEST(GhostDocuments, ABodyThatCannotBeReadIsSaidToBeOnceWithWhyAndWhetherItLeftThePostEmpty) {
  auto with_both = post_with("3", "lexical", "[]");
  with_both["mobiledoc"] = R"({"version":"0.3.1","sections":[[1,"p",[[0,[],0,"From mobiledoc"]]]]})";
  auto both_broken = post_with("5", "lexical", R"({"root":{"children":"x"}})");
  both_broken["mobiledoc"] = "{";
  const auto site =
      read_ghost(export_of({post_with("1", "lexical", "{not json"),
                            post_with("2", "mobiledoc", R"({"version":"0.3.1","sections":[[1,"p")"), with_both,
                            post_with("4", "lexical", R"({"root":{"children":[]}})"), both_broken}),
                 "");
  ASSERT_EQ(site.posts.size(), 5U);
  EXPECT_EQ(site.posts[0].content, "");
  EXPECT_TRUE(site.posts[0].body_unreadable);
  EXPECT_EQ(site.posts[0].problems, (std::vector<std::string>{"post p1 (id 1): its lexical document could not be read "
                                                              "(not JSON at byte 1): imported unpublished, with a "
                                                              "line saying so"}));
  EXPECT_TRUE(site.posts[1].body_unreadable);
  EXPECT_EQ(site.posts[1].problems, (std::vector<std::string>{"post p2 (id 2): its mobiledoc document could not be "
                                                              "read (not JSON at byte 37): imported unpublished, with "
                                                              "a line saying so"}));
  // The other document gave the body: the line says only what could not be read.
  EXPECT_EQ(site.posts[2].content, "<p>From mobiledoc</p>");
  EXPECT_FALSE(site.posts[2].body_unreadable);
  EXPECT_EQ(
      site.posts[2].problems,
      (std::vector<std::string>{"post p3 (id 3): its lexical document could not be read (not a lexical document)"}));
  // An empty document is a post with no text, not one that could not be read.
  EXPECT_FALSE(site.posts[3].body_unreadable);
  EXPECT_TRUE(site.posts[3].problems.empty());
  EXPECT_TRUE(site.posts[4].body_unreadable);
  EXPECT_EQ(site.posts[4].problems,
            (std::vector<std::string>{"post p5 (id 5): its lexical document could not be read (not a lexical "
                                      "document): imported unpublished, with a line saying so",
                                      "post p5 (id 5): its mobiledoc document could not be read (not JSON at byte 1): "
                                      "imported unpublished, with a line saying so"}));
}
