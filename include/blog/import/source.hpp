// A post as an export gives it, whatever the format: what the importer writes under our rules.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace blog::import {

struct source_post {
  std::string id;        // the source's own id, remembered with the post
  std::string label;     // how the report names it ("item 10 (line 48)")
  std::string title;     // plain text (entities decoded)
  std::string slug;      // as the source has it (decoded); "" derives one from the title
  std::string content;   // HTML, before the sanitiser
  std::string excerpt;   // plain text; "" derives one as ours is
  std::string category;  // the name; "" for none
  std::string cover_image;
  std::optional<std::string> language;  // as the source names it ("cs_CZ", "#en" stripped), nullopt: none
  bool published = false;
  std::optional<std::int64_t> published_at_ms;
  std::string author;                  // the source's key of its author (login, user id)
  std::vector<std::string> old_paths;  // its old addresses (paths), to redirect
  std::vector<std::string> problems;   // what the report should say about it
  bool body_unreadable = false;        // content is empty as the source could not read it (problems say so)
};

struct source_author {
  std::string key;
  std::string login;
  std::string email;
};

}  // namespace blog::import
