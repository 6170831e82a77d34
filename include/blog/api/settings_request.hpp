// The body of PATCH /api/site-settings, its JSON decoded (tag_invoke) into the fields the settings
// rules take, so the rules never read JSON.
#pragma once

#include "blog/domain/site_settings.hpp"

#include <boost/json/fwd.hpp>

namespace blog::domain {

// Found by argument-dependent lookup from boost::json::value_to<settings_patch>, hence in the
// domain's namespace; defined beside the handler (src/api/site_settings_api.cpp). A field of the
// wrong type, null included, becomes one of patch.problems ('siteTitle must be text',
// 'imageOnRight must be true or false').
settings_patch tag_invoke(const boost::json::value_to_tag<settings_patch>&, const boost::json::value& v);

}  // namespace blog::domain
