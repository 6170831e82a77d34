// The bound and the queue-time metric of the server's pools for blocking work.
#include "blog/http/workers.hpp"

#include "blog/http/request_metrics.hpp"

namespace blog::http {

void worker_pool::enter() {
  if (bound_ == 0) return;
  if (pending_.fetch_add(1) >= bound_) {
    pending_.fetch_sub(1);
    throw pool_full();
  }
}

void worker_pool::leave() noexcept {
  if (bound_ != 0) pending_.fetch_sub(1);
}

std::chrono::steady_clock::time_point worker_pool::queued() noexcept {
  if (counted_) counted_->queued();
  return std::chrono::steady_clock::now();
}

void worker_pool::started(std::chrono::steady_clock::time_point queued_at) noexcept {
  if (counted_)
    counted_->started(
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - queued_at));
}

}  // namespace blog::http
