// transcript_runner: drives the real codegraph-mcp binary with JSON-RPC transcripts.
//
// Usage:
//   cg_e2e_runner transcript  TRANSCRIPT[,TRANSCRIPT...] BINARY [ARGS...]
//   cg_e2e_runner stdout-only TRANSCRIPT[,TRANSCRIPT...] BINARY [ARGS...]
// "{tmp}" in ARGS becomes a fresh temporary directory, removed afterwards (for --db).
//
// Transcript format, one directive per line:
//   # ...       a comment; blank lines are ignored too
//   > TEXT      TEXT is sent verbatim as one line (so malformed JSON can be sent); a lone '>'
//               sends an empty line
//   >x TEXT     the same after decoding \xHH escapes (invalid UTF-8, a '\r' before the '\n')
//   < JSON      the next message the server writes must match JSON
// At the end the runner closes the server's stdin: the server must exit with 0 within 30 s and
// write nothing more.
//
// Matching: an expected object needs exactly its keys in the message, unless it has the key
// "..." (then other keys may be there too); an expected value "<absent>" means the key must
// not be there; "<any>" matches any value; "<re:PATTERN>" matches a string that contains a match
// of the ECMAScript PATTERN; arrays match element by element, and an expected array whose last
// element is "..." allows further elements, and ["<each>", X] matches a non-empty array whose
// every element matches X; numbers compare by value.
//
// stdout-only sends every '>' line without waiting, closes stdin once as many responses as the
// transcripts expect ('<' lines with an id) are in, then checks that each line the server wrote
// is one JSON-RPC 2.0 message, that no response follows, and that stderr received the server's
// logs.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

using Json = nlohmann::json;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr auto kAnswerTimeout = std::chrono::seconds(60);  // the first index may be building
constexpr auto kExitTimeout = std::chrono::seconds(30);

struct Step {
  enum Kind { kSend, kExpect } kind;
  std::string text;   // kSend: bytes of the line; kExpect: the JSON text
  std::string where;  // file:line
};

// A failed check: caught in main, which kills the server, shows its log and cleans up.
struct Failure {
  std::string message;
};

[[noreturn]] void die(const std::string& message) {
  throw Failure{message};
}

std::string decodeEscapes(const std::string& s, const std::string& where) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 3 < s.size() && s[i + 1] == 'x') {
      char* end = nullptr;
      std::string hex = s.substr(i + 2, 2);
      long v = std::strtol(hex.c_str(), &end, 16);
      if (hex.size() != 2 || *end != '\0') die(where + ": bad \\x escape");
      out.push_back(static_cast<char>(v));
      i += 3;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

std::vector<Step> loadTranscript(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) die("cannot read " + path);
  std::vector<Step> steps;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    std::string where = path + ":" + std::to_string(n);
    if (line.empty() || line[0] == '#') continue;
    if (line == ">") {
      steps.push_back({Step::kSend, "", where});
    } else if (line.rfind(">x ", 0) == 0) {
      steps.push_back({Step::kSend, decodeEscapes(line.substr(3), where), where});
    } else if (line.rfind("> ", 0) == 0) {
      steps.push_back({Step::kSend, line.substr(2), where});
    } else if (line.rfind("< ", 0) == 0) {
      if (!Json::accept(line.substr(2))) die(where + ": the expected message is not JSON");
      steps.push_back({Step::kExpect, line.substr(2), where});
    } else {
      die(where + ": a line must start with '#', '> ', '>x ' or '< '");
    }
  }
  return steps;
}

// ---- matching ---------------------------------------------------------------------------------

bool match(const Json& want, const Json& got, const std::string& path, std::string& why) {
  if (want.is_string()) {
    const auto& w = want.get_ref<const std::string&>();
    if (w == "<any>") return true;
    if (w.rfind("<re:", 0) == 0 && w.size() > 5 && w.back() == '>') {
      if (!got.is_string()) {
        why = path + ": expected a string matching " + w + ", got " + got.dump();
        return false;
      }
      std::regex re(w.substr(4, w.size() - 5), std::regex::ECMAScript);
      if (std::regex_search(got.get_ref<const std::string&>(), re)) return true;
      why = path + ": " + got.dump() + " does not match " + w;
      return false;
    }
  }
  if (want.is_object()) {
    if (!got.is_object()) {
      why = path + ": expected an object, got " + got.dump();
      return false;
    }
    bool open = want.contains("...");
    for (const auto& [key, value] : want.items()) {
      if (key == "...") continue;
      bool mustBeAbsent = value.is_string() && value == "<absent>";
      if (!got.contains(key)) {
        if (mustBeAbsent) continue;
        why = path + "." + key + ": missing";
        return false;
      }
      if (mustBeAbsent) {
        why = path + "." + key + ": must be absent, got " + got[key].dump();
        return false;
      }
      if (!match(value, got[key], path + "." + key, why)) return false;
    }
    if (!open)
      for (const auto& [key, _] : got.items())
        if (!want.contains(key)) {
          why = path + "." + key + ": unexpected key";
          return false;
        }
    return true;
  }
  if (want.is_array()) {
    if (!got.is_array()) {
      why = path + ": expected an array, got " + got.dump();
      return false;
    }
    if (want.size() == 2 && want[0] == "<each>") {
      if (got.empty()) {
        why = path + ": expected at least one element";
        return false;
      }
      for (size_t i = 0; i < got.size(); ++i)
        if (!match(want[1], got[i], path + "[" + std::to_string(i) + "]", why)) return false;
      return true;
    }
    bool open = !want.empty() && want.back() == "...";
    size_t n = open ? want.size() - 1 : want.size();
    if (got.size() < n || (!open && got.size() != n)) {
      why = path + ": expected " + std::to_string(n) + (open ? " or more" : "") +
            " elements, got " + std::to_string(got.size());
      return false;
    }
    for (size_t i = 0; i < n; ++i)
      if (!match(want[i], got[i], path + "[" + std::to_string(i) + "]", why)) return false;
    return true;
  }
  if (want == got) return true;
  why = path + ": expected " + want.dump() + ", got " + got.dump();
  return false;
}

// ---- the child process --------------------------------------------------------------------

class Child {
 public:
  Child(const std::vector<std::string>& argv, const std::string& stderrPath) {
    int in[2], out[2];
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0) die("pipe failed");
    int err = ::open(stderrPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (err < 0) die("cannot create " + stderrPath);
    pid_ = ::fork();
    if (pid_ < 0) die("fork failed");
    if (pid_ == 0) {
      ::dup2(in[0], 0);
      ::dup2(out[1], 1);
      ::dup2(err, 2);
      std::vector<char*> args;
      for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      ::execv(args[0], args.data());
      std::fprintf(stderr, "cannot run %s: %s\n", args[0], std::strerror(errno));
      ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    ::close(err);
    toChild_ = in[1];
    fromChild_ = out[0];
  }
  ~Child() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }

  void send(const std::string& line) {
    std::string bytes = line + "\n";
    size_t done = 0;
    while (done < bytes.size()) {
      ssize_t n = ::write(toChild_, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) die(std::string("writing to the server failed: ") + std::strerror(errno));
      done += static_cast<size_t>(n);
    }
  }
  void closeInput() {
    ::close(toChild_);
    toChild_ = -1;
  }

  // The next stdout line; nullopt at EOF. Dies on timeout.
  std::optional<std::string> readLine(Clock::duration timeout, const std::string& waitingFor) {
    auto deadline = Clock::now() + timeout;
    while (true) {
      auto nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        return line;
      }
      if (eof_) {
        if (!buffer_.empty()) die("the server's output ends without a newline: " + buffer_);
        return std::nullopt;
      }
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      if (left.count() <= 0) die("timed out waiting for " + waitingFor);
      pollfd p{fromChild_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
      char chunk[65536];
      ssize_t n = ::read(fromChild_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) eof_ = true;
      if (n > 0) buffer_.append(chunk, static_cast<size_t>(n));
    }
  }

  // Exit status after the process ends; dies if it does not within the timeout.
  int wait(Clock::duration timeout) {
    auto deadline = Clock::now() + timeout;
    while (true) {
      int status = 0;
      pid_t r = ::waitpid(pid_, &status, WNOHANG);
      if (r == pid_) {
        pid_ = -1;
        if (WIFEXITED(status)) return WEXITSTATUS(status);
        die("the server was killed by signal " + std::to_string(WTERMSIG(status)));
      }
      if (Clock::now() > deadline) die("the server did not exit after its input closed");
      ::usleep(10000);
    }
  }

 private:
  pid_t pid_ = -1;
  int toChild_ = -1;
  int fromChild_ = -1;
  std::string buffer_;
  bool eof_ = false;
};

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string tail(const std::string& s, size_t n = 3000) {
  return s.size() <= n ? s : "..." + s.substr(s.size() - n);
}

bool isJsonRpcMessage(const Json& m) {
  if (!m.is_object() || m.value("jsonrpc", Json()) != "2.0") return false;
  if (m.contains("method")) return m["method"].is_string() && !m.contains("result");
  bool hasResult = m.contains("result"), hasError = m.contains("error");
  return m.contains("id") && hasResult != hasError;
}

int runTranscript(Child& child, const std::vector<Step>& steps) {
  int matched = 0;
  for (const auto& step : steps) {
    if (step.kind == Step::kSend) {
      child.send(step.text);
      continue;
    }
    auto line = child.readLine(kAnswerTimeout, "the message expected at " + step.where);
    if (!line) die(step.where + ": the server closed its output instead of answering");
    Json got;
    try {
      got = Json::parse(*line);
    } catch (const Json::parse_error&) {
      die(step.where + ": the server wrote a line that is not JSON: " + *line);
    }
    std::string why;
    if (!match(Json::parse(step.text), got, "$", why))
      die(step.where + ": " + why + "\n  expected: " + step.text + "\n  got:      " + *line);
    ++matched;
  }
  child.closeInput();
  if (auto extra = child.readLine(kExitTimeout, "the end of the output"))
    die("the server wrote a message nobody expected: " + *extra);
  int code = child.wait(kExitTimeout);
  if (code != 0) die("the server exited with " + std::to_string(code));
  std::cout << "ok: " << matched << " messages matched\n";
  return 0;
}

int runStdoutOnly(Child& child, const std::vector<Step>& steps, const std::string& stderrPath) {
  size_t expectedResponses = 0;
  for (const auto& step : steps) {
    if (step.kind == Step::kSend)
      child.send(step.text);
    else if (Json::parse(step.text).contains("id"))
      ++expectedResponses;
  }
  // Input stays open until every response is in: after end of input the server answers only
  // what it can finish at once (calls still waiting for the first index are abandoned).
  size_t responses = 0, lines = 0;
  bool inputOpen = true;
  while (true) {
    if (inputOpen && responses == expectedResponses) {
      child.closeInput();
      inputOpen = false;
    }
    auto line = child.readLine(kAnswerTimeout, inputOpen ? "the expected responses" : "the end of the output");
    if (!line) break;
    ++lines;
    Json m;
    try {
      m = Json::parse(*line);
    } catch (const Json::parse_error&) {
      die("stdout line " + std::to_string(lines) + " is not JSON: " + *line);
    }
    if (!isJsonRpcMessage(m))
      die("stdout line " + std::to_string(lines) + " is not a JSON-RPC 2.0 message: " + *line);
    if (!m.contains("method")) ++responses;
  }
  int code = child.wait(kExitTimeout);
  if (code != 0) die("the server exited with " + std::to_string(code));
  if (responses != expectedResponses)
    die("expected " + std::to_string(expectedResponses) + " responses, got " +
        std::to_string(responses));
  if (readFile(stderrPath).empty()) die("the server logged nothing to stderr");
  std::cout << "ok: " << lines << " stdout lines, all JSON-RPC\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: " << argv[0]
              << " transcript|stdout-only TRANSCRIPT[,TRANSCRIPT...] BINARY [ARGS...]\n";
    return 2;
  }
  ::signal(SIGPIPE, SIG_IGN);  // a server that died shows up as EPIPE, reported below
  std::string mode = argv[1];
  if (mode != "transcript" && mode != "stdout-only") {
    std::cerr << "unknown mode " << mode << "\n";
    return 2;
  }

  std::vector<Step> steps;
  try {
    std::stringstream list(argv[2]);
    for (std::string path; std::getline(list, path, ',');) {
      auto more = loadTranscript(path);
      steps.insert(steps.end(), more.begin(), more.end());
    }
  } catch (const Failure& f) {
    std::cerr << "FAIL: " << f.message << "\n";
    return 1;
  }

  char tmpl[] = "/tmp/cg-e2e-XXXXXX";
  if (!::mkdtemp(tmpl)) {
    std::cerr << "FAIL: mkdtemp failed\n";
    return 1;
  }
  std::string tmp = tmpl;
  std::vector<std::string> childArgv;
  for (int i = 3; i < argc; ++i) {
    std::string a = argv[i];
    for (size_t pos; (pos = a.find("{tmp}")) != std::string::npos;) a.replace(pos, 5, tmp);
    childArgv.push_back(a);
  }
  std::string stderrPath = tmp + "/stderr.log";
  int rc = 0;
  try {
    Child child(childArgv, stderrPath);
    rc = mode == "transcript" ? runTranscript(child, steps)
                              : runStdoutOnly(child, steps, stderrPath);
  } catch (const Failure& f) {  // the Child is gone (killed) by now
    std::cerr << "FAIL: " << f.message << "\n--- the server's stderr ---\n"
              << tail(readFile(stderrPath)) << "\n";
    rc = 1;
  } catch (const std::exception& e) {  // e.g. a bad <re:...> pattern
    std::cerr << "FAIL: " << e.what() << "\n";
    rc = 1;
  }
  std::error_code ec;
  fs::remove_all(tmp, ec);
  return rc;
}
