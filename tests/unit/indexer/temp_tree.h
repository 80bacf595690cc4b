// Test helpers for the walker tests: a temporary directory tree removed at scope exit, and a
// scope that drops this thread's permission-bypassing capabilities (tests may run as root).
#pragma once

#include <linux/capability.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace cg::indexer::testing {

class TempTree {
 public:
  TempTree() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "cg-walk-XXXXXX").string();
    if (::mkdtemp(tmpl.data()) == nullptr) std::abort();
    root_ = std::filesystem::canonical(tmpl);
  }
  ~TempTree() {
    // chmod 000 entries would stop remove_all: give everything back its permissions first.
    std::error_code ec;
    ::chmod(root_.c_str(), 0755);
    for (auto it = std::filesystem::recursive_directory_iterator(
             root_, std::filesystem::directory_options::skip_permission_denied, ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
      if (!it->is_symlink()) ::chmod(it->path().c_str(), it->is_directory() ? 0755 : 0644);
    }
    std::filesystem::remove_all(root_, ec);
  }
  TempTree(const TempTree&) = delete;
  TempTree& operator=(const TempTree&) = delete;

  const std::filesystem::path& root() const { return root_; }
  std::filesystem::path path(const std::string& rel) const { return root_ / rel; }

  void write(const std::string& rel, const std::string& content) const {
    std::filesystem::path p = root_ / rel;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary);
    out << content;
  }
  void mkdir(const std::string& rel) const { std::filesystem::create_directories(root_ / rel); }
  void symlink(const std::string& target, const std::string& rel) const {
    std::filesystem::create_directories((root_ / rel).parent_path());
    std::filesystem::create_symlink(target, root_ / rel);
  }
  // Runs a shell command in the tree (test setup only, e.g. git init); true on exit status 0.
  bool sh(const std::string& command) const {
    std::string full = "cd '" + root_.string() + "' && " + command + " >/dev/null 2>&1";
    return std::system(full.c_str()) == 0;
  }

 private:
  std::filesystem::path root_;
};

// Clears CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH from this thread's effective set (threads it
// starts inherit that) and restores them at scope exit. Capabilities are per thread on Linux,
// so the rest of the test binary is unaffected.
class DropFileCapabilities {
 public:
  DropFileCapabilities() {
    header_.version = _LINUX_CAPABILITY_VERSION_3;
    header_.pid = 0;
    if (::syscall(SYS_capget, &header_, saved_) != 0) return;
    __user_cap_data_struct reduced[2] = {saved_[0], saved_[1]};
    reduced[0].effective &= ~((1u << CAP_DAC_OVERRIDE) | (1u << CAP_DAC_READ_SEARCH));
    active_ = ::syscall(SYS_capset, &header_, reduced) == 0;
  }
  ~DropFileCapabilities() {
    if (active_) ::syscall(SYS_capset, &header_, saved_);
  }
  DropFileCapabilities(const DropFileCapabilities&) = delete;
  DropFileCapabilities& operator=(const DropFileCapabilities&) = delete;

 private:
  __user_cap_header_struct header_{};
  __user_cap_data_struct saved_[2]{};
  bool active_ = false;
};

// True when this thread can open `path` for reading (root usually can, whatever its mode).
inline bool canRead(const std::filesystem::path& path) {
  std::ifstream in(path);
  return in.is_open();
}

}  // namespace cg::indexer::testing
