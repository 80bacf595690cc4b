// The command line (docs/CONTRACT.md §2): serve (default), index, call, stats, plus
// debug-extract, debug-dump and debug-query-profile for developers. install, uninstall, doctor
// and help, and every command's help text, are in src/cli.
// Exit codes: 0 ok, 1 runtime failure, 2 usage error. Everything but the MCP protocol and a
// command's own result goes to stderr.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cctype>
#include <condition_variable>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <spdlog/spdlog.h>

#include "cg_version.h"
#include "codegraph/cli/cli.h"
#include "codegraph/lang/language.h"
#include "codegraph/lang/rules.h"
#include "codegraph/indexer/indexer.h"
#include "codegraph/indexer/indexer_lock.h"
#include "codegraph/indexer/service.h"
#include "codegraph/lang/extractor.h"
#include "codegraph/mcp/server.h"
#include "codegraph/store/analytics_writer.h"
#include "codegraph/store/database.h"
#include "codegraph/store/dump.h"
#include "codegraph/store/index_writer.h"
#include "codegraph/store/sqlite_index.h"
#include "codegraph/support/log.h"
#include "codegraph/tools/answer_size.h"
#include "codegraph/tools/byte_names.h"
#include "codegraph/tools/tools.h"

namespace fs = std::filesystem;

namespace {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;

struct Args {
  std::string command = "serve";
  std::vector<std::string> positional;
  std::string repo = ".";
  std::string db;
  std::string logLevel = "warn";
  std::string logFile;
  unsigned threads = 0;
  int waitTimeout = 30;
  bool noWatch = false;
  bool gitTopLevel = true;  // --no-git-toplevel clears it
  bool help = false, version = false, tree = false;
  bool analytics = false;  // debug-dump --analytics
  uint32_t top = 5;        // stats --top N
};

[[noreturn]] void usageError(const std::string& message) {
  std::cerr << "codegraph-mcp: " << message << "\nTry 'codegraph-mcp --help'.\n";
  std::exit(kExitUsage);
}

Args parseArgs(int argc, char** argv) {
  Args a;
  static const std::vector<std::string> kCommands = {"serve", "index", "call", "stats", "debug-extract", "debug-dump", "debug-query-profile"};
  int i = 1;
  if (i < argc && argv[i][0] != '-') {
    std::string c = argv[i];
    if (std::find(kCommands.begin(), kCommands.end(), c) == kCommands.end())
      usageError("unknown command '" + c + "'");
    a.command = c;
    ++i;
  }
  auto value = [&](const std::string& flag) -> std::string {
    if (i + 1 >= argc) usageError(flag + " needs a value");
    return argv[++i];
  };
  auto number = [&](const std::string& flag, long lo, long hi) -> long {
    std::string v = value(flag);
    char* end = nullptr;
    long n = std::strtol(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || n < lo || n > hi)
      usageError(flag + " must be a number from " + std::to_string(lo) + " to " + std::to_string(hi));
    return n;
  };
  for (; i < argc; ++i) {
    std::string arg = argv[i];
    std::string inlineValue;
    if (arg.rfind("--", 0) == 0 && arg.find('=') != std::string::npos) {
      std::string v = arg.substr(arg.find('=') + 1);
      arg = arg.substr(0, arg.find('='));
      if (arg == "--repo") a.repo = v;
      else if (arg == "--db") a.db = v;
      else if (arg == "--log-level") a.logLevel = v;
      else if (arg == "--log-file") a.logFile = v;
      else usageError("unknown option '" + arg + "' (write it as '" + arg + " VALUE')");
      continue;
    }
    if (arg == "--help" || arg == "-h") a.help = true;
    else if (arg == "--version" || arg == "-V") a.version = true;
    else if (arg == "--repo") a.repo = value(arg);
    else if (arg == "--db") a.db = value(arg);
    else if (arg == "--log-level") a.logLevel = value(arg);
    else if (arg == "--log-file") a.logFile = value(arg);
    else if (arg == "--threads") a.threads = static_cast<unsigned>(number(arg, 1, 256));
    else if (arg == "--wait-timeout") a.waitTimeout = static_cast<int>(number(arg, 0, 86400));
    else if (arg == "--no-watch" && a.command == "serve") a.noWatch = true;
    else if (arg == "--no-git-toplevel") a.gitTopLevel = false;
    else if (arg == "--tree" && a.command == "debug-extract") a.tree = true;
    else if (arg == "--analytics" && a.command == "debug-dump") a.analytics = true;
    else if (arg == "--top" && (a.command == "stats" || a.command == "debug-query-profile")) {
      // `--top` alone means 10; `--top N` sets the count.
      if (i + 1 < argc && std::isdigit(static_cast<unsigned char>(argv[i + 1][0]))) a.top = static_cast<uint32_t>(number(arg, 1, 1000));
      else a.top = 10;
    }
    else if (arg.size() > 1 && arg[0] == '-') usageError("unknown option '" + arg + "'");
    else a.positional.push_back(arg);
  }
  return a;
}

using cg::cli::defaultDbPath;  // src/cli: shared with doctor

fs::path resolveRepo(const std::string& repo) {
  std::error_code ec;
  fs::path p = fs::absolute(repo, ec);
  if (ec || !fs::exists(p, ec)) usageError("repository '" + repo + "' does not exist");
  if (!fs::is_directory(p, ec)) usageError("repository '" + repo + "' is not a directory");
  if (::access(p.c_str(), R_OK | X_OK) != 0) usageError("repository '" + repo + "' is not readable");
  fs::path canonical = fs::canonical(p, ec);
  if (ec) usageError("repository '" + repo + "' cannot be resolved: " + ec.message());
  return canonical;
}

cg::Expected<std::unique_ptr<cg::store::Database>> openWriter(const fs::path& dbPath,
                                                              bool fullCheck = false) {
  cg::store::OpenOptions o;  // its folder is prepared (store::prepareDatabaseFolder)
  o.path = dbPath;
  o.fullCheck = fullCheck;
  return cg::store::Database::open(o);
}

std::string humanCount(const std::map<std::string, uint64_t>& m) {
  std::string out;
  for (const auto& [k, v] : m) out += (out.empty() ? "" : ", ") + k + " " + std::to_string(v);
  return out.empty() ? "none" : out;
}

// Index progress on stderr: on a terminal, a bar redrawn in place (phases, files, rate, ETA);
// otherwise one line when parsing starts (logs and CI stay short), then nothing.
class ProgressPrinter {
 public:
  ProgressPrinter(bool firstIndex) : firstIndex_(firstIndex), tty_(::isatty(2) != 0), start_(std::chrono::steady_clock::now()) {}
  void operator()(const cg::indexer::IndexProgress& p) {
    auto now = std::chrono::steady_clock::now();
    double elapsed = std::chrono::duration<double>(now - start_).count();
    if (!tty_) {
      if (p.phase == "parsing" && p.total > 0 && !announced_) {
        announced_ = true;
        std::fprintf(stderr, "codegraph-mcp: %s %llu files...\n", firstIndex_ ? "first index:" : "indexing",
                     static_cast<unsigned long long>(p.total));
      }
      return;
    }
    drawn_ = true;
    if (p.phase != "parsing" || p.total == 0) {
      std::fprintf(stderr, "\r\033[K%s%s…", firstIndex_ ? "first index: " : "", cg::indexer::progressWords(p).c_str());
      return;
    }
    if (now - lastDraw_ < std::chrono::milliseconds(100) && p.done != p.total) return;
    lastDraw_ = now;
    double frac = static_cast<double>(p.done) / static_cast<double>(p.total);
    int width = 30, filled = static_cast<int>(frac * width);
    double rate = elapsed > 0 ? static_cast<double>(p.done) / elapsed : 0;
    double eta = rate > 0 ? static_cast<double>(p.total - p.done) / rate : 0;
    std::fprintf(stderr, "\r\033[K%s[%s%s] %llu/%llu files  %.0f files/s  ETA %.0fs", firstIndex_ ? "first index " : "",
                 std::string(static_cast<size_t>(filled), '#').c_str(),
                 std::string(static_cast<size_t>(width - filled), '.').c_str(),
                 static_cast<unsigned long long>(p.done), static_cast<unsigned long long>(p.total), rate, eta);
  }
  void finish() {
    if (tty_ && drawn_) std::fprintf(stderr, "\r\033[K");
  }

 private:
  bool firstIndex_;
  bool tty_;
  bool drawn_ = false, announced_ = false;
  std::chrono::steady_clock::time_point start_, lastDraw_{};
};

cg::Expected<cg::indexer::IndexSummary> runIndex(cg::store::Database& db, const fs::path& root,
                                             const Args& args, bool showProgress) {
  cg::indexer::IndexOptions o;
  o.root = root;
  o.threads = args.threads;
  ProgressPrinter printer(!db.meta("indexed_at"));
  if (showProgress) o.progress = [&printer](const cg::indexer::IndexProgress& p) { printer(p); };
  auto result = cg::indexer::indexRepository(db, o);
  if (showProgress) printer.finish();
  return result;
}

std::string summaryLine(const cg::indexer::IndexSummary& s) {
  std::map<std::string, uint64_t> skipped;
  for (const auto& [reason, n] : s.skipped) skipped[std::string(cg::indexer::toString(reason))] = n;
  double rate = s.seconds > 0 ? static_cast<double>(s.filesParsed) / s.seconds : 0;
  char buf[128];
  std::snprintf(buf, sizeof buf, "%.2fs, %.0f files/s", s.seconds, rate);
  std::string out = "indexed " + std::to_string(s.filesSeen) + " files (" + humanCount(s.filesByLanguage) +
                    "): " + std::to_string(s.filesParsed) + " parsed, " + std::to_string(s.filesUnchanged) +
                    " unchanged, " + std::to_string(s.filesRemoved) + " removed, " +
                    std::to_string(s.parseFailures) + " failed" +
                    (s.failuresUnchanged > 0 ? " (" + std::to_string(s.failuresUnchanged) +
                                                   " unchanged since they failed, not parsed again)"
                                             : std::string()) +
                    "; " + std::to_string(s.symbols) +
                    " symbols; edges: " + humanCount(s.edgesByKind) + "; unresolved " +
                    std::to_string(s.unresolved) + "; skipped: " + humanCount(skipped) + "; " + buf;
  return out;
}

int commandDebugQueryProfile(const Args& args) {
  if (args.positional.empty()) usageError("debug-query-profile takes one or more FILEs");
  const cg::lang::Language* lang = nullptr;
  std::vector<std::string> sources;
  for (const auto& path : args.positional) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      std::cerr << "codegraph-mcp: cannot read " << path << "\n";
      return kExitFailure;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    const auto* l = cg::lang::detectLanguage(path, ss.str().substr(0, 4096));
    if (!l) continue;
    if (!lang) lang = l;
    if (l != lang) continue;  // one language per run: the first file's
    sources.push_back(ss.str());
  }
  if (!lang) {
    std::cerr << "codegraph-mcp: no supported language among the files\n";
    return kExitFailure;
  }
  auto report = cg::lang::profileQuery(*lang, sources, args.top == 5 ? 25 : args.top);
  if (!report) {
    std::cerr << "codegraph-mcp: " << report.error().message << "\n";
    return kExitFailure;
  }
  std::cout << *report;
  return kExitOk;
}

int commandDebugExtract(const Args& args) {
  if (args.positional.size() != 1) usageError("debug-extract takes one FILE");
  std::ifstream in(args.positional[0], std::ios::binary);
  if (!in) {
    std::cerr << "codegraph-mcp: cannot read " << args.positional[0] << "\n";
    return kExitFailure;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  std::string src = ss.str();
  const auto* lang = cg::lang::detectLanguage(args.positional[0], src.substr(0, 4096));
  if (!lang) {
    std::cerr << "codegraph-mcp: no supported language for " << args.positional[0] << "\n";
    return kExitFailure;
  }
  cg::lang::Extractor ex;
  if (args.tree) {
    std::cout << ex.parseTree(*lang, src) << "\n";
    return kExitOk;
  }
  auto r = ex.extract(*lang, src);
  if (!r) {
    std::cerr << "codegraph-mcp: " << r.error().message << "\n";
    return kExitFailure;
  }
  std::cout << cg::lang::renderExtraction(*r);
  if (!r->notExtracted.empty())
    std::cerr << "codegraph-mcp: partly extracted: " << r->notExtracted << "\n";
  return kExitOk;
}

// For commands run while another process holds the indexer lock: waits until that process's
// index is complete (its first index may still be running). False on timeout.
bool waitForIndexOf(const fs::path& dbPath, int seconds) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (true) {
    cg::store::OpenOptions o;
    o.path = dbPath;
    o.readOnly = true;
    o.rebuildIfIncompatible = false;
    if (auto db = cg::store::Database::open(o); db && (*db)->meta("indexed_at")) return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
}

cg::Expected<std::unique_ptr<cg::store::Database>> openReader(const fs::path& dbPath) {
  cg::store::OpenOptions o;
  o.path = dbPath;
  o.readOnly = true;
  o.rebuildIfIncompatible = false;
  return cg::store::Database::open(o);
}

// The tools, each call inside one read snapshot of the index (all its queries see the same
// committed refresh; the snapshot starts at its first query, after the freshness wait).
// The staleness the call's wait for the index found (IndexService::waitReady), for its answer.
thread_local std::string tStale;
// Whether the call met a damaged database (store::setCorruptionHandler).
thread_local bool tDamaged = false;

cg::tools::ToolRegistry withSnapshots(const cg::tools::ToolRegistry& tools,
                                      std::shared_ptr<cg::store::SqliteIndex> index) {
  cg::tools::ToolRegistry out;
  for (auto tool : tools.all()) {
    auto handler = tool.handler;
    tool.handler = [handler, index](const cg::tools::Json& args, const cg::tools::CallContext& ctx) {
      tStale.clear();
      tDamaged = false;
      auto snapshot = index->pinSnapshot();
      auto result = handler(args, ctx);
      if (!result.isError) result.stale = std::move(tStale);
      else if (tDamaged)
        result.text += std::string(!result.text.empty() && result.text.back() == '.' ? " " : ". ") +
                       "The index database is damaged; it is being checked and rebuilt from the repository: "
                       "call again in a few seconds.";
      return result;
    };
    out.add(std::move(tool));
  }
  return out;
}

// Bounds the end of `serve`: once armed, the process exits `bound` later whatever its threads
// are doing. The orderly stop (cancel flags, then joins) usually ends first and exits at once
// (finish()); the bound covers work a thread cannot leave at once (a query compilation, one long
// SQLite statement, a graph analysis step). Exiting without unwinding is safe for the index:
// SQLite keeps the database consistent through a process exit at any moment (the write-ahead
// log's uncommitted frames are ignored by the next open, and the next open checkpoints it), as
// it does through a SIGKILL, and the indexer lock is a file lock the kernel releases. The
// thread exists from the start, so arming it costs no thread creation.
class ExitDeadline {
 public:
  ExitDeadline() : thread_([this] { run(); }) {}
  ~ExitDeadline() {
    {
      std::lock_guard<std::mutex> g(mu_);
      cancelled_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  // The first call starts the countdown; a later one only sets the exit code (run()'s own, known
  // after the stop began).
  void arm(std::chrono::milliseconds bound, int code) {
    {
      std::lock_guard<std::mutex> g(mu_);
      code_ = code;
      if (armed_) return;
      armed_ = true;
      at_ = std::chrono::steady_clock::now() + bound;
    }
    cv_.notify_all();
  }
  // The orderly stop is over: exit now, without destructors (they would close the database,
  // whose checkpoint the next open does as well).
  [[noreturn]] void finish(int code) {
    spdlog::default_logger()->flush();
    std::_Exit(code);
  }

 private:
  void run() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return armed_ || cancelled_; });
    if (cancelled_) return;
    if (cv_.wait_until(lock, at_, [this] { return cancelled_; })) return;
    spdlog::info("stopping without waiting for background work: the index keeps its last committed state");
    spdlog::default_logger()->flush();
    std::_Exit(code_);
  }

  std::mutex mu_;
  std::condition_variable cv_;
  bool armed_ = false, cancelled_ = false;
  int code_ = 0;
  std::chrono::steady_clock::time_point at_;
  std::thread thread_;
};

// From the moment the server stops reading to the exit call. The contract is 100 ms to the
// process's end (docs/BENCHMARKS.md measures it); the rest goes to the kernel freeing the
// process's memory, tens of milliseconds for a large index.
constexpr std::chrono::milliseconds kExitBound{30};

cg::mcp::Server* gServer = nullptr;
extern "C" void onTerminate(int) {
  if (gServer) gServer->requestStop();
}


// What the tools see of the process: the index, the root, the language registry's answers,
// git and the extractor (for impact's old versions).
std::shared_ptr<cg::tools::ToolEnv> makeToolEnv(cg::model::SymbolIndex* index, const fs::path& root) {
  auto env = std::make_shared<cg::tools::ToolEnv>();
  env->index = index;
  env->repoRoot = root;
  env->repoName = root.filename().string();
  env->languageNames = cg::lang::languageNames();
  env->isHeader = cg::lang::isHeaderPath;
  env->sameFamily = [](std::string_view a, std::string_view b) { return cg::lang::sameBindingFamily(a, b); };
  env->implicitThis = [](std::string_view l) { return cg::lang::rulesFor(l).implicitThis; };
  env->git = [root](const std::vector<std::string>& gitArgs) { return cg::indexer::runGit(root, gitArgs); };
  env->extractSymbols = [](const std::string& path, std::string_view text, const std::string& languageId) {
    return cg::indexer::extractFileSymbols(path, text, languageId);
  };
  return env;
}

// serve: nothing blocking happens before the server answers initialize; the database is opened
// (and repaired, or waited for) by the IndexService's thread.
int commandServe(const Args& args, const cg::cli::ServedRoot& served, const fs::path& dbPath) {
  const fs::path& root = served.root;
  auto index = std::make_shared<cg::store::SqliteIndex>(dbPath);
  auto env = makeToolEnv(index.get(), root);

  cg::indexer::ServiceOptions options;
  options.index.root = root;
  options.index.threads = args.threads;
  options.dbPath = dbPath;
  options.privateDbFolder = args.db.empty();
  options.watch = !args.noWatch;
  // Test hook (docs/ARCHITECTURE.md): pretend inotify runs out of watches after N folders.
  if (const char* n = std::getenv("CODEGRAPH_TEST_MAX_WATCHES"); n && *n)
    options.watcher.maxWatches = static_cast<size_t>(std::strtoull(n, nullptr, 10));
  cg::indexer::IndexService service(options);
  // A query that meets a damaged index has it checked and rebuilt (service.h, "Damage").
  cg::store::setCorruptionHandler([&service] {
    tDamaged = true;
    service.reportDamage();
  });
  const auto waitBound = std::chrono::seconds(args.waitTimeout);
  env->waitReady = [&service, waitBound](const cg::tools::CallContext& ctx) {
    return service.waitReady(
        waitBound, [&ctx] { return ctx.cancelled(); },
        [&ctx](const cg::indexer::IndexProgress& p) {
          ctx.report(cg::indexer::progressPercent(p), 100.0, "indexing: " + cg::indexer::progressWords(p));
        },
        &tStale);
  };
  auto registry = withSnapshots(cg::tools::makeRegistry(env), index);
  cg::mcp::ServerOptions so;
  so.version = CG_VERSION;
  so.instructions = cg::tools::serverInstructions(served.describe());
  // Test hooks (docs/SECURITY.md): a smaller answer cap and call time limit.
  if (const char* n = std::getenv("CODEGRAPH_TEST_MAX_ANSWER_BYTES"); n && *n)
    so.maxAnswerBytes = static_cast<size_t>(std::strtoull(n, nullptr, 10));
  if (const char* n = std::getenv("CODEGRAPH_TEST_CALL_TIMEOUT_MS"); n && *n)
    so.callTimeout = std::chrono::milliseconds(std::strtoll(n, nullptr, 10));
  ExitDeadline deadline;
  so.onStopping = [&deadline, &service] {
    deadline.arm(kExitBound, 0);
    service.requestStop();
  };
  cg::mcp::Server server(registry, so);
  gServer = &server;
  std::signal(SIGPIPE, SIG_IGN);
  struct sigaction sa {};
  sa.sa_handler = onTerminate;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGTERM, &sa, nullptr);
  sigaction(SIGINT, &sa, nullptr);
  service.start();
  int code = server.run(STDIN_FILENO, STDOUT_FILENO);
  gServer = nullptr;
  deadline.arm(kExitBound, code);  // run()'s exit code (1 after a read error)
  service.stop();
  deadline.finish(code);
}

using DatabaseHandle = cg::Expected<std::unique_ptr<cg::store::Database>>;

// index: indexes the repository with a progress bar and prints the summary on stderr. An index
// that meets damage the open's cheap checks cannot see has the whole file checked (rebuilt when
// damaged) and runs once more.
int commandIndex(DatabaseHandle& db, const fs::path& root, const fs::path& dbPath, const Args& args) {
  auto summary = runIndex(**db, root, args, true);
  if (!summary && summary.error().code == cg::ErrorCode::kCorrupt) {
    std::cerr << "codegraph-mcp: " << summary.error().message << "; checking the whole index\n";
    db->reset();
    db = openWriter(dbPath, /*fullCheck=*/true);
    if (!db) {
      std::cerr << "codegraph-mcp: " << db.error().message << "\n";
      return kExitFailure;
    }
    summary = runIndex(**db, root, args, true);
  }
  if (!summary) {
    std::cerr << "codegraph-mcp: indexing failed: " << summary.error().message << "\n";
    return kExitFailure;
  }
  std::cerr << summaryLine(*summary) << "\n";
  return kExitOk;
}

// debug-dump: the index's rows (or, with --analytics, its analytics), one per line on stdout.
int commandDebugDump(cg::store::Database& db, const Args& args) {
  auto lines = args.analytics ? cg::store::dumpAnalytics(db) : cg::store::dumpIndex(db, true);
  if (!lines) {
    std::cerr << "codegraph-mcp: " << lines.error().message << "\n";
    return kExitFailure;
  }
  for (const auto& l : *lines) std::cout << l << "\n";
  return kExitOk;
}

// stats: what the index holds (files, symbols, edges, analytics, the largest communities and
// most central symbols) on stdout, or that nothing is indexed yet.
int commandStats(cg::store::Database& db, const Args& args, const cg::cli::ServedRoot& served,
                 const fs::path& dbPath) {
  const fs::path& root = served.root;
  auto indexedAt = db.meta("indexed_at");
  if (!indexedAt) {
    std::cout << "nothing indexed yet for " << root.string() << " (run: codegraph-mcp index --repo "
              << root.string() << ")\n";
    return kExitOk;
  }
  cg::store::IndexWriter reader(db);
  auto c = reader.counts();
  if (!c) {
    std::cerr << "codegraph-mcp: " << c.error().message << "\n";
    return kExitFailure;
  }
  std::error_code ec;
  uint64_t size = fs::file_size(dbPath, ec);
  uint64_t wal = fs::file_size(dbPath.string() + "-wal", ec);
  time_t t = static_cast<time_t>(std::atoll(indexedAt->c_str()));
  char when[64];
  std::strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S %Z", std::localtime(&t));
  uint64_t edges = 0;
  for (const auto& [k, v] : c->edgesByKind) edges += v;
  std::cout << "repository: " << served.describe() << "\n"
            << "database:   " << dbPath.string() << " (" << (size + wal) / 1024 << " KiB)\n"
            << "indexed at: " << when << "\n"
            << "files:      " << c->files << " (" << humanCount(c->filesByLanguage) << ")\n"
            << "documents:  " << c->documents << "\n"
            << "symbols:    " << c->symbols << "\n"
            << "edges:      " << edges << " (" << humanCount(c->edgesByKind) << ")\n"
            << "unresolved: " << c->unresolved << " references\n";
  auto a = cg::store::readAnalyticsSummary(db, args.top);
  if (!a) {
    std::cerr << "codegraph-mcp: " << a.error().message << "\n";
    return kExitFailure;
  }
  std::cout << "communities: " << a->communities << "\n"
            << "doc links:  " << a->docLinks << " (from " << a->linkedDocuments << " documents)\n"
            << "history:    " << a->filesWithHistory << " files with git history\n";
  if (!a->largestCommunities.empty()) std::cout << "largest communities:\n";
  for (const auto& com : a->largestCommunities)
    std::cout << "  " << std::setw(6) << com.size << "  " << com.label << "\n";
  if (!a->mostCentral.empty()) std::cout << "most central symbols:\n";
  for (const auto& sym : a->mostCentral) std::cout << "  " << sym.uid << "\n";
  return kExitOk;
}

// call: one tool call as the server makes it (the index refreshed first unless another process
// keeps it fresh; arguments unescaped, clamped and validated; the answer escaped and fitted),
// its answer on stdout. A usage error for an unknown tool or arguments that are not JSON.
int commandCall(cg::store::Database& db, const Args& args, const fs::path& root, const fs::path& dbPath,
                bool indexedElsewhere) {
  auto index = std::make_shared<cg::store::SqliteIndex>(dbPath);
  auto env = makeToolEnv(index.get(), root);
  if (!indexedElsewhere) {
    // Progress only for a first index: a refresh takes a moment and prints nothing.
    auto summary = runIndex(db, root, args, !db.meta("indexed_at"));
    if (!summary) {
      std::cerr << "codegraph-mcp: indexing failed: " << summary.error().message << "\n";
      return kExitFailure;
    }
  }
  auto registry = cg::tools::makeRegistry(env);
  const auto* tool = registry.find(args.positional[0]);
  if (!tool) {
    std::string names;
    for (const auto& t : registry.all()) names += (names.empty() ? "" : ", ") + t.name;
    usageError("unknown tool '" + args.positional[0] + "'; tools: " + names);
  }
  cg::tools::Json toolArgs = cg::tools::Json::object();
  if (args.positional.size() == 2) {
    toolArgs = cg::tools::Json::parse(args.positional[1], nullptr, false);
    if (toolArgs.is_discarded()) usageError("arguments are not valid JSON: " + args.positional[1]);
  }
  cg::tools::unescapeArguments(toolArgs);  // as the server does (byte_names.h)
  for (const auto& note : cg::tools::clampArguments(tool->inputSchema, toolArgs))
    std::cerr << "codegraph-mcp: note: " << note << "\n";
  if (auto invalid = cg::tools::validateArguments(tool->inputSchema, toolArgs)) {
    std::cerr << "codegraph-mcp: " << *invalid << "\n";
    return kExitUsage;
  }
  cg::tools::CallContext ctx;
  auto snapshot = index->pinSnapshot();  // one read snapshot, as in serve
  auto result = tool->handler(toolArgs, ctx);
  if (result.json) cg::tools::escapeJsonStrings(*result.json);
  else result.text = cg::tools::escapeNonUtf8Lines(result.text);
  std::string cutNote;
  cg::tools::fitAnswer(result, cg::tools::kMaxAnswerBytes, &cutNote);  // as an MCP client gets it
  if (!cutNote.empty()) std::cerr << "codegraph-mcp: note: " << cutNote << "\n";
  if (result.isError) {
    std::cerr << "codegraph-mcp: " << result.text << "\n";
    return kExitFailure;
  }
  // JSON as an MCP client receives it (one line) unless a person reads it on a terminal.
  if (result.json)
    std::cout << result.json->dump(::isatty(1) ? 2 : -1, ' ', false, cg::tools::Json::error_handler_t::replace)
              << "\n";
  else std::cout << result.text << (result.text.empty() || result.text.back() != '\n' ? "\n" : "");
  return kExitOk;
}

// For a command run while a serving process holds the indexer lock (`held` says so): stats and
// debug-dump with no database yet say that nothing is indexed; index and call wait for that
// process's first index, and index then ends. The exit code when the command is over, else
// nullopt (it goes on, reading).
std::optional<int> whileIndexedElsewhere(const Args& args, const fs::path& root, const fs::path& dbPath,
                                         const cg::Error& held) {
  std::error_code ec;
  if ((args.command == "stats" || args.command == "debug-dump") && !fs::exists(dbPath, ec)) {
    std::cout << "nothing indexed yet for " << root.string() << "\n";
    return kExitOk;
  }
  if (args.command == "index" || args.command == "call") {
    std::cerr << "codegraph-mcp: " << held.message << " and keeps it fresh";
    std::cerr << (args.command == "index" ? "; not indexing\n" : "\n");
    if (!waitForIndexOf(dbPath, args.waitTimeout)) {
      std::cerr << "codegraph-mcp: its first index is not complete after " << args.waitTimeout << "s\n";
      return kExitFailure;
    }
    if (args.command == "index") return kExitOk;
  }
  return std::nullopt;
}

// index, call, stats, debug-dump. One writer per database (docs/CONTRACT.md §6): a command that
// would write takes the indexer lock (held until it returns); when a serving process holds it,
// that process keeps the index fresh and this one only reads.
int commandOnIndex(const Args& args, const cg::cli::ServedRoot& served, const fs::path& dbPath) {
  const fs::path& root = served.root;
  if (auto ready = cg::store::prepareDatabaseFolder(dbPath, args.db.empty()); !ready) {
    std::cerr << "codegraph-mcp: " << ready.error().message << "\n";
    return kExitFailure;
  }
  auto lock = cg::indexer::IndexerLock::tryAcquire(cg::indexer::IndexerLock::pathFor(dbPath));
  if (!lock && lock.error().code != cg::ErrorCode::kBusy) {
    std::cerr << "codegraph-mcp: " << lock.error().message << "\n";
    return kExitFailure;
  }
  const bool indexedElsewhere = !lock;
  if (indexedElsewhere)
    if (auto code = whileIndexedElsewhere(args, root, dbPath, lock.error())) return *code;
  auto db = indexedElsewhere ? openReader(dbPath) : openWriter(dbPath);
  if (!db) {
    std::cerr << "codegraph-mcp: " << db.error().message << "\n";
    return kExitFailure;
  }
  if (args.command == "index") return commandIndex(db, root, dbPath, args);
  if (args.command == "debug-dump") return commandDebugDump(**db, args);
  if (args.command == "stats") return commandStats(**db, args, served, dbPath);
  if (args.command == "call") return commandCall(**db, args, root, dbPath, indexedElsewhere);
  return kExitUsage;  // not reached: every command returned above
}

// --version or --help: the text on stdout and the exit code; nullopt for any other command.
std::optional<int> versionOrHelp(const Args& args, int argc, char** argv) {
  if (args.version) {
    std::cout << "codegraph-mcp " << CG_VERSION << "\n";
    return kExitOk;
  }
  if (args.help) {
    const char* text = cg::cli::commandHelp(args.command);
    bool explicitCommand = argc > 1 && argv[1][0] != '-';
    std::cout << (explicitCommand && text ? text : cg::cli::mainHelp());
    return kExitOk;
  }
  return std::nullopt;
}

// Refuses (a usage error) positional arguments the command does not take.
void checkPositional(const Args& args) {
  if (args.command == "call" && (args.positional.empty() || args.positional.size() > 2))
    usageError("call takes TOOL and optional JSON arguments");
  if ((args.command == "index" || args.command == "stats" || args.command == "serve" ||
       args.command == "debug-dump") &&
      !args.positional.empty())
    usageError("unexpected argument '" + args.positional[0] + "'");
}

}  // namespace

int main(int argc, char** argv) {
  // install, uninstall, doctor, help: src/cli, with their own options.
  if (argc > 1 && cg::cli::isCliCommand(argv[1])) return cg::cli::runCliCommand(argc, argv);
  Args args = parseArgs(argc, argv);
  if (auto code = versionOrHelp(args, argc, argv)) return *code;
  if (auto s = cg::support::setupLogging(args.logLevel, args.logFile); !s) usageError(s.error().message);
  if (args.command == "debug-extract") return commandDebugExtract(args);
  if (args.command == "debug-query-profile") return commandDebugQueryProfile(args);

  const cg::cli::ServedRoot served = cg::cli::servedRoot(resolveRepo(args.repo), args.gitTopLevel);
  const fs::path& root = served.root;
  if (auto why = cg::cli::refusedRoot(root)) usageError("repository '" + root.string() + "' " + *why);
  const fs::path dbPath = args.db.empty() ? defaultDbPath(root) : fs::absolute(args.db);
  spdlog::info("repository {}, index {}", served.describe(), dbPath.string());
  checkPositional(args);

  if (args.command == "serve") return commandServe(args, served, dbPath);
  return commandOnIndex(args, served, dbPath);
}
