// Expected<T>: a value or an Error, returned across module boundaries instead of throwing.
// Error carries a machine-readable code and one human sentence; no exception crosses a module.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace cg {

enum class ErrorCode {
  kInvalidArgument,  // the caller's input is wrong (maps to isError / exit code 2)
  kNotFound,
  kIo,               // file system or database I/O failed
  kCorrupt,          // on-disk data is unreadable or of a foreign version
  kBusy,             // another process holds a resource
  kCancelled,
  kDeadline,
  kInternal,
};

struct Error {
  ErrorCode code = ErrorCode::kInternal;
  std::string message;
};

inline Error makeError(ErrorCode code, std::string message) { return Error{code, std::move(message)}; }

template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}           // NOLINT: implicit by design
  Expected(Error error) : v_(std::move(error)) {}       // NOLINT: implicit by design

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { assert(ok()); return std::get<0>(v_); }
  const T& value() const& { assert(ok()); return std::get<0>(v_); }
  T&& value() && { assert(ok()); return std::get<0>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const { assert(!ok()); return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

// Expected<void>: success or an Error.
struct Unit {};
using Status = Expected<Unit>;
inline Status okStatus() { return Unit{}; }

}  // namespace cg
