#include "git_files.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

extern char** environ;

namespace cg::indexer {
namespace {

// Closes the descriptors and frees the spawn objects on every path out.
struct SpawnResources {
  int pipe[2] = {-1, -1};
  posix_spawn_file_actions_t actions{};
  posix_spawnattr_t attr{};
  bool actionsInit = false, attrInit = false;
  ~SpawnResources() {
    for (int fd : pipe)
      if (fd >= 0) ::close(fd);
    if (actionsInit) posix_spawn_file_actions_destroy(&actions);
    if (attrInit) posix_spawnattr_destroy(&attr);
  }
};

std::vector<std::string> childEnvironment() {
  std::vector<std::string> env;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e)
    if (std::strncmp(*e, "GIT_", 4) != 0) env.emplace_back(*e);
  env.emplace_back("GIT_OPTIONAL_LOCKS=0");
  return env;
}

}  // namespace

Expected<std::string> runGit(const std::filesystem::path& root, const std::vector<std::string>& args) {
  SpawnResources r;
  if (::pipe2(r.pipe, O_CLOEXEC) != 0)
    return makeError(ErrorCode::kIo, std::string("pipe: ") + std::strerror(errno));
  r.actionsInit = posix_spawn_file_actions_init(&r.actions) == 0;
  r.attrInit = posix_spawnattr_init(&r.attr) == 0;
  if (!r.actionsInit || !r.attrInit) return makeError(ErrorCode::kIo, "posix_spawn init failed");
  posix_spawn_file_actions_addopen(&r.actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&r.actions, r.pipe[1], 1);
  posix_spawn_file_actions_addopen(&r.actions, 2, "/dev/null", O_WRONLY, 0);
  // The child starts with no blocked signals and default SIGPIPE, whatever this process set.
  sigset_t empty, defaults;
  sigemptyset(&empty);
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigmask(&r.attr, &empty);
  posix_spawnattr_setsigdefault(&r.attr, &defaults);
  posix_spawnattr_setflags(&r.attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  const std::string rootStr = root.string();
  std::vector<const char*> argv = {"git", "-C", rootStr.c_str(), "-c", "core.fsmonitor=false",
                                   "-c", "core.hooksPath=/dev/null", "-c", "core.quotePath=false"};
  for (const auto& a : args) argv.push_back(a.c_str());
  argv.push_back(nullptr);
  std::vector<std::string> envStrings = childEnvironment();
  std::vector<char*> envp;
  for (auto& s : envStrings) envp.push_back(s.data());
  envp.push_back(nullptr);

  pid_t pid = -1;
  int rc = posix_spawnp(&pid, "git", &r.actions, &r.attr, const_cast<char* const*>(argv.data()),
                        envp.data());
  if (rc != 0) {
    return makeError(rc == ENOENT ? ErrorCode::kNotFound : ErrorCode::kIo,
                     std::string("cannot run git: ") + std::strerror(rc));
  }
  ::close(r.pipe[1]);
  r.pipe[1] = -1;

  std::string out;
  std::array<char, 65536> buf;
  int readErr = 0;
  while (true) {
    ssize_t n = ::read(r.pipe[0], buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      readErr = errno;
      break;
    }
    if (n == 0) break;
    out.append(buf.data(), static_cast<size_t>(n));
  }
  ::close(r.pipe[0]);  // a child still writing gets SIGPIPE and exits
  r.pipe[0] = -1;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR)
      return makeError(ErrorCode::kIo, std::string("waitpid: ") + std::strerror(errno));
  }
  if (readErr != 0)
    return makeError(ErrorCode::kIo, std::string("reading git output: ") + std::strerror(readErr));
  const std::string what = "git " + (args.empty() ? std::string() : args.front());
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return makeError(ErrorCode::kIo,
                     WIFEXITED(status)
                         ? what + " exited with status " + std::to_string(WEXITSTATUS(status))
                         : what + " was killed by signal " + std::to_string(WTERMSIG(status)));
  }
  return out;
}

Expected<std::vector<std::string>> listGitFiles(const std::filesystem::path& root) {
  auto listed = runGit(root, {"ls-files", "-z", "--cached", "--others", "--exclude-standard"});
  if (!listed) return listed.error();
  const std::string& out = *listed;
  std::vector<std::string> paths;
  size_t start = 0;
  while (start < out.size()) {
    size_t end = out.find('\0', start);
    if (end == std::string::npos) end = out.size();
    if (end > start && out[end - 1] != '/') paths.emplace_back(out, start, end - start);
    start = end + 1;
  }
  return paths;
}

}  // namespace cg::indexer
