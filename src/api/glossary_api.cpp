// The fintech glossary for admins: GET /api/admin/glossary and PUT /api/admin/glossary (the whole list).
#include "blog/api/guard.hpp"
#include "blog/api/handlers.hpp"
#include "blog/api/json.hpp"
#include "blog/core/text.hpp"
#include "blog/domain/text.hpp"
#include "blog/store/glossary_store.hpp"

namespace blog::api {
namespace {

constexpr std::size_t max_term_chars = 200;
constexpr std::size_t max_pairs = 2000;

struct glossary_services {
  sessions callers;
  store::database& db;
  search::index_store& search;
};

http::response glossary_json(store::database& db) {
  boost::json::array terms;
  for (const auto& t : store::load_glossary(db)) terms.push_back({{"en", t.en}, {"cs", t.cs}});
  boost::json::object body;
  body["terms"] = std::move(terms);
  body["version"] = store::glossary_version(db);
  auto res = http::response::json(200, body);
  no_store(res);
  return res;
}

// PUT /api/admin/glossary's body: {terms: [{en, cs}, ...]}, each side trimmed.
struct glossary_body {
  std::vector<domain::glossary_term> terms;
};

// Throws validation_error naming the first bad field ("terms", "terms[3].cs").
glossary_body tag_invoke(boost::json::value_to_tag<glossary_body>, const boost::json::value& v) {
  const auto* list = v.as_object().if_contains("terms");
  if (list == nullptr || !list->is_array())
    throw validation_error({{"terms", "Terms must be a list of pairs with an English and a Czech term"}});
  const auto& items = list->as_array();
  if (items.size() > max_pairs) throw validation_error({{"terms", "The glossary can hold at most 2000 term pairs"}});
  std::vector<domain::glossary_term> terms;
  terms.reserve(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string at = "terms[" + std::to_string(i) + "]";
    if (!items[i].is_object()) throw validation_error({{at, "Each pair must have an English and a Czech term"}});
    const auto& item = items[i].as_object();
    domain::glossary_term term;
    for (const auto& [side, value] : {std::pair{"en", &term.en}, std::pair{"cs", &term.cs}}) {
      const auto* field = item.if_contains(side);
      if (field == nullptr || !field->is_string())
        throw validation_error({{at + "." + side, "Each pair must have an English and a Czech term"}});
      *value = domain::trim(std::string_view(field->as_string()));
      const auto length = core::utf8::length(*value);
      if (length < 1 || length > max_term_chars)
        throw validation_error({{at + "." + side, "Each term must have 1 to 200 characters"}});
      if (core::utf8::has_forbidden_char(*value))
        throw validation_error({{at + "." + side, domain::forbidden_chars_message("Term")}});
    }
    terms.push_back(std::move(term));
  }
  return {std::move(terms)};
}

}  // namespace

void reload_search_synonyms(store::database& db, search::index_store& index) {
  auto synonyms = std::make_shared<search::glossary>();
  synonyms->version = store::glossary_version(db);
  for (auto& t : store::load_glossary(db)) synonyms->pairs.push_back({std::move(t.en), std::move(t.cs)});
  index.set_synonyms(std::move(synonyms));
}

namespace {

// GET /api/admin/glossary: the pairs and the list's version.
http::response read_glossary(const glossary_services& s, const http::request& req) {
  require_admin(s.callers, req);
  return glossary_json(s.db);
}

// PUT /api/admin/glossary: replaces the whole list.
http::response replace_glossary(const glossary_services& s, const http::request& req) {
  require_admin(s.callers, req);
  const auto terms = parse_body<glossary_body>(req).terms;
  store::replace_glossary(s.db, terms);
  // This node searches with the new list at once; the others when they hear the commit's NOTIFY.
  reload_search_synonyms(s.db, s.search);
  return glossary_json(s.db);
}

}  // namespace

glossary_handlers glossary_api(api::context& ctx) {
  const glossary_services s{{ctx.cfg, ctx.db, ctx.site}, ctx.db, *ctx.search};
  return {.read = http::on_workers([s](http::request& req) { return read_glossary(s, req); }),
          .replace = http::on_workers([s](http::request& req) { return replace_glossary(s, req); })};
}

}  // namespace blog::api
