// The precompiled header every layer shares: the standard library, logging and JSON, which every
// layer may use. A layer's own heavy headers (the store's libpqxx) go into a PCH of its own.
#pragma once
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <spdlog/spdlog.h>
#include <boost/json.hpp>
