// doctor: each check prints one line ("ok" or "!!") and, below it, what it found or what to do.
#include "codegraph/cli/doctor.h"

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>
#include <tree_sitter/api.h>

#include <chrono>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cg_grammar_manifest.h"
#include "codegraph/cli/cli.h"
#include "codegraph/indexer/indexer_lock.h"
#include "codegraph/indexer/walker.h"
#include "codegraph/lang/extractor.h"
#include "codegraph/lang/language.h"
#include "codegraph/store/database.h"
#include "codegraph/store/index_writer.h"

namespace fs = std::filesystem;

namespace cg::cli {
namespace {

class Report {
 public:
  explicit Report(std::ostream& out) : out_(out) {}
  void ok(const std::string& what, const std::string& line) { item(true, what, line); }
  void attention(const std::string& what, const std::string& line) {
    item(false, what, line);
    ++problems_;
  }
  void detail(const std::string& line) { out_ << std::string(19, ' ') << line << "\n"; }
  int problems() const { return problems_; }

 private:
  void item(bool good, const std::string& what, const std::string& line) {
    std::string label = what;
    label.resize(std::max<size_t>(label.size(), 11), ' ');
    out_ << "  " << (good ? "ok" : "!!") << "  " << label << "  " << line << "\n";
  }
  std::ostream& out_;
  int problems_ = 0;
};

std::string humanBytes(uint64_t n) {
  char buf[32];
  if (n < 1024) std::snprintf(buf, sizeof buf, "%llu bytes", static_cast<unsigned long long>(n));
  else if (n < (1ull << 20)) std::snprintf(buf, sizeof buf, "%.1f KiB", static_cast<double>(n) / 1024);
  else if (n < (1ull << 30)) std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(n) / (1 << 20));
  else std::snprintf(buf, sizeof buf, "%.2f GiB", static_cast<double>(n) / (1 << 30));
  return buf;
}

std::string humanAge(int64_t seconds) {
  if (seconds < 0) seconds = 0;
  auto plural = [](int64_t n, const char* unit) {
    return std::to_string(n) + " " + unit + (n == 1 ? "" : "s") + " ago";
  };
  if (seconds < 60) return plural(seconds, "second");
  if (seconds < 3600) return plural(seconds / 60, "minute");
  if (seconds < 86400) return plural(seconds / 3600, "hour");
  return plural(seconds / 86400, "day");
}

std::optional<std::string> findOnPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path) return std::nullopt;
  std::stringstream ss(path);
  std::string dir;
  while (std::getline(ss, dir, ':')) {
    fs::path candidate = fs::path(dir.empty() ? "." : dir) / program;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return std::nullopt;
}

std::string firstLineOf(const std::string& command) {
  std::string out;
  if (FILE* p = ::popen(command.c_str(), "r")) {
    char buf[256];
    if (std::fgets(buf, sizeof buf, p)) out = buf;
    ::pclose(p);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

std::optional<long> readNumber(const char* path) {
  std::ifstream in(path);
  long n = 0;
  if (in >> n) return n;
  return std::nullopt;
}

// Whether a file can be created in the database's folder (or, when that folder does not exist
// yet, in the nearest existing parent, where it would be created). A real write, undone at
// once: permission bits say nothing for root or on a read-only mount.
std::optional<std::string> locationProblem(const fs::path& folder) {
  std::error_code ec;
  fs::path existing = folder;
  while (!existing.empty() && !fs::exists(existing, ec)) {
    if (existing == existing.parent_path()) break;
    existing = existing.parent_path();
  }
  if (!fs::is_directory(existing, ec))
    return existing.string() + " is a file where a folder is expected";
  std::string pattern = (existing / ".codegraph-doctor-XXXXXX").string();
  int fd = ::mkstemp(pattern.data());
  if (fd < 0) return "cannot create files in " + existing.string() + ": " + std::strerror(errno);
  ::close(fd);
  ::unlink(pattern.c_str());
  return std::nullopt;
}

// A live process that holds the indexer lock of this database, if any (by the pid in the lock
// file; the lock itself is not touched).
std::optional<pid_t> liveIndexer(const fs::path& dbPath) {
  auto pid = indexer::IndexerLock::holderPid(indexer::IndexerLock::pathFor(dbPath));
  if (!pid || *pid <= 0) return std::nullopt;
  if (::kill(*pid, 0) != 0 && errno != EPERM) return std::nullopt;
  std::ifstream comm("/proc/" + std::to_string(*pid) + "/comm");
  std::string name;
  if (comm && std::getline(comm, name) && name.find("codegraph") == std::string::npos) return std::nullopt;
  return pid;
}

std::string packageFor(std::string_view id, const nlohmann::json& deps, std::string* version) {
  std::vector<std::string> names;
  if (id == "tsx") names.push_back("tree-sitter-typescript");
  if (id == "csharp") names.push_back("tree-sitter-c-sharp");
  names.push_back("tree-sitter-" + std::string(id));
  names.push_back("@tree-sitter-grammars/tree-sitter-" + std::string(id));
  for (const auto& n : names) {
    if (deps.contains(n) && deps[n].is_string()) {
      *version = deps[n].get<std::string>();
      return n;
    }
  }
  return "";
}

void checkGit(Report& r, bool usedGit) {
  auto git = findOnPath("git");
  if (!git) {
    r.ok("git", "not installed: files are found by walking the folders with the .gitignore rules");
    r.detail("(install git for `git ls-files` semantics: tracked plus untracked, not ignored files)");
    return;
  }
  std::string version = firstLineOf("'" + *git + "' --version 2>/dev/null");
  r.ok("git", (version.empty() ? *git : version) +
                  (usedGit ? "; a git work tree: the files are those `git ls-files` lists (tracked + untracked, not ignored)"
                           : "; not a git work tree: files are found by walking the folders with the .gitignore rules"));
}

// The index against the working tree: files added, changed (size or mtime) and removed since.
void checkIndex(Report& r, const fs::path& root, const fs::path& dbPath, const indexer::WalkResult& walk) {
  std::error_code ec;
  const std::string indexCmd = "codegraph-mcp index --repo " + root.string();
  if (!fs::exists(dbPath, ec)) {
    r.attention("index", "not built yet");
    r.detail("run `" + indexCmd + "`, or let your client start the server: it indexes in the background");
    return;
  }
  store::OpenOptions o;
  o.path = dbPath;
  o.readOnly = true;
  o.rebuildIfIncompatible = false;
  auto db = store::Database::open(o);
  if (!db) {
    r.attention("index", "cannot be read: " + db.error().message);
    r.detail("`" + indexCmd + "` rebuilds it");
    return;
  }
  auto indexedAt = (*db)->meta("indexed_at");
  if (!indexedAt || indexedAt->empty()) {
    r.attention("index", "the first index has not completed (a server may be building it right now)");
    r.detail("run `" + indexCmd + "` to build it here");
    return;
  }
  store::IndexReader reader(**db);
  auto rows = reader.files();
  if (!rows) {
    r.attention("index", "cannot list its files: " + rows.error().message);
    return;
  }
  std::map<std::string, std::pair<uint64_t, int64_t>> stored;
  for (const auto& f : *rows) stored[f.path] = {f.size, f.mtimeNs};
  std::vector<std::string> added, changed, removed;
  std::set<std::string> seen;
  for (const auto& f : walk.files) {
    seen.insert(f.path);
    auto it = stored.find(f.path);
    if (it == stored.end()) added.push_back(f.path);
    else if (it->second.first != f.size || it->second.second != f.mtimeNs) changed.push_back(f.path);
  }
  for (const auto& [path, _] : stored)
    if (!seen.count(path)) removed.push_back(path);

  int64_t now = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  int64_t at = std::atoll(indexedAt->c_str());
  time_t t = static_cast<time_t>(at);
  char when[64];
  std::strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", std::localtime(&t));
  size_t pending = added.size() + changed.size() + removed.size();
  std::string line = "built " + humanAge(now - at) + " (" + when + "), " + std::to_string(stored.size()) + " files; ";
  auto server = liveIndexer(dbPath);
  if (pending == 0) {
    r.ok("index", line + "no file changed since");
  } else {
    std::string counts = std::to_string(pending) + " file" + (pending == 1 ? "" : "s") + " pending (" +
                         std::to_string(added.size()) + " new, " + std::to_string(changed.size()) + " changed, " +
                         std::to_string(removed.size()) + " removed)";
    if (server) r.ok("index", line + counts + "; the running server refreshes them");
    else r.attention("index", line + counts);
    size_t shown = 0;
    for (const auto* list : {&added, &changed, &removed}) {
      const char* tag = list == &added ? "new: " : list == &changed ? "changed: " : "removed: ";
      for (const auto& p : *list) {
        if (shown++ == 5) break;
        r.detail(tag + p);
      }
    }
    if (!server) r.detail("run `" + indexCmd + "`; a serving client refreshes them by itself");
  }
  if (server) r.detail("a server (pid " + std::to_string(*server) + ") holds the index lock and keeps this index fresh");
}

void checkInotify(Report& r, const indexer::WalkResult* walk) {
  auto watches = readNumber("/proc/sys/fs/inotify/max_user_watches");
  auto instances = readNumber("/proc/sys/fs/inotify/max_user_instances");
  if (!watches || !instances) {
    r.ok("inotify", "limits not readable (/proc/sys/fs/inotify): the server scans for changes every 2 s if it cannot watch");
    return;
  }
  std::string limits = "fs.inotify.max_user_watches = " + std::to_string(*watches) +
                       ", max_user_instances = " + std::to_string(*instances);
  if (!walk) {
    r.ok("inotify", limits);
    return;
  }
  std::set<std::string> folders{""};
  for (const auto& f : walk->files)
    for (size_t slash = f.path.find('/'); slash != std::string::npos; slash = f.path.find('/', slash + 1))
      folders.insert(f.path.substr(0, slash));
  long n = static_cast<long>(folders.size());
  std::string line = "about " + std::to_string(n) + (n == 1 ? " folder" : " folders") + " to watch; " + limits;
  bool tight = n * 2 > *watches || *instances < 8;
  if (!tight) {
    r.ok("inotify", line);
    r.detail("(one watch per folder, one instance per serving session; the limits are per user, shared with editors)");
    return;
  }
  r.attention("inotify", line);
  if (n >= *watches) r.detail("more folders than watches: the server will scan for changes every 2 s instead of watching");
  else if (n * 2 > *watches) r.detail("over half of the per-user watch limit, which editors and other tools share");
  if (*instances < 8) r.detail("few inotify instances: each serving session needs one");
  long wantWatches = std::max<long>(524288, n * 4);
  r.detail("raise them now:  sudo sysctl fs.inotify.max_user_watches=" + std::to_string(wantWatches) +
           " fs.inotify.max_user_instances=512");
  r.detail("and at every boot: printf 'fs.inotify.max_user_watches=" + std::to_string(wantWatches) +
           "\\nfs.inotify.max_user_instances=512\\n' | sudo tee /etc/sysctl.d/90-codegraph-mcp.conf");
}

// The queries of the languages present in the repository are compiled (the others only have
// their ABI checked: compiling every language's queries takes seconds).
void checkGrammars(Report& r, const indexer::WalkResult* walk) {
  std::set<std::string_view> present;
  if (walk)
    for (const auto& f : walk->files)
      if (f.language) present.insert(f.language->id);
  auto manifest = nlohmann::json::parse(kGrammarManifest, nullptr, false);
  nlohmann::json deps = manifest.is_object() && manifest.contains("dependencies") ? manifest["dependencies"] : nlohmann::json::object();
  std::string runtime = deps.contains("tree-sitter") ? deps["tree-sitter"].get<std::string>() : "?";
  std::vector<std::string> lines;
  int grammars = 0, broken = 0;
  lang::Extractor extractor;
  for (const auto& language : lang::allLanguages()) {
    std::string row = std::string(language.name);
    row.resize(std::max<size_t>(row.size(), 11), ' ');
    if (!language.grammar) {
      lines.push_back(row + "documents (no grammar: titles and code names are read directly)");
      continue;
    }
    ++grammars;
    std::string version;
    std::string package = packageFor(language.id, deps, &version);
    uint32_t abi = ts_language_abi_version(language.grammar());
    std::string status;
    if (abi < TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION || abi > TREE_SITTER_LANGUAGE_VERSION) {
      status = "INCOMPATIBLE with the runtime";
      ++broken;
    } else if (!language.extracted) {
      status = "recognised, no queries yet (files counted, no symbols)";
    } else if (!present.count(language.id)) {
      status = "ok (no such files here)";
    } else if (auto e = extractor.extract(language, ""); !e) {
      status = "queries fail to load: " + e.error().message;
      ++broken;
    } else {
      status = "queries load";
    }
    std::string pkg = package.empty() ? "(not in grammars/package.json)" : package + " " + version;
    pkg.resize(std::max<size_t>(pkg.size() + 2, 48), ' ');
    lines.push_back(row + pkg + "ABI " + std::to_string(abi) + "  " + status);
  }
  std::string line = std::to_string(grammars) + " grammars compiled in, tree-sitter runtime " + runtime +
                     " (ABI " + std::to_string(TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION) + "-" +
                     std::to_string(TREE_SITTER_LANGUAGE_VERSION) + ")";
  if (broken) r.attention("grammars", line + "; " + std::to_string(broken) + " cannot be used (rebuild from a clean tree)");
  else r.ok("grammars", line);
  for (const auto& l : lines) r.detail(l);
}

}  // namespace

int runDoctor(const DoctorOptions& options, std::ostream& out) {
  Report r(out);
  std::error_code ec;
  fs::path root = fs::absolute(options.repo, ec);
  out << "codegraph-mcp doctor: " << root.string() << "\n\n";

  bool repoOk = false;
  ServedRoot served;
  if (ec || !fs::exists(root, ec)) {
    r.attention("repository", root.string() + " does not exist");
    r.detail("pass the repository's folder: codegraph-mcp doctor --repo /path/to/repo");
  } else if (!fs::is_directory(root, ec)) {
    r.attention("repository", root.string() + " is not a folder");
  } else if (::access(root.c_str(), R_OK | X_OK) != 0) {
    r.attention("repository", root.string() + " is not readable by this user (" + std::strerror(errno) + ")");
  } else {
    served = servedRoot(fs::canonical(root, ec), options.gitTopLevel);
    root = served.root;
    repoOk = true;
  }

  std::optional<indexer::WalkResult> walk;
  if (repoOk) {
    indexer::WalkOptions wo;
    wo.root = root;
    auto w = indexer::walkRepository(wo);
    if (!w) {
      r.attention("repository", root.string() + " cannot be walked: " + w.error().message);
    } else {
      walk = std::move(*w);
      uint64_t skipped = 0;
      for (const auto& [reason, n] : walk->skipped)
        if (reason != indexer::SkipReason::kUnsupported) skipped += n;
      r.ok("repository", served.describe() + " is readable: " + std::to_string(walk->files.size()) +
                             " files to index" + (skipped ? " (" + std::to_string(skipped) + " skipped: binary, too large, minified or unreadable)" : ""));
      if (!walk->errors.empty())
        r.detail("unreadable: " + walk->errors.front().first + ": " + walk->errors.front().second +
                 (walk->errors.size() > 1 ? " (and " + std::to_string(walk->errors.size() - 1) + " more)" : ""));
    }
    checkGit(r, walk && walk->usedGit);

    fs::path dbPath = options.db.empty() ? defaultDbPath(root) : fs::absolute(options.db, ec);
    uint64_t size = 0;
    for (const char* suffix : {"", "-wal"}) {
      auto n = fs::file_size(dbPath.string() + suffix, ec);
      if (!ec) size += n;
    }
    bool exists = fs::exists(dbPath, ec);
    auto problem = locationProblem(dbPath.parent_path());
    std::string where = dbPath.string() + (exists ? " (" + humanBytes(size) + ")" : " (not created yet)");
    if (problem) {
      r.attention("database", where);
      r.detail(*problem + ": the index cannot be written there");
      r.detail("choose another place with --db PATH, or set XDG_CACHE_HOME to a writable folder");
    } else {
      r.ok("database", where + "; its folder is writable");
    }
    if (walk) checkIndex(r, root, dbPath, *walk);
  }
  checkInotify(r, walk ? &*walk : nullptr);
  checkGrammars(r, walk ? &*walk : nullptr);

  out << "\n";
  if (r.problems() == 0) {
    out << "All is well.\n";
    return kExitOk;
  }
  out << r.problems() << (r.problems() == 1 ? " thing needs" : " things need") << " attention (marked !!).\n";
  return kExitFailure;
}

}  // namespace cg::cli
