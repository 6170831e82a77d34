// An immutable ordered map whose versions share structure: a treap with path copying, so that
// setting or erasing a key makes a new version in O(log n) while readers keep the old one.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace blog::readmodel {

// Less orders the keys; Hash gives each key its heap priority, so the shape of the tree depends
// only on the set of keys (balanced in expectation, whatever the order of changes).
template <class K, class V, class Less = std::less<K>, class Hash = std::hash<K>>
class persistent_map {
  struct node;
  using ptr = std::shared_ptr<const node>;

  struct node {
    std::pair<K, V> item;
    std::uint64_t priority;
    std::size_t size;
    ptr left;
    ptr right;
  };

 public:
  using value_type = std::pair<K, V>;

  // In-order traversal; valid while the map version it came from is alive.
  class iterator {
   public:
    using value_type = std::pair<K, V>;
    using difference_type = std::ptrdiff_t;
    using reference = const value_type&;
    using pointer = const value_type*;
    using iterator_category = std::forward_iterator_tag;

    iterator() = default;
    reference operator*() const { return path_.back()->item; }
    pointer operator->() const { return &path_.back()->item; }
    iterator& operator++() {
      const node* n = path_.back();
      path_.pop_back();
      for (const node* c = n->right.get(); c; c = c->left.get()) path_.push_back(c);
      return *this;
    }
    bool operator==(const iterator& other) const {
      return path_.empty() ? other.path_.empty() : !other.path_.empty() && path_.back() == other.path_.back();
    }

   private:
    friend class persistent_map;
    // The nodes still to visit, the next one last: each is the in-order successor of the one above.
    std::vector<const node*> path_;
  };

  // The values of a map in key order (e.g. `for (const auto* e : map.values())`).
  class value_range {
   public:
    class value_iterator {
     public:
      using value_type = V;
      using difference_type = std::ptrdiff_t;
      using reference = const V&;
      using pointer = const V*;
      using iterator_category = std::forward_iterator_tag;
      value_iterator() = default;
      explicit value_iterator(iterator it) : it_(std::move(it)) {}
      reference operator*() const { return it_->second; }
      value_iterator& operator++() {
        ++it_;
        return *this;
      }
      bool operator==(const value_iterator& other) const { return it_ == other.it_; }

     private:
      iterator it_;
    };
    explicit value_range(const persistent_map& map) : map_(&map) {}
    value_iterator begin() const { return value_iterator(map_->begin()); }
    value_iterator end() const { return value_iterator(map_->end()); }
    std::size_t size() const { return map_->size(); }

   private:
    const persistent_map* map_;
  };

  persistent_map() = default;

  // A map of `items` in O(n), sorted here; of equal keys the first stays. The same tree as n sets
  // would give (each key's priority is its hash), without their n log n copied nodes: a start.
  static persistent_map from_items(std::vector<std::pair<K, V>> items) {
    std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return Less{}(a.first, b.first); });
    items.erase(
        std::unique(items.begin(), items.end(), [](const auto& a, const auto& b) { return !Less{}(a.first, b.first); }),
        items.end());
    // The Cartesian tree of the priorities (a max-heap over in-order keys), by the stack method.
    const std::size_t n = items.size();
    constexpr std::size_t none = static_cast<std::size_t>(-1);
    std::vector<std::uint64_t> priority(n);
    std::vector<std::size_t> left(n, none), right(n, none), stack;
    for (std::size_t i = 0; i < n; ++i) {
      priority[i] = mix(Hash{}(items[i].first));
      std::size_t last = none;
      while (!stack.empty() && priority[stack.back()] < priority[i]) {
        last = stack.back();
        stack.pop_back();
      }
      left[i] = last;
      if (!stack.empty()) right[stack.back()] = i;
      stack.push_back(i);
    }
    if (stack.empty()) return {};
    // Depth is the treap's height (tens of levels), so recursion is safe.
    auto make = [&](auto& self, std::size_t i) -> ptr {
      ptr l = left[i] == none ? nullptr : self(self, left[i]);
      ptr r = right[i] == none ? nullptr : self(self, right[i]);
      auto size = 1 + size_of(l) + size_of(r);
      return std::make_shared<const node>(node{std::move(items[i]), priority[i], size, std::move(l), std::move(r)});
    };
    return persistent_map(make(make, stack.front()));
  }

  std::size_t size() const { return root_ ? root_->size : 0; }
  bool empty() const { return !root_; }

  iterator begin() const {
    iterator it;
    for (const node* n = root_.get(); n; n = n->left.get()) it.path_.push_back(n);
    return it;
  }
  iterator end() const { return iterator(); }
  value_range values() const { return value_range(*this); }

  // The first item whose key comes after `key`.
  iterator upper_bound(const K& key) const {
    iterator it;
    for (const node* n = root_.get(); n;) {
      if (Less{}(key, n->item.first)) {
        it.path_.push_back(n);
        n = n->left.get();
      } else {
        n = n->right.get();
      }
    }
    return it;
  }

  // The value of `key`, or nullptr.
  const V* find(const K& key) const {
    for (const node* n = root_.get(); n;) {
      if (Less{}(key, n->item.first)) {
        n = n->left.get();
      } else if (Less{}(n->item.first, key)) {
        n = n->right.get();
      } else {
        return &n->item.second;
      }
    }
    return nullptr;
  }

  // A new version with `key` set to `value` (inserted or replaced).
  persistent_map set(const K& key, V value) const {
    auto [below, rest] = split(root_, key, false);
    auto [same, above] = split(rest, key, true);
    auto single = std::make_shared<const node>(node{{key, std::move(value)}, mix(Hash{}(key)), 1, nullptr, nullptr});
    return persistent_map(merge(merge(below, single), above));
  }

  // A new version without `key` (the same version when it is absent).
  persistent_map erase(const K& key) const {
    if (!find(key)) return *this;
    auto [below, rest] = split(root_, key, false);
    auto [same, above] = split(rest, key, true);
    return persistent_map(merge(below, above));
  }

 private:
  explicit persistent_map(ptr root) : root_(std::move(root)) {}

  static std::uint64_t mix(std::uint64_t x) {
    // splitmix64's finaliser: spreads nearby hashes (consecutive ids) over the whole range.
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  }

  static std::size_t size_of(const ptr& n) { return n ? n->size : 0; }

  static ptr with_children(const node& n, ptr left, ptr right) {
    auto size = 1 + size_of(left) + size_of(right);
    return std::make_shared<const node>(node{n.item, n.priority, size, std::move(left), std::move(right)});
  }

  // Splits into keys before `key` and the rest; with `inclusive`, into keys up to `key` and after.
  static std::pair<ptr, ptr> split(const ptr& t, const K& key, bool inclusive) {
    if (!t) return {};
    bool goes_left = inclusive ? !Less{}(key, t->item.first) : Less{}(t->item.first, key);
    if (goes_left) {
      auto [l, r] = split(t->right, key, inclusive);
      return {with_children(*t, t->left, std::move(l)), std::move(r)};
    }
    auto [l, r] = split(t->left, key, inclusive);
    return {std::move(l), with_children(*t, std::move(r), t->right)};
  }

  // Joins two trees whose keys are all in order (every key of a before every key of b).
  static ptr merge(const ptr& a, const ptr& b) {
    if (!a) return b;
    if (!b) return a;
    if (a->priority > b->priority) return with_children(*a, a->left, merge(a->right, b));
    return with_children(*b, merge(a, b->left), b->right);
  }

  ptr root_;
};

}  // namespace blog::readmodel
