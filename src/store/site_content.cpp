// content.json read as a stream (see site_content.hpp): no database here, so the fuzzer builds it.
#include "blog/store/site_content.hpp"

#include "blog/core/error.hpp"

#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/value_stack.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace blog::store {

bool is_site_list(std::string_view name) {
  return std::find(site_lists.begin(), site_lists.end(), name) != site_lists.end();
}

namespace {

// boost::json's basic_parser handler for content.json: the top-level object's members are handed
// over one by one, and a list's rows one by one as each is complete, so that only one row is ever
// built. Rows and fields are built on a value_stack, as boost::json::parser builds a document.
class content_handler {
 public:
  static constexpr std::size_t max_array_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_object_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_string_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_key_size = static_cast<std::size_t>(-1);

  explicit content_handler(const site_content_handlers& to) : to_(to) {}

  bool on_document_begin(boost::system::error_code&) { return true; }
  bool on_document_end(boost::system::error_code&) { return true; }

  bool on_object_begin(boost::system::error_code&) {
    if (depth_ == 0) {
      depth_ = 1;  // the document itself
      return true;
    }
    value_begins();
    ++depth_;
    return true;
  }
  bool on_object_end(std::size_t n, boost::system::error_code&) {
    if (depth_ == 1) {
      depth_ = 0;
      return true;
    }
    stack_.push_object(n);
    --depth_;
    value_ends();
    return true;
  }
  bool on_array_begin(boost::system::error_code&) {
    if (depth_ == 1 && !building_ && is_site_list(key_)) {
      list_ = key_;
      depth_ = 2;
      if (to_.list) to_.list(list_);
      return true;
    }
    value_begins();
    ++depth_;
    return true;
  }
  bool on_array_end(std::size_t n, boost::system::error_code&) {
    if (depth_ == 2 && !building_ && !list_.empty()) {
      list_.clear();
      depth_ = 1;
      return true;
    }
    stack_.push_array(n);
    --depth_;
    value_ends();
    return true;
  }
  bool on_key_part(boost::json::string_view s, std::size_t, boost::system::error_code&) {
    if (depth_ == 1)
      key_part_.append(s.data(), s.size());
    else
      stack_.push_chars(s);
    return true;
  }
  bool on_key(boost::json::string_view s, std::size_t, boost::system::error_code&) {
    if (depth_ == 1) {
      key_ = std::move(key_part_);
      key_.append(s.data(), s.size());
      key_part_.clear();
    } else {
      stack_.push_key(s);
    }
    return true;
  }
  bool on_string_part(boost::json::string_view s, std::size_t, boost::system::error_code&) {
    value_begins();
    stack_.push_chars(s);
    return true;
  }
  bool on_string(boost::json::string_view s, std::size_t, boost::system::error_code&) {
    value_begins();
    stack_.push_string(s);
    value_ends();
    return true;
  }
  bool on_number_part(boost::json::string_view, boost::system::error_code&) { return true; }
  bool on_int64(std::int64_t i, boost::json::string_view, boost::system::error_code&) {
    value_begins();
    stack_.push_int64(i);
    value_ends();
    return true;
  }
  bool on_uint64(std::uint64_t u, boost::json::string_view, boost::system::error_code&) {
    value_begins();
    stack_.push_uint64(u);
    value_ends();
    return true;
  }
  bool on_double(double d, boost::json::string_view, boost::system::error_code&) {
    value_begins();
    stack_.push_double(d);
    value_ends();
    return true;
  }
  bool on_bool(bool b, boost::system::error_code&) {
    value_begins();
    stack_.push_bool(b);
    value_ends();
    return true;
  }
  bool on_null(boost::system::error_code&) {
    value_begins();
    stack_.push_null();
    value_ends();
    return true;
  }
  bool on_comment_part(boost::json::string_view, boost::system::error_code&) { return true; }
  bool on_comment(boost::json::string_view, boost::system::error_code&) { return true; }

 private:
  void value_begins() {
    if (depth_ == 0) throw invalid("The export's content.json is not a JSON object");
    if (building_) return;
    stack_.reset();
    building_ = true;
    base_ = depth_;
  }
  void value_ends() {
    if (!building_ || depth_ != base_) return;
    building_ = false;
    auto value = stack_.release();
    if (base_ == 2) {
      if (to_.row) to_.row(list_, std::move(value));
    } else if (to_.field) {
      to_.field(key_, std::move(value));
    }
  }

  const site_content_handlers& to_;
  boost::json::value_stack stack_;
  int depth_ = 0;  // containers open
  bool building_ = false;
  int base_ = 0;     // depth_ where the value being built began: 1 a field, 2 a row
  std::string key_;  // the top-level member being read
  std::string key_part_;
  std::string list_;  // the list being read, "" outside one
};

}  // namespace

void read_site_content(const content_source& read, const site_content_handlers& handlers) {
  boost::json::basic_parser<content_handler> parser(boost::json::parse_options{}, handlers);
  std::vector<char> buffer(std::size_t{1} << 16);
  std::uint64_t offset = 0;
  auto refuse = [&](std::size_t consumed, const boost::system::error_code& ec) {
    throw invalid("The export's content.json is not JSON (at byte " + std::to_string(offset + consumed) +
                  "): " + ec.message());
  };
  for (;;) {
    auto n = read(buffer.data(), buffer.size());
    boost::system::error_code ec;
    auto consumed = parser.write_some(n > 0, buffer.data(), n, ec);
    if (ec) refuse(consumed, ec);
    if (n == 0) break;
    if (consumed < n) refuse(consumed, boost::json::error::extra_data);
    offset += n;
  }
}

}  // namespace blog::store
