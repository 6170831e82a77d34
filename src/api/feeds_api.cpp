// For search engines and feed readers: /sitemap.xml, /robots.txt and /rss.xml?lang=en|cs, from the read model.
#include "blog/api/handlers.hpp"
#include "blog/domain/categories.hpp"
#include "blog/domain/render/feeds.hpp"
#include "blog/http/static_files.hpp"
#include "blog/wire/message.hpp"

namespace blog::api {
namespace {

constexpr std::size_t max_feed_items = 50;

std::string absolute(const std::string& base, const std::string& url) {
  if (url.rfind("http://", 0) == 0 || url.rfind("https://", 0) == 0) return url;
  return base + (url.empty() || url.front() != '/' ? "/" : "") + url;
}

// The home page, the built-in category pages and every visible post, each post once (a linked
// pair as its two pages, each naming both language versions, itself included, as Google asks).
std::vector<render::sitemap_url> sitemap_urls(const std::string& base, const readmodel::snapshot& snap) {
  std::vector<render::sitemap_url> urls;
  urls.push_back({base + "/", std::nullopt, "daily", {}});
  for (const auto& name : domain::builtin_categories)
    urls.push_back({base + "/category/" + http::percent_encode(name), std::nullopt, "", {}});
  const auto now = posts::now_ms();
  auto add_post = [&](const posts::post& p) {
    render::sitemap_url u{base + "/post/" + p.slug, std::max(p.updated_at_ms, p.published_at_ms), "", {}};
    if (p.translation && p.translation->visible_at(now))
      u.alternates = {{p.language, u.url}, {p.translation->language, base + "/post/" + p.translation->slug}};
    urls.push_back(std::move(u));
  };
  // visible("cs") lists an English post with a visible Czech counterpart only as the Czech one.
  for (const auto* e : snap.visible("cs")) add_post(e->post);
  for (const auto* e : snap.visible("en"))
    if (posts::shown_as_counterpart(e->post, "cs", now)) add_post(e->post);
  return urls;
}

// The newest 50 visible posts written in `lang`.
render::feed_channel feed_of(const std::string& base, const std::string& lang, const domain::site_settings& settings,
                             const readmodel::snapshot& snap) {
  render::feed_channel channel{
      settings.site_title, base + "/", settings.site_description, lang, base + "/rss.xml?lang=" + lang, {}};
  // visible("en") is every visible English post; visible("cs") every Czech one, and English ones
  // without a Czech version.
  for (const auto* e : snap.visible(lang)) {
    if (e->post.language != lang) continue;
    if (channel.items.size() == max_feed_items) break;
    const auto& p = e->post;
    render::feed_item item{p.title, base + "/post/" + p.slug, p.published_at_ms, p.category, p.excerpt, "", ""};
    if (!p.cover_image.empty()) {
      item.cover_url = absolute(base, p.cover_image);
      item.cover_content_type = http::content_type_for(p.cover_image);
    }
    channel.items.push_back(std::move(item));
  }
  return channel;
}

struct feed_services {
  const config& cfg;  // effective_public_url(): absolute links (known once the server listens)
  readmodel::read_model& posts;
  readmodel::site_cache& site;
};

http::response robots(const feed_services& s, const http::request&) {
  return http::response::text(200,
                              "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n"
                              "Disallow: /posts/new\nDisallow: /post-editor\n\nSitemap: " +
                                  s.cfg.effective_public_url() + "/sitemap.xml\n");
}

http::response sitemap(const feed_services& s, const http::request&) {
  auto xml = render::sitemap_xml(sitemap_urls(s.cfg.effective_public_url(), *s.posts.current()));
  auto res = http::response::text(200, std::move(xml), "application/xml; charset=utf-8");
  res.set("Cache-Control", "public, max-age=300");
  return res;
}

// GET /rss.xml?lang=en|cs (or language=): the newest posts written in that language.
http::response rss(const feed_services& s, const http::request& req) {
  const std::string lang = req.query("lang").value_or(req.query("language").value_or("en")) == "cs" ? "cs" : "en";
  auto site = s.site.current();
  auto xml = render::rss_xml(feed_of(s.cfg.effective_public_url(), lang, site->settings, *s.posts.current()));
  auto res = http::response::text(200, std::move(xml), "application/rss+xml; charset=utf-8");
  res.set("Cache-Control", "public, max-age=300");
  return res;
}

}  // namespace

feed_handlers feed_api(api::context& ctx) {
  const feed_services s{ctx.cfg, ctx.posts, ctx.site};
  return {.robots = http::at_once([s](http::request& req) { return robots(s, req); }),
          .sitemap = http::at_once([s](http::request& req) { return sitemap(s, req); }),
          .rss = http::on_workers([s](http::request& req) { return rss(s, req); })};
}

}  // namespace blog::api
