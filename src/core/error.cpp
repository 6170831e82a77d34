// Validation errors: invalid with a message per field.
#include "blog/core/error.hpp"

namespace blog {

error validation_error(field_errors fields) {
  const std::string message = fields.empty() ? "Invalid input" : fields.begin()->second;
  return error(error_kind::invalid, message, std::move(fields));
}

}  // namespace blog
