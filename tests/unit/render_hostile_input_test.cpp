// Unit tests: the sanitiser and the markdown renderer stay linear on hostile input (issue 10) and
// still give well-formed HTML. Time for an input of size n and 4n is compared as a ratio, so the
// tests hold on a slow or busy machine (CPU time of the thread) and under the sanitizer build.
#include <blog/domain/render/html.hpp>
#include <blog/domain/render/post_content.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <time.h>

namespace {

using blog::render::render_post_html;
using blog::render::sanitize_html;

// Linear work on 4x the input takes about 4x the time; quadratic takes 16x. 8 leaves room for
// caches and noise without letting a quadratic one through.
constexpr double max_growth = 8.0;

std::string repeat(std::string_view unit, std::size_t times) {
  std::string out;
  out.reserve(unit.size() * times);
  for (std::size_t i = 0; i < times; ++i) out += unit;
  return out;
}

// CPU time of this thread in seconds: unlike the wall clock, it does not count the time other
// processes of a busy machine had the CPU.
double thread_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// The shortest of several runs, in CPU seconds: what the other runs took more is noise.
double fastest_seconds(const std::function<std::string(std::string_view)>& render, const std::string& input,
                       std::string& output) {
  double best = 1e9;
  for (int run = 0; run < 3; ++run) {
    double start = thread_cpu_seconds();
    output = render(input);
    best = std::min(best, thread_cpu_seconds() - start);
  }
  return best;
}

// Elements the output may leave without an end tag.
bool is_void(std::string_view name) {
  return name == "br" || name == "hr" || name == "img";
}

// True when every start tag in html is closed in order and every end tag was opened: the
// sanitiser promises it, and a renderer that gives up on deep input must not break it.
::testing::AssertionResult well_formed(std::string_view html) {
  std::vector<std::string_view> open;
  for (std::size_t at = html.find('<'); at != std::string_view::npos; at = html.find('<', at + 1)) {
    auto end = html.find('>', at);
    if (end == std::string_view::npos) return ::testing::AssertionFailure() << "a tag is cut at byte " << at;
    bool closing = html[at + 1] == '/';
    auto name_start = at + (closing ? 2 : 1);
    auto name_end = html.find_first_of(" />", name_start);
    auto name = html.substr(name_start, name_end - name_start);
    if (closing) {
      if (open.empty() || open.back() != name)
        return ::testing::AssertionFailure() << "</" << name << "> at byte " << at << " closes nothing open";
      open.pop_back();
    } else if (!is_void(name)) {
      open.push_back(name);
    }
    at = end;
  }
  if (!open.empty()) return ::testing::AssertionFailure() << open.size() << " elements are left open";
  return ::testing::AssertionSuccess();
}

struct hostile_case {
  const char* name;
  std::function<std::string(std::size_t)> make;  // the input of size about n
  std::size_t n;
};

// Renders each case at n and 4n and checks the growth of the time and the output's shape.
void expect_linear(const std::function<std::string(std::string_view)>& render, const std::vector<hostile_case>& cases) {
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    std::string small_out;
    std::string large_out;
    // Warm up allocators and caches on the small input first.
    (void)render(c.make(c.n));
    double small = fastest_seconds(render, c.make(c.n), small_out);
    double large = fastest_seconds(render, c.make(4 * c.n), large_out);
    // Below a fifth of a millisecond the clock dominates; such a run is not quadratic at these sizes.
    double ratio = large / std::max(small, 2e-4);
    EXPECT_LT(ratio, max_growth) << c.name << ": n took " << small << " s, 4n took " << large << " s";
    EXPECT_TRUE(well_formed(small_out));
    EXPECT_TRUE(well_formed(large_out));
  }
}

TEST(RenderHostileInput, SanitiserStaysLinearOnFloodsDeepNestingAndLongRuns) {
  expect_linear(
      sanitize_html,
      {
          {"attribute flood", [](std::size_t n) { return "<p " + repeat("title=\"x\" onclick=\"y\" ", n) + ">t</p>"; },
           20000},
          {"many attributes on many tags",
           [](std::size_t n) { return repeat("<a href=\"https://x\" title=\"t\" rel=\"r\" data-x=\"1\">a</a>", n); },
           5000},
          {"nested divs", [](std::size_t n) { return repeat("<div>", n) + "x" + repeat("</div>", n); }, 10000},
          {"nested lists", [](std::size_t n) { return repeat("<ul><li>", n) + "x"; }, 10000},
          {"nested blockquotes", [](std::size_t n) { return repeat("<blockquote>", n) + "x"; }, 10000},
          {"nested inline tags", [](std::size_t n) { return repeat("<b><i><u><s>", n) + "x"; }, 10000},
          {"one character", [](std::size_t n) { return std::string(n, 'a'); }, 256 * 1024},
          {"less-than signs", [](std::size_t n) { return std::string(n, '<'); }, 256 * 1024},
          {"ampersands", [](std::size_t n) { return std::string(n, '&'); }, 256 * 1024},
          {"unclosed paragraphs", [](std::size_t n) { return repeat("<p>x", n); }, 10000},
          {"unclosed links", [](std::size_t n) { return repeat("<a href=\"/x\">y", n); }, 10000},
          {"unclosed table cells", [](std::size_t n) { return repeat("<table><tr><td>", n); }, 2500},
          {"unclosed comments and tags", [](std::size_t n) { return repeat("<!--<p x=\"", n); }, 40000},
          {"stray end tags", [](std::size_t n) { return "<div>" + repeat("</p></li></td>", n); }, 10000},
      });
}

TEST(RenderHostileInput, MarkdownRendererStaysLinearOnDeepNestingAndLongRuns) {
  expect_linear(
      render_post_html,
      {
          {"nested blockquotes", [](std::size_t n) { return repeat(">", n) + " x\n"; }, 10000},
          {"nested lists",
           [](std::size_t n) {
             std::string out;
             for (std::size_t i = 0; i < n; ++i) out += std::string(2 * std::min<std::size_t>(i, 64), ' ') + "- x\n";
             return out;
           },
           2500},
          {"one character", [](std::size_t n) { return std::string(n, 'a'); }, 256 * 1024},
          {"asterisks and spaces", [](std::size_t n) { return repeat("* ", n) + "x"; }, 16 * 1024},
          {"underscores in words", [](std::size_t n) { return repeat("a_", n); }, 32 * 1024},
          {"open brackets", [](std::size_t n) { return std::string(n, '['); }, 64 * 1024},
          {"backticks", [](std::size_t n) { return repeat("`a", n); }, 32 * 1024},
          {"unclosed emphasis", [](std::size_t n) { return repeat("*a **b ", n); }, 16 * 1024},
          {"link brackets", [](std::size_t n) { return repeat("[a](", n); }, 16 * 1024},
          {"less-than signs", [](std::size_t n) { return std::string(n, '<'); }, 64 * 1024},
          {"many lines of one character", [](std::size_t n) { return repeat("-\n", n); }, 32 * 1024},
          {"html content with unclosed tags", [](std::size_t n) { return "<p>" + repeat("<em>x<strong>", n); }, 5000},
      });
}

}  // namespace
