#include "common.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>
#include <fstream>
#include <cctype>

#include "codegraph/tools/tools.h"

namespace cg::tools {

Json kindSchema() {
  // The kinds are named, not enumerated: an enum of all 17 cost every tools/list ~45 tokens per
  // tool; parseKindArgument refuses another word with the whole list.
  return Json{{"type", "string"}, {"description", "function, class, ..."}};
}

Expected<std::optional<model::SymbolKind>> parseKindArgument(const Json& args) {
  if (!args.contains("kind")) return std::optional<model::SymbolKind>();
  const std::string text = argString(args, "kind");
  if (auto k = model::parseSymbolKind(text)) return std::optional<model::SymbolKind>(*k);
  std::string all;
  for (int i = 0; i < model::kSymbolKindCount; ++i)
    all += (i ? ", " : "") + std::string(model::toString(static_cast<model::SymbolKind>(i)));
  return makeError(ErrorCode::kInvalidArgument, "Invalid argument 'kind': '" + text + "' is not one of " + all + ".");
}

Json scopeEnumSchema() {
  return Json{{"type", "string"},
              {"enum", {"impl", "test", "all"}},
              {"default", "impl"}};
}

std::optional<model::Scope> parseScope(const std::string& s) {
  if (s == "impl") return model::Scope::kImpl;
  if (s == "test") return model::Scope::kTest;
  if (s == "all") return model::Scope::kAll;
  return std::nullopt;
}

Json nonEmptyStringSchema(const char* description) {
  return Json{{"type", "string"}, {"minLength", 1}, {"description", description}};
}

Json withFilterArguments(Json properties) {
  properties["kind"] = kindSchema();
  properties["scope"] = scopeEnumSchema();
  return properties;
}

Json objectSchema(Json properties, std::vector<std::string> required) {
  Json schema{
      {"type", "object"}, {"properties", std::move(properties)}, {"additionalProperties", false}};
  if (!required.empty()) schema["required"] = std::move(required);
  return schema;
}

std::string argString(const Json& args, const char* key, const std::string& fallback) {
  auto it = args.find(key);
  return it != args.end() && it->is_string() ? it->get<std::string>() : fallback;
}

int64_t argInt(const Json& args, const char* key, int64_t fallback) {
  auto it = args.find(key);
  if (it == args.end() || !it->is_number()) return fallback;
  return it->is_number_integer() ? it->get<int64_t>() : static_cast<int64_t>(it->get<double>());
}

bool argBool(const Json& args, const char* key, bool fallback) {
  auto it = args.find(key);
  return it != args.end() && it->is_boolean() ? it->get<bool>() : fallback;
}

Json symbolJson(const model::Symbol& s) {
  return Json{{"name", s.name},
              {"kind", std::string(model::toString(s.kind))},
              {"path", s.path},
              {"line", s.range.line},
              {"end_line", s.range.endLine},
              {"signature", s.signature},
              {"uid", s.uid}};
}

Json definitionJson(const model::Symbol& s) {
  Json j = symbolJson(s);
  j["visibility"] = std::string(model::toString(s.visibility));
  return j;
}

std::pair<std::string, std::string> splitQualifiedName(const std::string& text) {
  size_t colons = text.rfind("::");
  size_t dot = text.rfind('.');
  if (colons != std::string::npos && (dot == std::string::npos || colons > dot))
    return {text.substr(0, colons), text.substr(colons + 2)};
  if (dot != std::string::npos && dot > 0 && dot + 1 < text.size())
    return {text.substr(0, dot), text.substr(dot + 1)};
  return {"", text};
}

bool isInside(const std::filesystem::path& path, const std::filesystem::path& root) {
  auto p = path.begin();
  for (auto r = root.begin(); r != root.end(); ++r, ++p) {
    if (r->empty() && std::next(r) == root.end()) break;  // a trailing separator
    if (p == path.end() || *p != *r) return false;
  }
  return true;
}

Expected<std::string> repoRelativePath(const ToolEnv& env, const std::string& arg,
                                       const char* field) {
  namespace fs = std::filesystem;
  const std::string name = field;
  auto outside = [&](const std::string& why) {
    return makeError(ErrorCode::kInvalidArgument,
                     "Invalid argument '" + name + "': '" + arg + "' " + why +
                         "; give a path inside the repository " + env.repoName +
                         ", relative to its root.");
  };
  // Taken as written when it names something (a file name may begin or end with a space),
  // else without surrounding white space.
  std::string text = arg;
  if (std::error_code ec; trimmed(arg) != arg && !fs::exists(fs::symlink_status(env.repoRoot / arg, ec)))
    text = trimmed(arg);
  if (text.find('\0') != std::string::npos) return outside("is not a path");
  fs::path given(text);
  fs::path relative;
  if (given.is_absolute()) {
    fs::path normal = given.lexically_normal();
    if (!isInside(normal, env.repoRoot)) {
      std::error_code ec;
      fs::path canon = fs::weakly_canonical(normal, ec);
      if (ec || !isInside(canon, env.repoRoot)) return outside("is outside the repository");
      normal = canon;
    }
    relative = normal.lexically_relative(env.repoRoot);
  } else {
    relative = given.lexically_normal();
  }
  std::string rel = relative.generic_string();
  if (rel == "." || rel == "./") rel.clear();
  if (rel == ".." || rel.rfind("../", 0) == 0) return outside("leaves the repository");
  while (!rel.empty() && rel.back() == '/') rel.pop_back();
  if (rel.empty()) return rel;
  // Symlinks: what exists under the root must stay under it once resolved.
  std::error_code ec;
  fs::path canon = fs::weakly_canonical(env.repoRoot / rel, ec);
  if (!ec && !isInside(canon, env.repoRoot)) return outside("resolves outside the repository");
  return rel;
}

namespace {

// Character classes of o200k's pre-tokenizer, on UTF-8: ASCII exactly; beyond it, the
// punctuation and symbol blocks (U+2000-U+2BFF, U+3000-U+303F) as punctuation, the rest as
// lowercase letters (what code and prose mostly hold there).
enum class CharClass : uint8_t { kUpper, kLower, kDigit, kNewline, kSpace, kPunct };

struct Decoded {
  CharClass cls;
  size_t width;
};

Decoded classify(std::string_view text, size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  if (c < 0x80) {
    if (c >= 'A' && c <= 'Z') return {CharClass::kUpper, 1};
    if (c >= 'a' && c <= 'z') return {CharClass::kLower, 1};
    if (c >= '0' && c <= '9') return {CharClass::kDigit, 1};
    if (c == '\n' || c == '\r') return {CharClass::kNewline, 1};
    if (c == ' ' || c == '\t' || c == '\f' || c == '\v') return {CharClass::kSpace, 1};
    return {CharClass::kPunct, 1};
  }
  size_t width = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
  if (i + width > text.size()) width = text.size() - i;
  uint32_t cp = 0;
  if (width == 3)
    cp = ((c & 0x0Fu) << 12) | ((static_cast<unsigned char>(text[i + 1]) & 0x3Fu) << 6) |
         (static_cast<unsigned char>(text[i + 2]) & 0x3Fu);
  const bool punct = (cp >= 0x2000 && cp <= 0x2BFF) || (cp >= 0x3000 && cp <= 0x303F);
  return {punct ? CharClass::kPunct : CharClass::kLower, width};
}

bool isLetter(CharClass k) { return k == CharClass::kUpper || k == CharClass::kLower; }

}  // namespace

// Splits the text into the pieces o200k's pre-tokenizer makes (a word with one optional
// leading non-letter, up to three digits, a punctuation run with an optional leading space,
// whitespace runs) and prices each piece: a word of up to 8 letters is one token, longer ones
// one more per 6 letters; a punctuation run one per 3 characters; the rest one. Calibrated on
// 900 texts (get_context answers in both formats, source files of 8 languages): the real o200k
// count stays within about 10% of the estimate for answers and 17% for raw source
// (tests/e2e/token_budget.mjs checks the answers).
size_t estimateTokens(std::string_view text) {
  size_t tokens = 0;
  size_t i = 0;
  const size_t n = text.size();
  auto wordAt = [&](size_t j, size_t* letters) {  // end of an upper*lower+ | upper+lower* word
    size_t k = j, count = 0;
    while (k < n) {
      Decoded d = classify(text, k);
      if (d.cls != CharClass::kUpper) break;
      k += d.width, ++count;
    }
    while (k < n) {
      Decoded d = classify(text, k);
      if (d.cls != CharClass::kLower) break;
      k += d.width, ++count;
    }
    *letters = count;
    return k;
  };
  auto priceWord = [](size_t letters) { return letters <= 8 ? size_t{1} : 1 + (letters - 8 + 5) / 6; };
  while (i < n) {
    const Decoded d = classify(text, i);
    size_t letters = 0;
    if (isLetter(d.cls)) {
      i = wordAt(i, &letters);
      tokens += priceWord(letters);
      continue;
    }
    if (d.cls != CharClass::kNewline && d.cls != CharClass::kDigit && i + d.width < n &&
        isLetter(classify(text, i + d.width).cls)) {  // one leading space or mark, then a word
      i = wordAt(i + d.width, &letters);
      tokens += priceWord(letters);
      continue;
    }
    if (d.cls == CharClass::kDigit) {
      size_t k = 0;
      while (i < n && k < 3 && classify(text, i).cls == CharClass::kDigit) ++i, ++k;
      ++tokens;
      continue;
    }
    if (d.cls == CharClass::kPunct ||
        (d.cls == CharClass::kSpace && i + 1 < n && classify(text, i + 1).cls == CharClass::kPunct)) {
      if (d.cls == CharClass::kSpace) ++i;
      size_t run = 0;
      while (i < n) {
        Decoded p = classify(text, i);
        if (p.cls != CharClass::kPunct) break;
        i += p.width, ++run;
      }
      while (i < n && (text[i] == '\n' || text[i] == '\r' || text[i] == '/')) ++i;
      tokens += run <= 1 ? 1 : (run + 2) / 3;
      continue;
    }
    // Whitespace: through the last newline of the run, or the run less the space that
    // prefixes the next word, or a single space.
    size_t k = i, lastNewline = std::string_view::npos;
    while (k < n) {
      Decoded w = classify(text, k);
      if (w.cls != CharClass::kSpace && w.cls != CharClass::kNewline) break;
      if (w.cls == CharClass::kNewline) lastNewline = k;
      ++k;
    }
    if (lastNewline != std::string_view::npos) i = lastNewline + 1;
    else if (k == n || k - i == 1) i = k;
    else i = k - 1;
    ++tokens;
  }
  return tokens;
}

std::string oneLine(std::string_view text, size_t maxBytes) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  if (out.size() > maxBytes) {
    size_t cut = maxBytes;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
    out = out.substr(0, cut) + "...";
  }
  return out;
}

std::string trimmed(std::string_view text) {
  size_t b = 0, e = text.size();
  while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
  return std::string(text.substr(b, e - b));
}

Expected<std::optional<model::Symbol>> lookupUid(const ToolEnv& env, const std::string& uid) {
  auto hit = env.index->byUid(uid);
  if (!hit || *hit) return hit;
  std::string bare = trimmed(uid);
  if (bare == uid || bare.empty()) return hit;
  return env.index->byUid(bare);
}

std::optional<ToolResult> budgetBelow(const Json& args, int64_t minimum) {
  auto it = args.find("token_budget");
  if (it == args.end() || !it->is_number() || it->get<double>() >= static_cast<double>(minimum)) return std::nullopt;
  return ToolResult::error("Invalid argument 'token_budget': must be at least " + std::to_string(minimum) +
                           " (got " + it->dump() + ").");
}

std::optional<ToolResult> notReady(const ToolEnv& env, const CallContext& ctx) {
  if (!env.waitReady) return std::nullopt;
  ctx.pauseClock();
  if (auto why = env.waitReady(ctx)) return ToolResult::error(*why);
  ctx.startClock();
  return std::nullopt;
}

std::string joinNotes(const std::vector<std::string>& notes) {
  std::string note;
  for (const auto& n : notes) note += (note.empty() ? "" : " ") + n;
  return note;
}

Tool boundTool(std::string name, std::string title, std::string description, Json inputSchema,
               std::shared_ptr<const ToolEnv> env, ToolRun run) {
  Tool t;
  t.name = std::move(name);
  t.title = std::move(title);
  t.description = std::move(description);
  t.inputSchema = std::move(inputSchema);
  t.handler = [env = std::move(env), run](const Json& args, const CallContext& ctx) { return run(*env, args, ctx); };
  return t;
}

namespace {

// The last few files symbolSource read, by canonical path and (device, inode, size, mtime): one
// get_context call reads the source of many symbols, often of the same files. A changed file has
// a new stamp, so an entry is never served stale.
struct SourceText {
  std::string text;
  std::vector<size_t> lineStart;  // offset of each line's first byte (line k at [k-1])
};
struct SourceFile {
  std::string path;
  struct stat stamp {};
  std::shared_ptr<const SourceText> text;
};
constexpr size_t kCachedSourceFiles = 8;
constexpr size_t kCachedSourceBytes = 16u << 20;   // per thread, all cached files together
constexpr size_t kMaxSourceFileBytes = 64u << 20;  // larger files: content unavailable

bool sameStamp(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino && a.st_size == b.st_size &&
         a.st_mtim.tv_sec == b.st_mtim.tv_sec && a.st_mtim.tv_nsec == b.st_mtim.tv_nsec;
}

std::shared_ptr<const SourceText> readSourceFile(const std::string& path, const struct stat& st) {
  thread_local std::vector<SourceFile> cache;
  for (auto& f : cache)
    if (f.path == path && sameStamp(f.stamp, st)) return f.text;
  if (static_cast<uint64_t>(st.st_size) > kMaxSourceFileBytes) return nullptr;
  std::ifstream in(path, std::ios::binary);
  if (!in) return nullptr;
  auto text = std::make_shared<SourceText>();
  text->text.assign(static_cast<size_t>(st.st_size), '\0');
  in.read(text->text.data(), static_cast<std::streamsize>(text->text.size()));
  text->text.resize(static_cast<size_t>(in.gcount()));
  const std::string& t = text->text;
  text->lineStart.push_back(0);
  for (const char* p = t.data(); (p = static_cast<const char*>(std::memchr(p, '\n', t.data() + t.size() - p)));)
    text->lineStart.push_back(static_cast<size_t>(++p - t.data()));
  // Bounded by count and by bytes (a file over the byte bound is used once, not kept).
  size_t bytes = text->text.size();
  for (const auto& f : cache) bytes += f.text->text.size();
  while (!cache.empty() && (cache.size() >= kCachedSourceFiles || bytes > kCachedSourceBytes)) {
    bytes -= cache.front().text->text.size();
    cache.erase(cache.begin());
  }
  if (text->text.size() <= kCachedSourceBytes) cache.push_back(SourceFile{path, st, text});
  return text;
}

}  // namespace

std::optional<std::string> symbolSource(const ToolEnv& env, const model::Symbol& s,
                                        uint32_t maxLines, size_t maxBytes, std::string* cut,
                                        std::string* problem) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path file = fs::canonical(env.repoRoot / s.path, ec);
  struct stat st {};
  if (ec || !isInside(file, env.repoRoot) || ::stat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
    *problem = "content unavailable: " + s.path + " is not a readable file inside the repository";
    return std::nullopt;
  }
  auto text = readSourceFile(file.string(), st);
  if (!text) {
    *problem = "content unavailable: " + s.path + " cannot be read";
    return std::nullopt;
  }
  // Lines [range.line, last] (1-based).
  const std::string& t = text->text;
  const uint32_t last = std::max(s.range.endLine, s.range.line);
  const uint32_t first = std::max<uint32_t>(s.range.line, 1);
  if (first > text->lineStart.size() || text->lineStart[first - 1] >= t.size()) {
    *problem = "content unavailable: " + s.path + " is shorter than the index says (re-indexing?)";
    return std::nullopt;
  }
  size_t pos = text->lineStart[first - 1];
  uint32_t n = first;
  std::string out;
  bool wasCut = false;
  uint32_t taken = 0;
  while (n <= last && pos < t.size()) {
    const void* nl = std::memchr(t.data() + pos, '\n', t.size() - pos);
    size_t end = nl ? static_cast<size_t>(static_cast<const char*>(nl) - t.data()) : t.size();
    if (taken >= maxLines || out.size() + (end - pos) + 1 > maxBytes) {
      wasCut = true;
      break;
    }
    out.append(t, pos, end - pos);
    out += '\n';
    ++taken;
    ++n;
    pos = end + 1;
  }
  if (wasCut && cut)
    *cut = "lines " + std::to_string(s.range.line) + "-" + std::to_string(s.range.line + taken - 1) +
           " of " + std::to_string(s.range.line) + "-" + std::to_string(last);
  return out;
}

}  // namespace cg::tools
