// Recognising the highlight headings in either language, folded as slugs are.
#include "blog/domain/render/highlight_headings.hpp"

#include "blog/domain/render/slug.hpp"

#include <string>
#include <utility>
#include <vector>

namespace blog::render {

highlight_role highlight_role_of(std::string_view text) {
  // Folded once: every post page asks for each of its h2 headings.
  static const auto folded = [] {
    std::vector<std::pair<std::string, highlight_role>> keys;
    for (const auto& h : highlight_headings) {
      keys.emplace_back(slugify(h.en), h.role);
      keys.emplace_back(slugify(h.cs), h.role);
    }
    return keys;
  }();
  const std::string key = slugify(text);
  for (const auto& [name, role] : folded) {
    if (key == name) return role;
  }
  return highlight_role::none;
}

}  // namespace blog::render
