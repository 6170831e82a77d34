// Sets up spdlog for the executables: plain lines, or one JSON object per line.
#include "blog/core/logging.hpp"

#include <spdlog/pattern_formatter.h>
#include <spdlog/spdlog.h>
#include <boost/json.hpp>

#include <ctime>

namespace blog {
namespace {

// Extra keys (",\"k\":v…") the next line written on this thread carries; set by log_access.
thread_local std::string extra_fields;

void put(spdlog::memory_buf_t& dest, std::string_view text) {
  dest.append(text.data(), text.data() + text.size());
}

boost::json::string_view json_text(std::string_view text) {
  return {text.data(), text.size()};
}

void append_json_string(spdlog::memory_buf_t& dest, std::string_view text) {
  put(dest, boost::json::serialize(boost::json::value(json_text(text))));
}

class json_formatter final : public spdlog::formatter {
 public:
  void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override {
    auto since_epoch = msg.time.time_since_epoch();
    auto seconds = std::chrono::duration_cast<std::chrono::seconds>(since_epoch);
    auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(since_epoch - seconds).count();
    std::time_t t = seconds.count();
    std::tm utc{};
    gmtime_r(&t, &utc);
    char time[40];
    std::size_t n = std::strftime(time, sizeof time, "%Y-%m-%dT%H:%M:%S", &utc);
    std::snprintf(time + n, sizeof time - n, ".%03dZ", static_cast<int>(millis));
    auto level = spdlog::level::to_string_view(msg.level);
    put(dest, "{\"time\":\"");
    put(dest, time);
    put(dest, "\",\"level\":\"");
    put(dest, std::string_view(level.data(), level.size()));
    put(dest, "\",\"message\":");
    append_json_string(dest, std::string_view(msg.payload.data(), msg.payload.size()));
    put(dest, extra_fields);
    put(dest, "}\n");
  }
  std::unique_ptr<spdlog::formatter> clone() const override { return std::make_unique<json_formatter>(); }
};

bool json_logs = false;

}  // namespace

void setup_logging(const std::string& level, const std::string& format) {
  json_logs = format == "json";
  if (json_logs) {
    spdlog::set_formatter(std::make_unique<json_formatter>());
  } else {
    spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
  }
  auto parsed = spdlog::level::from_str(level);
  spdlog::set_level(parsed == spdlog::level::off && level != "off" ? spdlog::level::info : parsed);
}

void log_access(const access_entry& e) {
  if (!spdlog::should_log(spdlog::level::info)) return;
  try {
    double ms = static_cast<double>(e.elapsed.count()) / 1000.0;
    if (!json_logs) {
      spdlog::info("{} {} {} {}B {}us id={}", e.method, e.path, e.status, e.bytes, e.elapsed.count(), e.request_id);
      return;
    }
    boost::json::object fields{{"requestId", json_text(e.request_id)},
                               {"method", json_text(e.method)},
                               {"path", json_text(e.path)},
                               {"route", json_text(e.route)},
                               {"status", e.status},
                               {"bytes", e.bytes},
                               {"ms", ms},
                               {"client", json_text(e.client)}};
    auto text = boost::json::serialize(fields);
    extra_fields = "," + text.substr(1, text.size() - 2);
    spdlog::info("{} {} {}", e.method, e.path, e.status);
    extra_fields.clear();
  } catch (...) {
    extra_fields.clear();
  }
}

}  // namespace blog
