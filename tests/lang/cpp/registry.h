// registry.h - a header-only plugin registry (a .h file: C++ because it declares a namespace).
#ifndef PLUGIN_REGISTRY_H
#define PLUGIN_REGISTRY_H

#include <functional>
#include <map>
#include <mutex>

namespace plugins::detail {

template <typename T>
inline constexpr bool is_plugin_v = sizeof(T) > 0;

/// Hashes plugin names (FNV-1a).
inline unsigned long fnv1a(const char* s) {
  unsigned long h = 1469598103934665603UL;
  while (*s) h = (h ^ static_cast<unsigned char>(*s++)) * 1099511628211UL;
  return h;
}

}  // namespace plugins::detail

namespace plugins {

typedef void (*InitFn)(int flags);

static std::mutex registry_mutex;
static int registry_generation = 0, *registry_generation_ptr = &registry_generation;

/// Keeps factories by name.
template <typename Base>
class Registry {
 public:
  using Factory = std::function<Base*()>;

  Registry() = default;
  ~Registry() { clear(); }

  bool add(const char* name, Factory factory);
  Base* create(const char* name) const;
  explicit operator bool() const { return !factories_.empty(); }
  friend bool operator==(const Registry& a, const Registry& b) { return a.factories_ == b.factories_; }

#ifdef PLUGINS_DEBUG
  void dump() const;
#else
  void dump() const {}
#endif

  /// One registered factory.
  struct Entry {
    Factory factory;
    unsigned long hash = 0;
    bool matches(const char* name) const;
  };

 protected:
  void clear() { factories_.clear(); }

 private:
  std::map<unsigned long, Entry> factories_;
  mutable int lookups_ = 0;
};

template <typename Base>
bool Registry<Base>::add(const char* name, Factory factory) {
  std::lock_guard<std::mutex> lock(registry_mutex);
  Entry& e = factories_[detail::fnv1a(name)];
  if (e.factory) return false;
  e.factory = std::move(factory);
  ++registry_generation;
  return true;
}

template <typename Base>
Base* Registry<Base>::create(const char* name) const {
  ++lookups_;
  auto it = factories_.find(detail::fnv1a(name));
  return it == factories_.end() ? nullptr : it->second.factory();
}

template <>
class Registry<void> {
 public:
  bool add(const char*, std::function<void*()>) { return false; }
};

template <typename T>
T* make_default() {
  static_assert(detail::is_plugin_v<T>, "not a plugin");
  return new T();
}

}  // namespace plugins

extern "C" {
/// C entry point: number of registrations so far.
int plugins_generation(void) { return plugins::registry_generation; }
}

#endif  // PLUGIN_REGISTRY_H
