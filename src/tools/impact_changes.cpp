// Reading a change for impact (impact.h): git's diff mapped onto the index's symbols and the
// old versions' extraction, or the symbols an agent names.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <future>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_map>

#include <sys/stat.h>

#include "change_set.h"
#include "common.h"
#include "impact.h"
#include "resolve.h"

namespace cg::tools {
namespace {

using model::Symbol;
using model::SymbolKind;

constexpr size_t kMaxSymbolArgs = 50;
constexpr size_t kMatchesPerName = 10;  // definitions a name of the symbols form stands for
constexpr size_t kMaxFiles = 1000;      // changed files mapped; the rest are named as cut

// The key of a symbol within its file: its uid less the path.
std::string keyOf(const Symbol& s) { return s.uid.substr(std::min(s.uid.size(), s.path.size() + 2)); }

// Which symbols own a changed line: the innermost whose range holds it. A symbol is touched when
// a changed line lies in its range and in none of its members' ranges.
std::vector<bool> touched(const std::vector<Symbol>& syms, const std::vector<LineRange>& lines) {
  std::vector<bool> out(syms.size(), false);
  if (lines.empty()) return out;
  std::unordered_map<int64_t, size_t> at;
  for (size_t i = 0; i < syms.size(); ++i) at[syms[i].id] = i;
  std::vector<std::vector<size_t>> children(syms.size());
  for (size_t i = 0; i < syms.size(); ++i)
    if (auto p = at.find(syms[i].parentId); syms[i].parentId != 0 && p != at.end()) children[p->second].push_back(i);
  for (size_t i = 0; i < syms.size(); ++i) {
    const uint32_t first = syms[i].range.line, last = std::max(syms[i].range.endLine, first);
    for (const auto& [a, b] : lines) {
      if (b < first || a > last) continue;
      // The changed lines within the symbol, less those its members cover.
      std::vector<LineRange> own;
      own.emplace_back(std::max(a, first), std::min(b, last));
      for (size_t c : children[i]) {
        const uint32_t cf = syms[c].range.line, cl = std::max(syms[c].range.endLine, cf);
        std::vector<LineRange> next;
        for (auto [x, y] : own) {
          if (cl < x || cf > y) { next.emplace_back(x, y); continue; }
          if (x < cf) next.emplace_back(x, cf - 1);
          if (y > cl) next.emplace_back(cl + 1, y);
        }
        own.swap(next);
      }
      if (!own.empty()) { out[i] = true; break; }
    }
  }
  return out;
}

// The lines of `ranges` that hold more than white space in `text` (all of them without text):
// a blank line added or removed between two methods changes neither, nor their class.
std::vector<LineRange> nonBlank(const std::vector<LineRange>& ranges, const std::string& text) {
  if (text.empty()) return ranges;
  std::vector<LineRange> out;
  size_t pos = 0;
  uint32_t line = 1;
  for (const auto& [a, b] : ranges) {
    for (; line < a && pos < text.size(); ++line) {
      size_t nl = text.find('\n', pos);
      pos = nl == std::string::npos ? text.size() : nl + 1;
    }
    for (; line <= b && pos < text.size(); ++line) {
      size_t nl = text.find('\n', pos);
      size_t end = nl == std::string::npos ? text.size() : nl;
      if (text.find_first_not_of(" \t\r\f\v", pos) < end) {
        if (!out.empty() && out.back().second + 1 == line) out.back().second = line;
        else out.emplace_back(line, line);
      }
      pos = end + 1;
    }
  }
  return out;
}

std::optional<SymbolKind> parentKindIn(const std::vector<Symbol>& syms, const Symbol& s) {
  if (s.parentId == 0) return std::nullopt;
  for (const auto& p : syms)
    if (p.id == s.parentId) return p.kind;
  return std::nullopt;
}

const char* statusName(FileChange::Status s) {
  switch (s) {
    case FileChange::Status::kAdded: return "added";
    case FileChange::Status::kDeleted: return "deleted";
    case FileChange::Status::kRenamed: return "renamed";
    default: return "modified";
  }
}

// The symbols of files' versions, by path, language and content: an agent asks impact again
// after each edit, and the old side (HEAD's version of a file) is the same each time. Holds at
// most kCachedSymbols symbols, the least recently used dropped first. Thread-safe.
constexpr size_t kCachedSymbols = 100000;
Expected<std::vector<Symbol>> extractCached(const ToolEnv& env, const std::string& path, const std::string& text,
                                            const std::string& language) {
  struct Entry {
    std::string key;
    std::shared_ptr<const std::vector<Symbol>> symbols;
  };
  static std::mutex mu;
  static std::list<Entry> lru;  // most recent first
  static size_t held = 0;
  const std::string key = path + '\n' + language + '\n' + std::to_string(text.size()) + ':' +
                          std::to_string(std::hash<std::string_view>{}(text));
  {
    std::lock_guard<std::mutex> lock(mu);
    for (auto it = lru.begin(); it != lru.end(); ++it)
      if (it->key == key) {
        lru.splice(lru.begin(), lru, it);
        return *it->symbols;
      }
  }
  auto got = env.extractSymbols(path, text, language);
  if (!got) return got.error();
  auto shared = std::make_shared<const std::vector<Symbol>>(*got);
  std::lock_guard<std::mutex> lock(mu);
  lru.push_front({key, shared});
  held += shared->size();
  while (held > kCachedSymbols && lru.size() > 1) {
    held -= lru.back().symbols->size();
    lru.pop_back();
  }
  return *shared;
}

// Pairs each new symbol with the old one it continues, by uid less path: within one qualified
// name and kind first by equal signature (inserting a TEST(...) or an overload before another
// does not make the later one "modified"), then in order. -1: none (added).
std::vector<int64_t> pairSymbols(const std::vector<Symbol>& news, const std::vector<Symbol>& olds) {
  auto baseKey = [](const Symbol& s) {
    std::string k = keyOf(s);
    if (size_t hash = k.rfind('#'); hash != std::string::npos && k.find("::", hash) == std::string::npos) k.resize(hash);
    return k;
  };
  std::unordered_map<std::string, std::vector<size_t>> oldGroups;
  for (size_t i = 0; i < olds.size(); ++i) oldGroups[baseKey(olds[i])].push_back(i);
  std::vector<int64_t> out(news.size(), -1);
  std::vector<bool> used(olds.size(), false);
  std::vector<size_t> rest;
  for (size_t i = 0; i < news.size(); ++i) {
    auto g = oldGroups.find(baseKey(news[i]));
    if (g == oldGroups.end()) continue;
    for (size_t o : g->second)
      if (!used[o] && oneLine(olds[o].signature) == oneLine(news[i].signature)) {
        out[i] = static_cast<int64_t>(o);
        used[o] = true;
        break;
      }
    if (out[i] < 0) rest.push_back(i);
  }
  for (size_t i : rest) {
    for (size_t o : oldGroups[baseKey(news[i])])
      if (!used[o]) {
        out[i] = static_cast<int64_t>(o);
        used[o] = true;
        break;
      }
  }
  return out;
}

// Maps one changed file onto symbols. `language`: the index's language of the file ("" when it
// does not hold it), so that both versions are read as the index reads the file.
Status mapFile(const ToolEnv& env, const FileChange& f, bool newFromIndex, const std::string& language,
               ChangeSet& out) {
  std::vector<Symbol> news, olds;
  if (f.status != FileChange::Status::kDeleted) {
    if (newFromIndex) {
      auto got = env.index->fileSymbols(f.path);
      if (!got) return got.error();
      news = std::move(*got);
    } else if (env.extractSymbols) {
      auto got = extractCached(env, f.path, f.newText, language);
      if (got) news = std::move(*got);
    }
  }
  const bool pureRename = f.status == FileChange::Status::kRenamed && f.oldLines.empty() && f.newLines.empty();
  if (f.status != FileChange::Status::kAdded) {
    if (pureRename) {
      // Git printed no text: the old version is the new one under the old path.
      model::UidAssigner uids(f.oldPath);
      for (const auto& n : news) {
        Symbol o = n;
        o.path = f.oldPath;
        o.uid = uids.next(n.qualifiedName, n.kind);
        olds.push_back(std::move(o));
      }
    } else if (env.extractSymbols) {
      const bool sameKind = f.oldPath.substr(f.oldPath.rfind('.') == std::string::npos ? f.oldPath.size() : f.oldPath.rfind('.')) ==
                            f.path.substr(f.path.rfind('.') == std::string::npos ? f.path.size() : f.path.rfind('.'));
      auto got = extractCached(env, f.oldPath, f.oldText, sameKind ? language : std::string());
      if (got) olds = std::move(*got);
    }
  }
  Json file{{"file_path", f.path}, {"change", statusName(f.status)}};
  if (f.status == FileChange::Status::kRenamed) file["from_file_path"] = f.oldPath;
  out.files.push_back(std::move(file));
  if (f.status == FileChange::Status::kDeleted || f.status == FileChange::Status::kRenamed)
    out.goneModules.emplace_back(stemOf(f.oldPath), f.oldPath);

  const auto touchedNew = touched(news, nonBlank(f.newLines, f.newText));
  const auto touchedOld = touched(olds, nonBlank(f.oldLines, f.oldText));
  const std::vector<int64_t> pairs = pairSymbols(news, olds);
  std::vector<bool> matched(olds.size(), false);
  const bool moved = f.status == FileChange::Status::kRenamed;
  for (size_t i = 0; i < news.size(); ++i) {
    Changed c;
    c.symbol = news[i];
    if (!newFromIndex) {  // the head version's symbol: the walk follows the index's of that uid
      auto inIndex = env.index->byUid(news[i].uid);
      if (!inIndex) return inIndex.error();
      c.shown = news[i];
      if (*inIndex) c.symbol = **inIndex;
      else c.symbol.id = 0;
    }
    c.parentKind = parentKindIn(news, news[i]);
    if (pairs[i] < 0) {
      c.change = "added";
    } else {
      const size_t o = static_cast<size_t>(pairs[i]);
      matched[o] = true;
      const Symbol& old = olds[o];
      if (touchedNew[i] || touchedOld[o]) {
        c.change = "modified";
        if (oneLine(old.signature) != oneLine(news[i].signature)) c.oldSignature = old.signature;
      } else if (moved && news[i].parentId == 0) {
        c.change = "moved";
      } else {
        continue;
      }
      if (moved) c.fromPath = f.oldPath;
    }
    out.symbols.push_back(std::move(c));
  }
  for (size_t i = 0; i < olds.size(); ++i) {
    if (matched[i]) continue;
    Changed c;
    c.symbol = olds[i];
    c.symbol.id = 0;
    c.change = "deleted";
    c.parentKind = parentKindIn(olds, olds[i]);
    out.symbols.push_back(std::move(c));
  }
  return okStatus();
}

// Whether the index covers `path` (a file of an extracted language, not skipped).
// The index's language of `path`, or nullopt when it does not cover the file (another language,
// ignored, too large).
Expected<std::optional<std::string>> indexedLanguage(const ToolEnv& env, const std::string& path) {
  model::FilesRequest req;
  req.path = path;
  req.limit = 1;
  bool more = false;
  auto got = env.index->files(req, &more);
  if (!got) return got.error();
  if (!got->exact || got->files.empty()) return std::optional<std::string>();
  return std::optional<std::string>(got->files.front().language);
}

}  // namespace

std::string stemOf(const std::string& path) {
  std::string base = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
  return base.substr(0, base.find('.'));
}

namespace {

// The untracked files git lists (NUL-separated), each as an added file; folders (a trailing '/')
// are left out.
void appendUntracked(const std::string& listed, std::vector<FileChange>& files) {
  size_t start = 0;
  while (start < listed.size()) {
    size_t end = listed.find('\0', start);
    if (end == std::string::npos) end = listed.size();
    if (end > start && listed[end - 1] != '/') {
      FileChange f;
      f.status = FileChange::Status::kAdded;
      f.path = listed.substr(start, end - start);
      files.push_back(std::move(f));
    }
    start = end + 1;
  }
}

// A change as git reports it: the files its diff names, then the untracked ones (the working
// tree's), each list in path order.
struct GitChange {
  std::vector<FileChange> tracked, untracked;
  std::vector<FileChange> all() const {
    std::vector<FileChange> out = tracked;
    out.insert(out.end(), untracked.begin(), untracked.end());
    return out;
  }
};

void sortByPath(std::vector<FileChange>& files) {
  std::stable_sort(files.begin(), files.end(), [](const FileChange& a, const FileChange& b) { return a.path < b.path; });
}

// git's change from `from` to `head` (empty: the working tree, its untracked files included),
// limited to `paths` when there are any. Errors name what is wrong for the agent.
Expected<GitChange> readGitChange(const ToolEnv& env, const std::string& from, const std::string& head,
                                                 const std::vector<std::string>& paths) {
  std::vector<std::string> pathspec;
  for (const auto& p : paths) pathspec.push_back(":(literal)" + p);
  std::vector<std::string> args{"diff"};
  for (auto& a : diffArguments()) args.push_back(std::move(a));
  args.push_back(from);
  if (!head.empty()) args.push_back(head);
  args.push_back("--");
  args.insert(args.end(), pathspec.begin(), pathspec.end());
  // The untracked files are listed while the diff runs (two git processes at once).
  std::future<Expected<std::string>> untrackedList;
  if (head.empty())
    untrackedList = std::async(std::launch::async, [&env, &pathspec] {
      std::vector<std::string> list{"ls-files", "-z", "--others", "--exclude-standard", "--"};
      list.insert(list.end(), pathspec.begin(), pathspec.end());
      return env.git(list);
    });
  auto diff = env.git(args);
  if (!diff) {
    if (untrackedList.valid()) untrackedList.wait();
    auto verify = env.git({"rev-parse", "--verify", "--quiet", from + "^{commit}"});
    if (!verify)
      return makeError(ErrorCode::kInvalidArgument,
                       from == "HEAD" ? "The repository is not a git work tree with a commit, so there is no working-tree "
                                        "change to read; pass `symbols` (uids or names) instead."
                                      : "'" + from + "' is not a revision of this repository.");
    if (!head.empty() && !env.git({"rev-parse", "--verify", "--quiet", head + "^{commit}"}))
      return makeError(ErrorCode::kInvalidArgument, "'" + head + "' is not a revision of this repository.");
    return makeError(ErrorCode::kIo, "git could not compare the revisions: " + diff.error().message);
  }
  GitChange out;
  out.tracked = parseFullContextDiff(*diff);
  if (head.empty())
    if (auto untracked = untrackedList.get()) appendUntracked(*untracked, out.untracked);
  sortByPath(out.tracked);
  sortByPath(out.untracked);
  return out;
}

// What a cached read of the working tree stays valid for: the commit HEAD names and the identity
// of git's index file (staging, `git rm --cached` and a refresh by another git command change it).
struct GitState {
  std::string commit;
  std::string indexFile;  // device, inode, size and mtime of git's index, or "" when it has none
  bool operator==(const GitState&) const = default;
};

std::optional<GitState> gitState(const ToolEnv& env) {
  auto out = env.git({"rev-parse", "--git-path", "index", "HEAD^{commit}"});
  if (!out) return std::nullopt;
  const size_t nl = out->find('\n');
  if (nl == std::string::npos) return std::nullopt;
  GitState st;
  std::filesystem::path index = out->substr(0, nl);
  st.commit = trimmed(out->substr(nl + 1));
  if (index.is_relative()) index = env.repoRoot / index;
  struct stat info {};
  if (::stat(index.c_str(), &info) == 0)
    st.indexFile = std::to_string(info.st_dev) + ":" + std::to_string(info.st_ino) + ":" +
                   std::to_string(info.st_size) + ":" + std::to_string(info.st_mtim.tv_sec) + "." +
                   std::to_string(info.st_mtim.tv_nsec);
  return st;
}

// The paths whose indexed content differs between two reads of fileHashes (both in path order):
// changed, added or removed.
std::vector<std::string> changedPaths(const std::vector<std::pair<std::string, std::string>>& before,
                                      const std::vector<std::pair<std::string, std::string>>& now) {
  std::vector<std::string> out;
  size_t i = 0, j = 0;
  while (i < before.size() || j < now.size()) {
    if (j == now.size() || (i < before.size() && before[i].first < now[j].first)) {
      out.push_back(before[i++].first);
    } else if (i == before.size() || now[j].first < before[i].first) {
      out.push_back(now[j++].first);
    } else {
      if (before[i].second != now[j].second) out.push_back(now[j].first);
      ++i, ++j;
    }
  }
  return out;
}

// More files than this changed since the last read: the whole working tree is read again.
constexpr size_t kMaxRereadFiles = 200;

}  // namespace

// The last read of the working tree against HEAD: git's files (untracked ones included), and the
// index's file hashes when it was made. Valid while GitState holds; the files whose indexed
// content changed since are read again from git, limited to their paths (with both sides of a
// rename they take part in). Every file git reports that the index does not cover (documents,
// files too large, ignored ones) is kept as read: the mapping skips those unless deleted or
// renamed, which the index sees as a change of the old path.
class WorkingTreeCache {
 public:
  Expected<std::vector<FileChange>> read(const ToolEnv& env) {
    auto state = gitState(env);
    auto hashes = env.index->fileHashes();
    if (!hashes) return hashes.error();
    std::lock_guard<std::mutex> lock(mu_);
    if (!state || !valid_ || !(*state == state_)) return readAll(env, state, std::move(*hashes));
    const std::vector<std::string> paths = changedPaths(hashes_, *hashes);
    if (paths.empty()) return last_.all();
    std::set<std::string> reread(paths.begin(), paths.end());
    for (const auto& f : last_.tracked)
      if (f.status == FileChange::Status::kRenamed && (reread.count(f.path) || reread.count(f.oldPath)))
        reread.insert({f.path, f.oldPath});
    if (reread.size() > kMaxRereadFiles) return readAll(env, state, std::move(*hashes));
    valid_ = false;
    auto part = readGitChange(env, "HEAD", "", {reread.begin(), reread.end()});
    if (!part) return part.error();
    auto merge = [&reread](std::vector<FileChange>& kept, std::vector<FileChange>& fresh) {
      std::erase_if(kept, [&](const FileChange& f) { return reread.count(f.path) || reread.count(f.oldPath); });
      for (auto& f : fresh) kept.push_back(std::move(f));
      sortByPath(kept);
    };
    merge(last_.tracked, part->tracked);
    merge(last_.untracked, part->untracked);
    hashes_ = std::move(*hashes);
    valid_ = true;
    return last_.all();
  }

 private:
  Expected<std::vector<FileChange>> readAll(const ToolEnv& env, const std::optional<GitState>& state,
                                            std::vector<std::pair<std::string, std::string>> hashes) {
    valid_ = false;
    auto read = readGitChange(env, "HEAD", "", {});
    if (!read) return read.error();
    if (state) {
      state_ = *state;
      hashes_ = std::move(hashes);
      last_ = *read;
      valid_ = true;
    }
    return read->all();
  }

  std::mutex mu_;
  bool valid_ = false;
  GitState state_;
  std::vector<std::pair<std::string, std::string>> hashes_;
  GitChange last_;
};

std::shared_ptr<WorkingTreeCache> newWorkingTreeCache() { return std::make_shared<WorkingTreeCache>(); }

Expected<ChangeSet> changesFromGit(const ToolEnv& env, const std::string& base, const std::string& head,
                                   const CallContext& ctx) {
  if (!env.git)
    return makeError(ErrorCode::kInvalidArgument,
                     "Reading a change needs git, which this server cannot run; pass `symbols` instead.");
  const std::string from = base.empty() ? "HEAD" : base;
  for (const std::string& rev : {from, head})
    if (!rev.empty() && (rev[0] == '-' || rev.find("..") != std::string::npos))
      return makeError(ErrorCode::kInvalidArgument,
                       "Invalid revision '" + rev + "': give one revision each in `base` and `head`.");
  std::vector<FileChange> files;
  if (base.empty() && head.empty() && env.workingTree) {
    auto read = env.workingTree->read(env);
    if (!read) return read.error();
    files = std::move(*read);
  } else {
    auto read = readGitChange(env, from, head, {});
    if (!read) return read.error();
    files = read->all();
  }
  ChangeSet out;
  size_t mapped = 0, skipped = 0;
  for (const auto& f : files) {
    if (ctx.cancelled()) return makeError(ErrorCode::kCancelled, "cancelled");
    if (f.binary) continue;
    // A file the index does not cover (another language, ignored, too large) has no symbols on
    // the new side; its old version still may (a deleted or renamed source file).
    std::optional<std::string> language;
    if (f.status != FileChange::Status::kDeleted) {
      auto l = indexedLanguage(env, f.path);
      if (!l) return l.error();
      language = *l;
    }
    const bool covered = language.has_value();
    if (!covered && f.status != FileChange::Status::kDeleted && f.status != FileChange::Status::kRenamed) continue;
    // Not code: no language extracts the old path (an empty text costs nothing to extract).
    if (!covered && env.extractSymbols && !env.extractSymbols(f.oldPath, "", "")) continue;
    if (mapped >= kMaxFiles) { ++skipped; continue; }
    ++mapped;
    FileChange g = f;
    if (g.status == FileChange::Status::kAdded && g.newLines.empty()) g.newLines.emplace_back(1, UINT32_MAX);
    if (auto st = mapFile(env, g, head.empty() && covered, language.value_or(""), out); !st) return st.error();
  }
  if (skipped)
    out.notes.push_back(std::to_string(skipped) + " more changed files were not mapped (at most " +
                        std::to_string(kMaxFiles) + ").");
  return out;
}

Expected<ChangeSet> changesFromSymbols(const ToolEnv& env, const Json& names) {
  ChangeSet out;
  if (names.empty()) return makeError(ErrorCode::kInvalidArgument, "Invalid argument 'symbols': name at least one symbol.");
  if (names.size() > kMaxSymbolArgs)
    return makeError(ErrorCode::kInvalidArgument,
                     "Invalid argument 'symbols': at most " + std::to_string(kMaxSymbolArgs) + " symbols.");
  std::set<int64_t> seen;
  for (const auto& n : names) {
    const std::string text = trimmed(n.get<std::string>());
    if (text.empty()) return makeError(ErrorCode::kInvalidArgument, "Invalid argument 'symbols': an empty name.");
    SymbolQuery q;
    q.name = text;
    q.limit = kMatchesPerName;
    auto r = resolveSymbol(env, q);
    if (!r) return r.error();
    if (r->matches.empty()) {
      std::string hint;
      for (const auto& s : r->suggestions) hint += (hint.empty() ? "" : ", ") + s.qualifiedName + " (" + s.uid + ")";
      return makeError(ErrorCode::kNotFound, "No symbol '" + text + "' in the index." +
                                                 (hint.empty() ? "" : " Close names: " + hint + "."));
    }
    if (r->matches.size() > 1)
      out.notes.push_back("'" + text + "' names " + std::to_string(r->matches.size()) + (r->more ? "+" : "") +
                          " symbols; all are taken as changed (pass uids to choose).");
    for (const auto& s : r->matches) {
      if (!seen.insert(s.id).second) continue;
      Changed c;
      c.symbol = s;
      c.change = "modified";
      if (s.parentId != 0) {
        auto p = env.index->byId(s.parentId);
        if (!p) return p.error();
        if (*p) c.parentKind = (*p)->kind;
      }
      out.symbols.push_back(std::move(c));
    }
  }
  return out;
}

bool namesCurrentChange(std::string_view target) {
  std::string t;
  for (char ch : target) t += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  t = trimmed(t);
  for (const char* name : {"", "the current change", "current change", "the change", "working tree", "working_tree",
                           "the working tree", "diff", "the diff", "uncommitted changes", "my changes"})
    if (t == name) return true;
  return false;
}

Expected<std::vector<model::Symbol>> currentChangeSymbols(const ToolEnv& env, const CallContext& ctx) {
  auto changes = changesFromGit(env, "", "", ctx);
  if (!changes) return changes.error();
  std::vector<model::Symbol> out;
  for (const char* kind : {"modified", "added"})
    for (const auto& c : changes->symbols)
      if (c.change == kind && c.symbol.id != 0) out.push_back(c.symbol);
  return out;
}

}  // namespace cg::tools
