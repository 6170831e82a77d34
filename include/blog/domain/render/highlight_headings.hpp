// The h2 headings that open and close a post's highlighted boxes (spec §2, Post detail), in
// English and Czech: the one list the post page, the previews and the AI prompts read.
#pragma once

#include <array>
#include <string_view>

namespace blog::render {

// What an h2 does to the boxes: opens one (ending the one before), closes the open one, or nothing.
enum class highlight_role { none, opens, closes };

struct highlight_heading {
  std::string_view en;
  std::string_view cs;
  highlight_role role;
};

// The openers in the spec's order, then the closer. The web app keeps the same list in
// web/src/lib/highlight-headings.ts.
inline constexpr std::array<highlight_heading, 5> highlight_headings = {{
    {"Key Points", "Klíčové body", highlight_role::opens},
    {"Key Features", "Hlavní funkce", highlight_role::opens},
    {"Benefits", "Výhody", highlight_role::opens},
    {"Implementation", "Implementace", highlight_role::opens},
    {"Conclusion", "Závěr", highlight_role::closes},
}};

// The heading's name in `language` ("cs": Czech, anything else: English). Does not fail.
constexpr std::string_view heading_in(const highlight_heading& h, std::string_view language) noexcept {
  return language == "cs" ? h.cs : h.en;
}

// The role of an h2 whose plain text (tags dropped, entities decoded) is `text`, in either
// language, compared as slugs are made: case, diacritics and punctuation ignored, so
// "KLICOVE BODY", "Závěr:" and "key points" all count. Never fails (but std::bad_alloc).
[[nodiscard]] highlight_role highlight_role_of(std::string_view text);

}  // namespace blog::render
