#include "gitignore.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <fstream>

#include <spdlog/spdlog.h>

namespace cg::indexer {
namespace {

namespace fs = std::filesystem;

// Git refuses pattern files over 100 MiB; a repository with an ignore file this large is
// hostile or broken, and reading it whole would cost more than the walk.
constexpr std::uintmax_t kMaxIgnoreFileBytes = 8u << 20;

std::vector<std::string_view> splitSegments(std::string_view path) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    size_t slash = path.find('/', start);
    out.push_back(path.substr(start, slash == std::string_view::npos ? slash : slash - start));
    if (slash == std::string_view::npos) return out;
    start = slash + 1;
  }
}

bool classNameMatches(std::string_view name, unsigned char c, bool* known) {
  *known = true;
  if (name == "alnum") return std::isalnum(c);
  if (name == "alpha") return std::isalpha(c);
  if (name == "blank") return c == ' ' || c == '\t';
  if (name == "cntrl") return std::iscntrl(c);
  if (name == "digit") return std::isdigit(c);
  if (name == "graph") return std::isgraph(c);
  if (name == "lower") return std::islower(c);
  if (name == "print") return std::isprint(c);
  if (name == "punct") return std::ispunct(c);
  if (name == "space") return std::isspace(c);
  if (name == "upper") return std::isupper(c);
  if (name == "xdigit") return std::isxdigit(c);
  *known = false;
  return false;
}

// The bracket expression starting at pat[open] == '[' against one character. Returns 1 (match),
// 0 (no match) or -1 (malformed: unterminated or an unknown [:name:]); *next is the index after
// ']'.
int matchClass(std::string_view pat, size_t open, unsigned char ch, size_t* next) {
  size_t i = open + 1;
  bool negate = false;
  if (i < pat.size() && (pat[i] == '!' || pat[i] == '^')) {
    negate = true;
    ++i;
  }
  bool matched = false;
  for (bool first = true;; first = false) {
    if (i >= pat.size()) return -1;
    if (pat[i] == ']' && !first) {
      ++i;
      break;
    }
    if (pat[i] == '[' && i + 1 < pat.size() && pat[i + 1] == ':') {
      size_t close = pat.find(":]", i + 2);
      if (close != std::string_view::npos) {
        bool known = false;
        if (classNameMatches(pat.substr(i + 2, close - i - 2), ch, &known)) matched = true;
        if (!known) return -1;
        i = close + 2;
        continue;
      }
    }
    auto literal = [&](unsigned char* out) {
      if (pat[i] == '\\') {
        if (++i >= pat.size()) return false;
      }
      *out = static_cast<unsigned char>(pat[i++]);
      return true;
    };
    unsigned char lo = 0;
    if (!literal(&lo)) return -1;
    if (i + 1 < pat.size() && pat[i] == '-' && pat[i + 1] != ']') {
      ++i;
      unsigned char hi = 0;
      if (!literal(&hi)) return -1;
      if (lo <= ch && ch <= hi) matched = true;
    } else if (lo == ch) {
      matched = true;
    }
  }
  *next = i;
  return matched != negate ? 1 : 0;
}

bool globMatch(std::string_view pat, std::string_view name, uint64_t& steps) {
  // Greedy matching with one backtrack point (the last '*'): linear in practice, and never
  // exponential however many stars a hostile pattern holds.
  size_t p = 0, t = 0;
  size_t starP = std::string_view::npos, starT = 0;
  while (t < name.size()) {
    ++steps;
    if (p < pat.size()) {
      char c = pat[p];
      if (c == '*') {
        while (p < pat.size() && pat[p] == '*') ++p;
        starP = p;
        starT = t;
        continue;
      }
      bool ok = false;
      size_t next = p + 1;
      if (c == '?') {
        ok = true;
      } else if (c == '[') {
        int r = matchClass(pat, p, static_cast<unsigned char>(name[t]), &next);
        if (r < 0) return false;
        ok = r == 1;
      } else if (c == '\\') {
        if (p + 1 >= pat.size()) return false;  // a dangling escape never matches (as in git)
        ok = pat[p + 1] == name[t];
        next = p + 2;
      } else {
        ok = c == name[t];
      }
      if (ok) {
        p = next;
        ++t;
        continue;
      }
    }
    if (starP == std::string_view::npos) return false;
    p = starP;
    t = ++starT;
  }
  while (p < pat.size() && pat[p] == '*') ++p;
  return p == pat.size();
}

}  // namespace

bool globMatchSegment(std::string_view pat, std::string_view name, uint64_t* steps) {
  uint64_t taken = 0;
  const bool matched = globMatch(pat, name, taken);
  if (steps) *steps += taken;
  return matched;
}

std::optional<IgnoreFile::Pattern> IgnoreFile::parseLine(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  // Trailing spaces go, unless the last one is escaped by an odd number of backslashes.
  while (!line.empty() && line.back() == ' ') {
    size_t backslashes = 0;
    while (backslashes + 1 < line.size() && line[line.size() - 2 - backslashes] == '\\')
      ++backslashes;
    if (backslashes % 2 == 1) break;
    line.remove_suffix(1);
  }
  if (line.empty() || line.front() == '#') return std::nullopt;
  Pattern p;
  if (line.front() == '!') {
    p.negated = true;
    line.remove_prefix(1);
  }
  if (!line.empty() && line.back() == '/') {
    p.dirOnly = true;
    while (!line.empty() && line.back() == '/') line.remove_suffix(1);
  }
  if (line.empty()) return std::nullopt;
  p.anchored = line.find('/') != std::string_view::npos;
  if (line.front() == '/') line.remove_prefix(1);
  if (line.empty()) return std::nullopt;
  if (p.anchored) {
    for (auto seg : splitSegments(line)) p.segments.emplace_back(seg);
  } else {
    p.segments.emplace_back(line);
  }
  return p;
}

IgnoreFile IgnoreFile::parse(std::string_view text, std::string base) {
  IgnoreFile file;
  file.base_ = std::move(base);
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8 BOM, as git skips it
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    if (auto p = parseLine(line)) file.patterns_.push_back(std::move(*p));
  }
  return file;
}

std::optional<IgnoreFile> IgnoreFile::load(const fs::path& file, std::string base) {
  // A symlinked ignore file is not followed (as git does since 2.32): it could name a file
  // outside the repository, and nothing outside is read.
  int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return std::nullopt;
  }
  if (static_cast<std::uintmax_t>(st.st_size) > kMaxIgnoreFileBytes) {
    ::close(fd);
    spdlog::warn("ignore file {} is over {} bytes; not read", file.string(), kMaxIgnoreFileBytes);
    return std::nullopt;
  }
  std::string text;
  char buf[16384];
  while (text.size() <= kMaxIgnoreFileBytes) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return parse(text, std::move(base));
}

bool IgnoreFile::matchPattern(const Pattern& p, std::string_view path, uint64_t* steps) {
  if (!p.anchored) {
    size_t slash = path.rfind('/');
    return globMatchSegment(p.segments[0],
                            slash == std::string_view::npos ? path : path.substr(slash + 1), steps);
  }
  std::vector<std::string_view> text = splitSegments(path);
  const size_t np = p.segments.size(), nt = text.size();
  // memo[i * (nt + 1) + j]: pattern segments i.. against text segments j.. (-1 = not computed).
  // Memoised, the globstar search costs O(np * nt) segment matches at worst.
  std::vector<int8_t> memo((np + 1) * (nt + 1), -1);
  auto go = [&](auto&& self, size_t i, size_t j) -> bool {
    int8_t& m = memo[i * (nt + 1) + j];
    if (m >= 0) return m == 1;
    bool r = false;
    if (i == np) {
      r = j == nt;
    } else if (p.segments[i] == "**") {
      if (i + 1 == np) {
        r = j < nt;  // trailing "/**": one or more segments (everything inside, not the dir)
      } else {
        for (size_t k = j; k <= nt && !r; ++k) r = self(self, i + 1, k);
      }
    } else {
      r = j < nt && globMatchSegment(p.segments[i], text[j], steps) && self(self, i + 1, j + 1);
    }
    m = r ? 1 : 0;
    return r;
  };
  return go(go, 0, 0);
}

IgnoreMatch IgnoreFile::match(std::string_view path, bool isDir, uint64_t* steps) const {
  std::string_view rel = path;
  if (!base_.empty()) {
    if (path.size() <= base_.size() || path.substr(0, base_.size()) != base_ ||
        path[base_.size()] != '/')
      return IgnoreMatch::kNone;
    rel = path.substr(base_.size() + 1);
  }
  for (auto it = patterns_.rbegin(); it != patterns_.rend(); ++it) {
    if (it->dirOnly && !isDir) continue;
    if (matchPattern(*it, rel, steps))
      return it->negated ? IgnoreMatch::kWhitelist : IgnoreMatch::kIgnore;
  }
  return IgnoreMatch::kNone;
}

IgnoreChain IgnoreChain::push(IgnoreFile file) const {
  IgnoreChain out;
  out.head_ = std::make_shared<const Node>(Node{std::move(file), head_});
  return out;
}

bool IgnoreChain::isIgnored(std::string_view path, bool isDir) const {
  for (const Node* n = head_.get(); n != nullptr; n = n->parent.get()) {
    IgnoreMatch m = n->file.match(path, isDir);
    if (m != IgnoreMatch::kNone) return m == IgnoreMatch::kIgnore;
  }
  return false;
}

IgnoreOrigin findIgnoreOrigin(const fs::path& root) {
  IgnoreOrigin origin;
  origin.top = root;
  fs::path dotGit;
  for (fs::path dir = root;; dir = dir.parent_path()) {
    struct stat st {};
    if (::lstat((dir / ".git").c_str(), &st) == 0) {
      origin.top = dir;
      dotGit = dir / ".git";
      origin.inWorkTree = true;
      break;
    }
    if (dir == dir.parent_path()) break;
  }
  if (origin.top != root) origin.rootPrefix = root.lexically_relative(origin.top).string() + "/";
  if (dotGit.empty()) return origin;

  // .git is a directory, or (worktrees, submodules) a file "gitdir: <path>"; a worktree's
  // info/exclude lives in the common directory its gitdir names in "commondir".
  fs::path gitDir = dotGit;
  std::error_code ec;
  if (fs::is_regular_file(dotGit, ec)) {
    std::ifstream in(dotGit);
    std::string line;
    std::getline(in, line);
    if (line.rfind("gitdir:", 0) != 0) return origin;
    std::string target = line.substr(7);
    while (!target.empty() && (target.front() == ' ' || target.front() == '\t')) target.erase(0, 1);
    while (!target.empty() && (target.back() == '\r' || target.back() == ' ')) target.pop_back();
    gitDir = fs::path(target).is_absolute() ? fs::path(target) : origin.top / target;
    std::ifstream common(gitDir / "commondir");
    std::string commonDir;
    if (std::getline(common, commonDir) && !commonDir.empty())
      gitDir = fs::path(commonDir).is_absolute() ? fs::path(commonDir) : gitDir / commonDir;
  }
  fs::path exclude = gitDir / "info" / "exclude";
  if (fs::is_regular_file(exclude, ec)) origin.infoExclude = exclude;
  return origin;
}

IgnoreChain loadChainForDirectory(const IgnoreOrigin& origin, std::string_view relDir) {
  IgnoreChain chain;
  if (!origin.infoExclude.empty()) {
    if (auto f = IgnoreFile::load(origin.infoExclude, "")) chain = chain.push(std::move(*f));
  }
  // Every directory from the top down to root/relDir, as paths relative to the top.
  std::string target = origin.rootPrefix + std::string(relDir);
  while (!target.empty() && target.back() == '/') target.pop_back();
  std::string dir;
  while (true) {
    fs::path abs = dir.empty() ? origin.top : origin.top / dir;
    if (auto f = IgnoreFile::load(abs / ".gitignore", dir)) chain = chain.push(std::move(*f));
    if (dir.size() >= target.size()) break;
    size_t next = target.find('/', dir.empty() ? 0 : dir.size() + 1);
    dir = target.substr(0, next);
  }
  return chain;
}

bool isPathIgnored(const fs::path& root, std::string_view relPath, bool isDir) {
  IgnoreOrigin origin = findIgnoreOrigin(root);
  IgnoreChain chain = loadChainForDirectory(origin, "");
  std::vector<std::string_view> parts = splitSegments(relPath);
  std::string rel;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (!rel.empty()) rel += '/';
    rel.append(parts[i]);
    const bool last = i + 1 == parts.size();
    if (chain.isIgnored(origin.rootPrefix + rel, last ? isDir : true)) return true;
    if (!last) {
      if (auto f = IgnoreFile::load(root / rel / ".gitignore", origin.rootPrefix + rel))
        chain = chain.push(std::move(*f));
    }
  }
  return false;
}

}  // namespace cg::indexer
