// PHP's serialize() format, as Polylang stores a translation group (language → post id) in a term.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace blog::import {

// Reads the language → post id map of a Polylang post_translations term: a PHP serialised array
// whose keys are language slugs and whose values are post ids (integers, or strings of digits),
// e.g. a:2:{s:2:"en";i:12;s:2:"cs";i:14;}. Nested arrays, objects (O:, C:), references (r:, R:)
// and entries that are not slug → positive id are left out; an array of a different shape gives
// an empty map. nullopt when `text` is not one well-formed serialised value (a length that runs
// past the end, a count that does not match, trailing bytes, nesting deeper than 16). Never
// throws but std::bad_alloc; reads at most text.size() bytes.
std::optional<std::map<std::string, long long>> parse_php_id_map(std::string_view text);

}  // namespace blog::import
