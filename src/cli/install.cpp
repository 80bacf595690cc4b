// install / uninstall: resolve the client's file, edit it textually, write it atomically.
#include "codegraph/cli/install.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string_view>

#include "codegraph/cli/cli.h"

namespace fs = std::filesystem;

namespace cg::cli {
namespace {

std::vector<std::string_view> splitLines(std::string_view t) {
  std::vector<std::string_view> lines;
  size_t p = 0;
  while (p < t.size()) {
    size_t nl = t.find('\n', p);
    if (nl == std::string_view::npos) nl = t.size();
    lines.push_back(t.substr(p, nl - p));
    p = nl + 1;
  }
  return lines;
}

Expected<std::string> readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return makeError(ErrorCode::kIo, "cannot read " + path.string() + ": " + std::strerror(errno));
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Temporary file beside the target, then rename: a reader never sees half a file. A symlinked
// configuration (dotfile managers) is written through the link; the old permissions are kept.
Status writeAtomically(const fs::path& path, const std::string& text) {
  std::error_code ec;
  fs::path target = path;
  if (fs::is_symlink(path, ec)) {
    fs::path resolved = fs::weakly_canonical(path, ec);
    if (!ec) target = resolved;
  }
  fs::create_directories(target.parent_path(), ec);
  if (ec) return makeError(ErrorCode::kIo, "cannot create " + target.parent_path().string() + ": " + ec.message());
  struct stat st {};
  bool existed = ::stat(target.c_str(), &st) == 0;
  fs::path tmp = target.parent_path() /
                 ("." + target.filename().string() + ".codegraph-" + std::to_string(::getpid()) + ".tmp");
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, existed ? (st.st_mode & 07777) : 0644);
  if (fd < 0) return makeError(ErrorCode::kIo, "cannot write in " + target.parent_path().string() + ": " + std::strerror(errno));
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int saved = errno;
      ::close(fd);
      ::unlink(tmp.c_str());
      return makeError(ErrorCode::kIo, "cannot write " + tmp.string() + ": " + std::strerror(saved));
    }
    done += static_cast<size_t>(n);
  }
  if (existed) {
    (void)::fchmod(fd, st.st_mode & 07777);  // open's mode is masked by the umask
    (void)::fchown(fd, st.st_uid, st.st_gid);  // best effort: only root may give files away
  }
  bool synced = ::fsync(fd) == 0;
  ::close(fd);
  if (!synced || ::rename(tmp.c_str(), target.c_str()) != 0) {
    int saved = errno;
    ::unlink(tmp.c_str());
    return makeError(ErrorCode::kIo, "cannot replace " + target.string() + ": " + std::strerror(saved));
  }
  return okStatus();
}

std::string scopeName(Scope s) { return s == Scope::kUser ? "user" : "project"; }

std::string joinArgs(const OrderedJson& args) {
  std::string out;
  for (const auto& a : args) out += (out.empty() ? "" : " ") + a.get<std::string>();
  return out;
}

}  // namespace

std::string lineDiff(std::string_view before, std::string_view after) {
  auto a = splitLines(before), b = splitLines(after);
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
    ++suffix;
  if (prefix == a.size() && prefix == b.size()) return "";
  size_t from = prefix > 3 ? prefix - 3 : 0;
  std::string out = "@@ line " + std::to_string(from + 1) + " @@\n";
  for (size_t i = from; i < prefix; ++i) out += " " + std::string(a[i]) + "\n";
  for (size_t i = prefix; i < a.size() - suffix; ++i) out += "-" + std::string(a[i]) + "\n";
  for (size_t i = prefix; i < b.size() - suffix; ++i) out += "+" + std::string(b[i]) + "\n";
  for (size_t i = b.size() - suffix, n = 0; i < b.size() && n < 3; ++i, ++n) out += " " + std::string(b[i]) + "\n";
  return out;
}

namespace {

// The first executable `name` in $PATH's folders; empty when there is none.
fs::path findOnPath(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (!path) return {};
  std::string_view rest(path);
  while (true) {
    size_t colon = rest.find(':');
    std::string_view dir = rest.substr(0, colon);
    if (!dir.empty()) {
      fs::path candidate = fs::path(std::string(dir)) / name;
      std::error_code ec;
      if (fs::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    if (colon == std::string_view::npos) return {};
    rest.remove_prefix(colon + 1);
  }
}

}  // namespace

int runInstall(const InstallOptions& o, std::ostream& out, std::ostream& err) {
  const ClientSpec* client = clientById(o.client);
  if (!client) {
    err << "codegraph-mcp: " << (o.client.empty() ? "--client is required" : "unknown client '" + o.client + "'")
        << "; clients: " << clientIds() << "\nTry 'codegraph-mcp help " << (o.uninstall ? "uninstall" : "install") << "'.\n";
    return kExitUsage;
  }
  if (o.name.empty() || o.name.find_first_of("\"\\\n\r\t") != std::string::npos) {
    err << "codegraph-mcp: --name must be a plain, non-empty name\n";
    return kExitUsage;
  }
  const Scope scope = o.scope.value_or(client->defaultScope);

  std::error_code ec;
  fs::path project = fs::current_path(ec);
  if (o.repo) {
    project = fs::absolute(*o.repo, ec);
    if (ec || !fs::is_directory(project, ec)) {
      err << "codegraph-mcp: repository '" << *o.repo << "' does not exist or is not a directory\n";
      return kExitUsage;
    }
  }
  project = fs::weakly_canonical(project, ec);

  const fs::path file = configFile(*client, scope, project, UserDirs::fromEnvironment());
  std::string repoArg(scope == Scope::kProject ? client->projectRepoArg : client->userRepoArg);
  if (scope == Scope::kUser && o.repo) repoArg = project.string();

  // A project's file is shared with every clone: it names the command as found on PATH. A
  // user's file names this binary's absolute path. --binary overrides both.
  fs::path binary = o.binary;
  std::string pathWarning;
  if (binary.empty()) {
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    binary = self;
    if (scope == Scope::kProject) {
      const fs::path onPath = findOnPath("codegraph-mcp");
      if (!onPath.empty()) {
        binary = "codegraph-mcp";
        if (fs::weakly_canonical(onPath, ec) != fs::weakly_canonical(self, ec))
          pathWarning = "note: codegraph-mcp on PATH is " + onPath.string() + ", not this binary (" +
                        self.string() + "); the client runs the one on PATH";
      } else {
        pathWarning = "note: codegraph-mcp is not on PATH, so " + file.string() +
                      " names this machine's path; before sharing it, put the binary on PATH "
                      "(.ci/setup --prefix ~/.local installs it in ~/.local/bin) and run install again";
      }
    }
  }

  std::string before;
  bool exists = fs::exists(file, ec);
  if (exists) {
    if (!fs::is_regular_file(file, ec)) {
      err << "codegraph-mcp: " << file.string() << " is not a regular file; not changing it\n";
      return kExitFailure;
    }
    auto text = readFile(file);
    if (!text) {
      err << "codegraph-mcp: " << text.error().message << "\n";
      return kExitFailure;
    }
    before = std::move(*text);
  } else if (o.uninstall) {
    out << client->name << " (" << scopeName(scope) << " scope): " << file.string()
        << " does not exist; nothing to remove\n";
    return kExitOk;
  }

  const OrderedJson entry = serverEntry(*client, binary.string(), repoArg);
  auto edited = editConfig(*client, before, o.name,
                           o.uninstall ? std::nullopt : std::optional<OrderedJson>(entry));
  if (!edited) {
    err << "codegraph-mcp: " << file.string() << ": " << edited.error().message
        << "\ncodegraph-mcp: the file was not changed; fix it (or move it away) and run this again\n";
    return kExitFailure;
  }

  const std::string label = std::string(client->name) + " (" + scopeName(scope) + " scope)";
  const std::string quoted = "\"" + o.name + "\"";
  const bool changed = edited->outcome == EditOutcome::kAdded || edited->outcome == EditOutcome::kUpdated ||
                       edited->outcome == EditOutcome::kRemoved;
  if (!changed) {
    if (o.uninstall) out << label << ": no " << quoted << " entry in " << file.string() << "; nothing to remove\n";
    else out << label << ": " << quoted << " in " << file.string() << " is already up to date\n";
    return kExitOk;
  }

  std::string verb = edited->outcome == EditOutcome::kAdded     ? "add " + quoted + " to"
                     : edited->outcome == EditOutcome::kUpdated ? "update " + quoted + " in"
                                                                : "remove " + quoted + " from";
  if (o.dryRun) {
    out << label << ": would " << verb << " " << file.string() << (exists ? "" : " (a new file)") << "\n"
        << "--- " << file.string() << (exists ? "" : " (does not exist)") << "\n"
        << "+++ " << file.string() << " (after " << (o.uninstall ? "uninstall" : "install") << ")\n"
        << lineDiff(before, edited->text) << "(dry run: nothing was written)\n";
    if (!pathWarning.empty()) out << pathWarning << "\n";
    return kExitOk;
  }
  if (auto s = writeAtomically(file, edited->text); !s) {
    err << "codegraph-mcp: " << s.error().message << "\n";
    return kExitFailure;
  }
  std::string past = edited->outcome == EditOutcome::kAdded     ? "added " + quoted + " to"
                     : edited->outcome == EditOutcome::kUpdated ? "updated " + quoted + " in"
                                                                : "removed " + quoted + " from";
  out << label << ": " << past << " " << file.string() << "\n";
  if (!o.uninstall) {
    std::string next(scope == Scope::kProject ? client->nextProject : client->nextUser);
    for (auto [key, value] : {std::pair<std::string, std::string>{"{project}", project.string()}, {"{name}", o.name}})
      for (size_t at = next.find(key); at != std::string::npos; at = next.find(key, at + value.size()))
        next.replace(at, key.size(), value);
    out << "  command: " << entry["command"].get<std::string>() << "\n"
        << "  args:    " << joinArgs(entry["args"]) << "\n"
        << "  " << client->howItStarts << ".\n";
    if (!pathWarning.empty()) out << "  " << pathWarning << ".\n";
    out << "Next: " << next << ".\n";
  }
  return kExitOk;
}

}  // namespace cg::cli
