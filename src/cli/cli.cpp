// Option parsing and dispatch of install, uninstall, doctor and help; the default database path.
#include "codegraph/cli/cli.h"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "codegraph/cli/doctor.h"
#include "codegraph/cli/install.h"
#include "codegraph/support/hash.h"
#include "codegraph/support/log.h"

namespace fs = std::filesystem;

namespace cg::cli {
namespace {

int usage(const std::string& command, const std::string& message) {
  std::cerr << "codegraph-mcp: " << message << "\nTry 'codegraph-mcp help " << command << "'.\n";
  return kExitUsage;
}

// --flag VALUE and --flag=VALUE. `handle` returns false for an unknown flag.
struct OptionReader {
  int argc;
  char** argv;
  int i = 2;
  std::string command;

  // Calls onFlag(name, valueGetter) for each option; positional arguments are an error.
  int each(const std::function<bool(const std::string&, const std::function<std::optional<std::string>()>&)>& onFlag) {
    for (; i < argc; ++i) {
      std::string arg = argv[i];
      std::optional<std::string> inlineValue;
      if (arg.rfind("--", 0) == 0 && arg.find('=') != std::string::npos) {
        inlineValue = arg.substr(arg.find('=') + 1);
        arg = arg.substr(0, arg.find('='));
      }
      bool missing = false;
      auto value = [&]() -> std::optional<std::string> {
        if (inlineValue) return inlineValue;
        if (i + 1 >= argc) {
          missing = true;
          return std::nullopt;
        }
        return std::string(argv[++i]);
      };
      if (arg.empty() || arg[0] != '-') return usage(command, "unexpected argument '" + arg + "'");
      if (!onFlag(arg, value)) return usage(command, "unknown option '" + arg + "'");
      if (missing) return usage(command, arg + " needs a value");
    }
    return -1;
  }
};

int commandHelpCmd(int argc, char** argv) {
  if (argc <= 2) {
    std::cout << mainHelp();
    return kExitOk;
  }
  if (argc > 3) return usage("help", "help takes one COMMAND");
  const char* text = commandHelp(argv[2]);
  if (!text) return usage("help", "unknown command '" + std::string(argv[2]) + "'");
  std::cout << text;
  return kExitOk;
}

int commandInstall(int argc, char** argv, bool uninstall) {
  const std::string command = uninstall ? "uninstall" : "install";
  InstallOptions o;
  o.uninstall = uninstall;
  bool help = false;
  std::string badScope;
  OptionReader reader{argc, argv, 2, command};
  int rc = reader.each([&](const std::string& flag, const auto& value) {
    if (flag == "--help" || flag == "-h") help = true;
    else if (flag == "--dry-run" || flag == "-n") o.dryRun = true;
    else if (flag == "--client") o.client = value().value_or("");
    else if (flag == "--repo") o.repo = value();
    else if (flag == "--name") o.name = value().value_or("");
    else if (flag == "--binary") o.binary = value().value_or("");
    else if (flag == "--scope") {
      std::string s = value().value_or("");
      if (s == "user" || s == "global") o.scope = Scope::kUser;
      else if (s == "project") o.scope = Scope::kProject;
      else badScope = s;
    } else return false;
    return true;
  });
  if (rc >= 0) return rc;
  if (help) {
    std::cout << commandHelp(command);
    return kExitOk;
  }
  if (!badScope.empty()) return usage(command, "--scope must be project or user, not '" + badScope + "'");
  if (o.client.empty()) return usage(command, "--client is required (" + clientIds() + ")");
  if (o.repo && o.repo->empty()) return usage(command, "--repo needs a folder");
  return runInstall(o, std::cout, std::cerr);
}

int commandDoctor(int argc, char** argv) {
  DoctorOptions o;
  bool help = false;
  OptionReader reader{argc, argv, 2, "doctor"};
  int rc = reader.each([&](const std::string& flag, const auto& value) {
    if (flag == "--help" || flag == "-h") help = true;
    else if (flag == "--repo") o.repo = value().value_or("");
    else if (flag == "--db") o.db = value().value_or("");
    else if (flag == "--no-git-toplevel") o.gitTopLevel = false;
    else return false;
    return true;
  });
  if (rc >= 0) return rc;
  if (help) {
    std::cout << commandHelp("doctor");
    return kExitOk;
  }
  if (o.repo.empty()) return usage("doctor", "--repo needs a folder");
  return runDoctor(o, std::cout);
}

}  // namespace

bool isCliCommand(std::string_view command) {
  return command == "install" || command == "uninstall" || command == "doctor" || command == "help";
}

int runCliCommand(int argc, char** argv) {
  std::string_view command = argc > 1 ? argv[1] : "";
  (void)support::setupLogging("warn", "");  // the walk's info lines would clutter the report
  if (command == "help") return commandHelpCmd(argc, argv);
  if (command == "install") return commandInstall(argc, argv, false);
  if (command == "uninstall") return commandInstall(argc, argv, true);
  if (command == "doctor") return commandDoctor(argc, argv);
  return usage("", "unknown command '" + std::string(command) + "'");
}

namespace {

// A `.git` folder, or a `.git` file that starts with "gitdir:" (submodules, linked worktrees).
bool holdsGit(const fs::path& dir) {
  std::error_code ec;
  const fs::path dotGit = dir / ".git";
  auto st = fs::status(dotGit, ec);
  if (ec) return false;
  if (fs::is_directory(st)) return true;
  if (!fs::is_regular_file(st)) return false;
  std::ifstream in(dotGit, std::ios::binary);
  char head[7] = {};
  in.read(head, sizeof head);
  return in.gcount() == sizeof head && std::string_view(head, sizeof head) == "gitdir:";
}

}  // namespace

ServedRoot servedRoot(const fs::path& folder, bool gitTopLevel) {
  ServedRoot s;
  s.root = s.requested = folder;
  if (!gitTopLevel) return s;
  std::error_code ec;
  fs::path home;
  if (const char* h = std::getenv("HOME"); h && *h) home = fs::weakly_canonical(h, ec);
  for (fs::path dir = folder;; dir = dir.parent_path()) {
    if (holdsGit(dir)) {
      if (!home.empty() && dir == home && folder != home) break;  // a dotfiles repository
      s.root = dir;
      s.gitTopLevel = true;
      break;
    }
    if (dir == dir.root_path() || dir.parent_path() == dir) break;
  }
  return s;
}

std::optional<std::string> refusedRoot(const fs::path& root) {
  const std::string r = root.lexically_normal().string();
  if (r == "/") return "is the file system's root: give the folder of a project";
  for (const char* system : {"/proc", "/sys", "/dev", "/run"})
    if (r == system || r.rfind(std::string(system) + "/", 0) == 0)
      return std::string("is inside ") + system + ", which holds the system's state, not a project";
  return std::nullopt;
}

std::string ServedRoot::describe() const {
  if (!gitTopLevel) return root.string();
  return root.string() + " (the git work tree's top level" +
         (requested != root ? "; asked for " + requested.string() : std::string()) + ")";
}

fs::path defaultIndexFolder() {
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x && fs::path(x).is_absolute())
    return fs::path(x) / "codegraph-mcp";
  if (const char* home = std::getenv("HOME"); home && *home) return fs::path(home) / ".cache" / "codegraph-mcp";
  // No HOME (a service, a stripped environment): the user's home from the password database,
  // else the per-user runtime folder, else a folder of this user's own in the temporary folder
  // (store::prepareDatabaseFolder refuses it when another user made it first).
  if (const struct passwd* pw = ::getpwuid(::geteuid()); pw && pw->pw_dir && *pw->pw_dir) {
    std::error_code ec;
    if (fs::path home(pw->pw_dir); home != "/" && fs::is_directory(home, ec) && ::access(home.c_str(), W_OK) == 0)
      return home / ".cache" / "codegraph-mcp";
  }
  if (const char* run = std::getenv("XDG_RUNTIME_DIR"); run && *run && fs::path(run).is_absolute())
    return fs::path(run) / "codegraph-mcp";
  std::error_code ec;
  fs::path tmp = fs::temp_directory_path(ec);
  if (ec) tmp = "/tmp";
  return tmp / ("codegraph-mcp-" + std::to_string(::geteuid()));
}

fs::path defaultDbPath(const fs::path& root) {
  std::string name = root.filename().string();
  if (name.empty()) name = "root";
  return defaultIndexFolder() / (name + "-" + fnv1a64Hex(root.string()).substr(0, 12) + ".db");
}

}  // namespace cg::cli
