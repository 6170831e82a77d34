// Validation errors: 400 with a message per field.
#include "blog/api/error.hpp"

namespace blog::api {

error validation_error(field_errors fields) {
  std::string message = fields.empty() ? "Invalid input" : fields.begin()->second;
  return error(400, std::move(message), std::move(fields));
}

}  // namespace blog::api
