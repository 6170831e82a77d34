// For search engines and feed readers: /sitemap.xml, /robots.txt and /rss.xml?lang=en|cs, from the read model.
#include "blog/api/routes.hpp"
#include "blog/domain/categories.hpp"
#include "blog/http/message.hpp"
#include "blog/http/static_files.hpp"
#include "blog/render/html.hpp"

#include <ctime>

namespace blog::api {
namespace {

std::string rfc822(std::int64_t ms) {
  std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char text[64];
  std::strftime(text, sizeof text, "%a, %d %b %Y %H:%M:%S +0000", &tm);
  return text;
}

std::string absolute(const std::string& base, const std::string& url) {
  if (url.rfind("http://", 0) == 0 || url.rfind("https://", 0) == 0) return url;
  return base + (url.empty() || url.front() != '/' ? "/" : "") + url;
}

}  // namespace

void add_feed_routes(http::router& r, app::context& ctx) {
  r.get(
      "/robots.txt",
      [&ctx](http::request&) {
        auto base = ctx.cfg.effective_public_url();
        auto res = http::response::text(200,
                                        "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n"
                                        "Disallow: /posts/new\nDisallow: /post-editor\n\nSitemap: " +
                                            base + "/sitemap.xml\n");
        return res;
      },
      http::runs_on::io);

  r.get(
      "/sitemap.xml",
      [&ctx](http::request&) {
        auto base = ctx.cfg.effective_public_url();
        auto snap = ctx.posts.current();
        std::string xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
            "xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
        xml += "  <url><loc>" + render::html_escape(base + "/") + "</loc><changefreq>daily</changefreq></url>\n";
        for (const auto& name : domain::builtin_categories)
          xml +=
              "  <url><loc>" + render::html_escape(base + "/category/" + http::percent_encode(name)) + "</loc></url>\n";
        auto now = posts::now_ms();
        auto add_post = [&](const posts::post& p) {
          auto loc = render::html_escape(base + "/post/" + p.slug);
          xml += "  <url><loc>" + loc + "</loc><lastmod>" +
                 posts::iso_time(std::max(p.updated_at_ms, p.published_at_ms)).substr(0, 10) + "</lastmod>";
          // A linked pair names both language versions, each page itself included (as Google asks).
          if (p.translation && p.translation->visible_at(now)) {
            auto other = render::html_escape(base + "/post/" + p.translation->slug);
            xml += "<xhtml:link rel=\"alternate\" hreflang=\"" + p.language + "\" href=\"" + loc + "\"/>";
            xml +=
                "<xhtml:link rel=\"alternate\" hreflang=\"" + p.translation->language + "\" href=\"" + other + "\"/>";
          }
          xml += "</url>\n";
        };
        // visible("cs") lists an English post with a visible Czech counterpart only as the Czech one.
        for (const auto* e : snap->visible("cs")) add_post(e->post);
        for (const auto* e : snap->visible("en"))
          if (posts::shown_as_counterpart(e->post, "cs", now)) add_post(e->post);
        xml += "</urlset>\n";
        auto res = http::response::text(200, std::move(xml), "application/xml; charset=utf-8");
        res.set("Cache-Control", "public, max-age=300");
        return res;
      },
      http::runs_on::io);

  r.get("/rss.xml", [&ctx](http::request& req) {
    auto lang = req.query("lang").value_or(req.query("language").value_or("en")) == "cs" ? "cs" : "en";
    auto base = ctx.cfg.effective_public_url();
    auto site = ctx.site.current();
    const auto& settings = site->settings;
    auto snap = ctx.posts.current();
    std::string xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" "
        "xmlns:atom=\"http://www.w3.org/2005/Atom\">\n<channel>\n";
    xml += "  <title>" + render::html_escape(settings.site_title) + "</title>\n";
    xml += "  <link>" + render::html_escape(base + "/") + "</link>\n";
    xml += "  <description>" + render::html_escape(settings.site_description) + "</description>\n";
    xml += "  <language>" + std::string(lang) + "</language>\n";
    xml += "  <atom:link href=\"" + render::html_escape(base + "/rss.xml?lang=" + lang) +
           "\" rel=\"self\" type=\"application/rss+xml\"/>\n";
    std::size_t count = 0;
    // visible("en") is every visible English post; visible("cs") every Czech one, and English ones
    // without a Czech version.
    for (const auto* e : snap->visible(lang)) {
      if (e->post.language != lang) continue;
      if (++count > 50) break;
      auto link = base + "/post/" + e->post.slug;
      xml += "  <item>\n    <title>" + render::html_escape(e->post.title) + "</title>\n";
      xml += "    <link>" + render::html_escape(link) + "</link>\n";
      xml += "    <guid isPermaLink=\"true\">" + render::html_escape(link) + "</guid>\n";
      xml += "    <pubDate>" + rfc822(e->post.published_at_ms) + "</pubDate>\n";
      xml += "    <category>" + render::html_escape(e->post.category) + "</category>\n";
      xml += "    <description>" + render::html_escape(e->post.excerpt) + "</description>\n";
      if (!e->post.cover_image.empty())
        xml += "    <enclosure url=\"" + render::html_escape(absolute(base, e->post.cover_image)) + "\" type=\"" +
               std::string(http::content_type_for(e->post.cover_image)) + "\" length=\"0\"/>\n";
      xml += "  </item>\n";
    }
    xml += "</channel>\n</rss>\n";
    auto res = http::response::text(200, std::move(xml), "application/rss+xml; charset=utf-8");
    res.set("Cache-Control", "public, max-age=300");
    return res;
  });
}

}  // namespace blog::api
