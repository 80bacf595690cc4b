// outline — the relation graph around a symbol, a file, or the whole project. docs/tools.md.
//
// Modes: `symbol` (each matching definition, its members, their relations), `file` (a file,
// a path suffix, or a folder: every symbol in line order, nested by containment, with the
// file's own imports), neither (the whole project, most central first). Symbols are packed in
// order until `token_budget` would be exceeded; the answer then says truncated and how many
// symbols the scope had (total_symbols). Relation lists are bounded as outline.h says.
#include <algorithm>
#include <map>
#include <unordered_map>

#include "codegraph/tools/tools.h"
#include "common.h"
#include "outline.h"
#include "resolve.h"

namespace cg::tools {
namespace {

using namespace outline;

// kMaxBudget keeps an answer within what clients pass whole (answer_size.h); a longer outline
// pages with `offset`.
constexpr int64_t kDefaultBudget = 4000, kMaxBudget = 8000;
constexpr size_t kReserveTokens = 60;     // the envelope / footer
constexpr uint32_t kMaxSymbolMatches = 10;
constexpr uint32_t kMaxFiles = 200;       // files of a folder outline
constexpr uint32_t kProjectFetch = 2000;  // most central symbols considered in project mode

// The language ids a `language` argument may name, for the schema and errors: "c, cpp, ...".
std::string languageIds(const ToolEnv& env) {
  std::string out;
  for (const auto& [name, id] : env.languageNames) {
    if (name != id) continue;
    out += (out.empty() ? "" : ", ") + id;
  }
  return out;
}

Json schema(const ToolEnv& /*env*/) {
  // Relation names are described, not enumerated (the enum cost tools/list ~45 tokens); run()
  // refuses an unknown one with the whole list.
  return objectSchema(
      {{"symbol", nonEmptyStringSchema("A name or uid, with its members.")},
       {"file", nonEmptyStringSchema("File, suffix or folder.")},
       {"language", {{"type", "string"}}},
       {"relations",
        {{"type", "array"},
         {"items", {{"type", "string"}}},
         {"description", "e.g. calledBy; extendedBy, depth 3: a class tree"}}},
       {"depth",
        {{"type", "integer"},
         {"minimum", 0},
         {"maximum", 4},
         {"default", 1},
         {"description", "0: symbols only, half the size."}}},
       {"omit_native", {{"type", "boolean"}, {"default", true}}},
       {"format", {{"type", "string"}, {"enum", {"text", "json"}}, {"default", "text"}}},
       {"token_budget",
        {{"type", "integer"}, {"maximum", kMaxBudget}, {"default", kDefaultBudget}}},
       {"offset", {{"type", "integer"}, {"minimum", 0}}}});
}

// What the handler collects, then renders under the budget.
struct Section {
  std::string header;  // text line before the section's nodes (a file path), may be empty
  std::vector<Group> fileGroups;  // the file's top-level relations (file mode)
  std::vector<Node> nodes;        // filled lazily: relations fetched while packing
  // Which of the nodes have references in each direction (SymbolIndex::fileSymbolsPage); nodes
  // not in it are asked in both.
  std::unordered_map<int64_t, model::RefPresence> presence;
  // File mode: the nodes are read page by page while packing (a header of thousands of
  // constants shows its first hundred or so within the budget; reading them all was most of
  // such an outline's time). `paged` is the file read from, `nextOffset` the next page's start.
  std::string paged;
  uint32_t nextOffset = 0;
  bool morePages = false;
  std::map<int64_t, int> indentOf;  // nesting of the nodes read so far
};

constexpr uint32_t kSymbolPage = 200;

// Nesting of a file's symbols by containment (parents in the same file), continuing `indentOf`.
void nestInFile(std::vector<Node>& nodes, size_t from, int baseIndent, std::map<int64_t, int>& indentOf) {
  for (size_t i = from; i < nodes.size(); ++i) {
    auto& n = nodes[i];
    auto it = indentOf.find(n.symbol.parentId);
    n.indent = it == indentOf.end() ? baseIndent : it->second + 1;
    indentOf[n.symbol.id] = n.indent;
  }
}

struct Packer {
  const ToolEnv& env;
  const Options& opts;
  const CallContext& ctx;
  bool json = false;
  size_t budget = 0;
  size_t used = kReserveTokens;
  size_t shown = 0;
  size_t skip = 0;  // `offset`: symbols passed over before the first shown
  bool lastStripped = false;  // the last symbol shown lost its relations to the budget
  bool truncated = false;
  std::string text;
  Json symbols = Json::array();
  Json files = Json::array();

  // Adds `cost` if it fits; false (and truncated) otherwise.
  bool take(size_t cost) {
    if (used + cost > budget) {
      truncated = true;
      return false;
    }
    used += cost;
    return true;
  }

  // The next page of a paged section's nodes (with their reference presence).
  Status readPage(Section& sec) {
    const model::PresenceKinds kinds = presenceKinds(opts);
    auto page = env.index->fileSymbolsPage(sec.paged, sec.nextOffset, kSymbolPage,
                                           opts.depth >= 1 ? &kinds : nullptr);
    if (!page) return page.error();
    const size_t from = sec.nodes.size();
    for (size_t i = 0; i < page->symbols.size(); ++i) {
      if (i < page->presence.size()) sec.presence[page->symbols[i].id] = page->presence[i];
      sec.nodes.push_back(Node{std::move(page->symbols[i]), 1, false, {}});
    }
    nestInFile(sec.nodes, from, 1, sec.indentOf);
    sec.nextOffset += static_cast<uint32_t>(page->symbols.size());
    sec.morePages = page->more && !page->symbols.empty();
    return okStatus();
  }

  Status pack(std::vector<Section>& sections) {
    for (auto& sec : sections) {
      if (sec.morePages && sec.nodes.empty())
        if (auto st = readPage(sec); !st) return st;
      std::string head;
      if (!sec.header.empty()) head = sec.header + "\n" + renderGroupsText(sec.fileGroups, 1, sec.header);
      Json fileJson;
      if (json && !sec.header.empty() && !sec.fileGroups.empty())
        fileJson = Json{{"path", sec.header}, {"relations", groupsJson(sec.fileGroups, nullptr)}};
      size_t headCost = estimateTokens(json ? (fileJson.is_null() ? "" : fileJson.dump(-1, ' ', false, Json::error_handler_t::replace)) : head);
      bool headDone = false;
      if (sec.nodes.empty() && !sec.header.empty()) {  // a file without symbols still shows
        if (!take(headCost + 1)) return okStatus();
        text += head;
        if (!fileJson.is_null()) files.push_back(fileJson);
      }
      for (size_t at = 0;; ++at) {
        if (at == sec.nodes.size() && sec.morePages)
          if (auto st = readPage(sec); !st) return st;
        if (at >= sec.nodes.size()) break;
        Node& node = sec.nodes[at];
        if (ctx.cancelled()) return makeError(ErrorCode::kCancelled, "Cancelled.");
        if (skip > 0) {
          --skip;
          continue;
        }
        std::set<int64_t> expanded;
        auto known = sec.presence.find(node.symbol.id);
        auto groups = fetchRelations(env, node.symbol, opts, expanded, ctx,
                                     known == sec.presence.end() ? nullptr : &known->second);
        if (!groups) return groups.error();
        node.groups = std::move(*groups);
        if (opts.depth >= 1)
          if (auto st = fetchUnproven(env, node, opts); !st) return st;
        std::string piece = json ? renderJson(node).dump(-1, ' ', false, Json::error_handler_t::replace) : renderText(node);
        size_t cost = estimateTokens(piece) + (headDone ? 0 : headCost);
        if (!take(cost)) {
          node.groups.clear();  // the symbol alone may still fit
          node.unproven.clear();
          piece = json ? renderJson(node).dump(-1, ' ', false, Json::error_handler_t::replace) : renderText(node);
          cost = estimateTokens(piece) + (headDone ? 0 : headCost);
          if (used + cost <= budget) {
            emit(node, piece, head, fileJson, headDone, cost);
            lastStripped = true;  // the next page shows it again, with its relations
          }
          return okStatus();
        }
        emit(node, piece, head, fileJson, headDone, 0);
      }
    }
    return okStatus();
  }

  void emit(const Node& node, const std::string& piece, const std::string& head,
            const Json& fileJson, bool& headDone, size_t extraCost) {
    used += extraCost;
    if (!headDone) {
      text += head;
      if (!fileJson.is_null()) files.push_back(fileJson);
      headDone = true;
    }
    if (json) symbols.push_back(renderJson(node));
    else text += piece;
    ++shown;
  }
};

struct Scope {
  std::vector<Section> sections;
  uint32_t total = 0;
  std::string title;   // first text line (project and symbol modes)
  std::string note;    // said when nothing matched or a name was read loosely
  Json didYouMean;     // names, when a symbol was not found
};

Status fileScope(const ToolEnv& env, const std::string& file, const std::string& language,
                 const Options& opts, Scope& scope) {
  bool more = false;
  auto matches = env.index->files({file, kMaxFiles}, &more);
  if (!matches) return matches.error();
  if (matches->files.size() > 1 && !matches->folder) {
    std::string names;
    for (size_t i = 0; i < matches->files.size() && i < 10; ++i)
      names += (i ? ", " : "") + matches->files[i].path;
    return makeError(ErrorCode::kInvalidArgument,
                     "Argument 'file': '" + file + "' matches " +
                         std::to_string(matches->files.size()) + (more ? "+" : "") +
                         " files (" + names + (matches->files.size() > 10 ? ", ..." : "") +
                         "); give a longer path.");
  }
  if (matches->files.empty()) {
    scope.note = "No indexed source file matches '" + file + "'.";
    return okStatus();
  }
  if (more) scope.note = "The folder has more than " + std::to_string(kMaxFiles) + " files; the first are outlined.";
  for (const auto& f : matches->files) {
    if (!language.empty() && f.language != language) continue;
    auto count = env.index->fileSymbolCount(f.path);
    if (!count) return count.error();
    auto groups = fetchFileRelations(env, f.path, opts);
    if (!groups) return groups.error();
    scope.total += *count;
    scope.sections.push_back(Section{.header = f.path,
                                     .fileGroups = std::move(*groups),
                                     .paged = f.path,
                                     .morePages = *count > 0});
  }
  return okStatus();
}

// `members`: the symbol's members too (relations not chosen, or `declares` among them); an
// agent asking one symbol's extendedBy or calledBy wants that, not every field and method.
Status symbolScope(const ToolEnv& env, const std::string& name, const std::string& file,
                   const std::string& language, bool members, Scope& scope) {
  SymbolQuery q;
  q.name = name;
  q.file = file;
  q.limit = kMaxSymbolMatches;
  auto r = resolveSymbol(env, q);
  if (!r) return r.error();
  scope.note = r->note;
  if (r->matches.empty()) {
    scope.didYouMean = Json::array();
    for (const auto& s : r->suggestions) scope.didYouMean.push_back(s.qualifiedName.empty() ? s.name : s.qualifiedName);
    scope.note = "No symbol matches '" + name + "'" + (file.empty() ? "" : " in '" + file + "'") + ".";
    return okStatus();
  }
  if (r->more)
    scope.note += std::string(scope.note.empty() ? "" : " ") + "More than " +
                  std::to_string(kMaxSymbolMatches) + " definitions match; the most central are outlined.";
  for (const auto& m : r->matches) {
    if (!language.empty() && m.language != language) continue;
    auto syms = env.index->fileSymbols(m.path);
    if (!syms) return syms.error();
    Section sec;
    sec.header = m.path;
    // The symbol and (members) everything nested in it.
    std::set<int64_t> inside = {m.id};
    for (auto& s : *syms) {
      if (s.id != m.id && (!members || !inside.count(s.parentId))) continue;
      inside.insert(s.id);
      sec.nodes.push_back(Node{std::move(s), 1, false, {}});
    }
    nestInFile(sec.nodes, 0, 1, sec.indentOf);
    scope.total += static_cast<uint32_t>(sec.nodes.size());
    scope.sections.push_back(std::move(sec));
  }
  return okStatus();
}

Status projectScope(const ToolEnv& env, const std::string& language, Scope& scope) {
  bool more = false;
  auto ranked = env.index->rankedSymbols({language, model::Scope::kAll, kProjectFetch}, &more);
  if (!ranked) return ranked.error();
  scope.total = ranked->total;
  scope.title = env.repoName + ": " + std::to_string(ranked->total) + " symbols" +
                (language.empty() ? "" : " (" + language + ")") + ", most central first";
  Section sec;
  for (auto& s : ranked->symbols) sec.nodes.push_back(Node{std::move(s), 0, true, {}});
  scope.sections.push_back(std::move(sec));
  return okStatus();
}

ToolResult run(const ToolEnv& env, const Json& args, const CallContext& ctx) {
  if (auto small = budgetBelow(args, 100)) return *small;
  Options opts;
  opts.depth = static_cast<int>(std::clamp<int64_t>(argInt(args, "depth", 1), 0, 4));
  opts.omitNative = argBool(args, "omit_native", true);
  if (args.contains("relations")) {
    std::set<int> chosen;
    for (size_t i = 0; i < args["relations"].size(); ++i) {
      const std::string name = args["relations"][i].get<std::string>();
      const int at = relationIndex(name);
      if (at < 0) {
        std::string all;
        for (const auto& known : relationTable()) all += (all.empty() ? "" : ", ") + std::string(known.name);
        return ToolResult::error("Invalid argument 'relations[" + std::to_string(i) + "]': must be one of " + all +
                                 " (got \"" + name + "\").");
      }
      chosen.insert(at);
    }
    opts.relations.assign(chosen.begin(), chosen.end());
  } else {
    opts.relations = defaultRelations();
    std::sort(opts.relations.begin(), opts.relations.end());
  }
  std::string language;
  if (args.contains("language")) {
    std::string asked = trimmed(argString(args, "language"));
    for (auto& c : asked) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const auto& [alias, id] : env.languageNames)
      if (alias == asked) language = id;
    if (language.empty())
      return ToolResult::error("Invalid argument 'language': must be one of " + languageIds(env) + " (got \"" + argString(args, "language") + "\").");
  }
  std::string file;
  if (args.contains("file")) {
    auto f = repoRelativePath(env, argString(args, "file"), "file");
    if (!f) return ToolResult::error(f.error().message);
    file = *f;
  }
  std::string symbol = trimmed(argString(args, "symbol"));
  if (args.contains("symbol") && symbol.empty())
    return ToolResult::error("Invalid argument 'symbol': must be a non-empty name or uid.");
  const bool json = argString(args, "format", "text") == "json";
  if (auto wait = notReady(env, ctx)) return *wait;

  if (symbol.empty()) opts.unprovenSites = 0;
  Scope scope;
  const bool members = !args.contains("relations") ||
                       std::find(opts.relations.begin(), opts.relations.end(), relationIndex("declares")) !=
                           opts.relations.end();
  Status st = !symbol.empty() ? symbolScope(env, symbol, file, language, members, scope)
              : !file.empty() ? fileScope(env, file, language, opts, scope)
                              : projectScope(env, language, scope);
  if (!st) {
    if (st.error().code == ErrorCode::kInvalidArgument) return ToolResult::error(st.error().message);
    return ToolResult::error("The index could not be read: " + st.error().message);
  }

  Packer p{env, opts, ctx};
  p.json = json;
  p.budget = static_cast<size_t>(std::clamp<int64_t>(argInt(args, "token_budget", kDefaultBudget), 100, kMaxBudget));
  const size_t offset = static_cast<size_t>(std::max<int64_t>(0, argInt(args, "offset", 0)));
  p.skip = offset;
  if (!scope.title.empty()) p.take(estimateTokens(scope.title));
  if (auto packed = p.pack(scope.sections); !packed) {
    if (packed.error().code == ErrorCode::kCancelled) return ToolResult::error("Cancelled.");
    return ToolResult::error("The index could not be read: " + packed.error().message);
  }
  std::string cut = p.truncated ? std::to_string(p.shown) + " of " + std::to_string(scope.total) +
                                      " symbols shown" + (offset ? " from symbol " + std::to_string(offset + 1) : std::string()) +
                                      " within token_budget " + std::to_string(p.budget) +
                                      "; the next page: offset " + std::to_string(offset + p.shown - (p.lastStripped ? 1 : 0)) +
                                      " (or narrow with file or symbol, or lower depth)."
                                : "";
  if (json) {
    Json out{{"symbols", std::move(p.symbols)},
             {"truncated", p.truncated},
             {"total_symbols", scope.total}};
    if (!p.files.empty()) out["files"] = std::move(p.files);
    std::string note = scope.note + (scope.note.empty() || cut.empty() ? "" : " ") + cut;
    if (!note.empty()) out["note"] = note;
    if (!scope.didYouMean.is_null()) out["did_you_mean"] = scope.didYouMean;
    return ToolResult::ofJson(std::move(out));
  }
  std::string text;
  if (!scope.title.empty()) text += scope.title + "\n";
  if (!scope.note.empty()) text += scope.note + "\n";
  if (!scope.didYouMean.is_null() && !scope.didYouMean.empty()) {
    text += "Did you mean: ";
    for (size_t i = 0; i < scope.didYouMean.size(); ++i)
      text += (i ? ", " : "") + scope.didYouMean[i].get<std::string>();
    text += "?\n";
  }
  text += p.text;
  if (p.truncated) text += "[truncated: " + cut + "]\n";
  if (text.empty()) text = "No symbols.\n";
  return ToolResult::ofText(std::move(text));
}

}  // namespace

Tool makeOutlineTool(std::shared_ptr<const ToolEnv> env) {
  Tool t;
  t.name = "outline";
  t.title = "Outline";
  t.description =
      "Read instead of a file: its symbols in line order with signatures, lines and relations; "
      "or one symbol with its members; or, with neither, the most central symbols.";
  t.inputSchema = schema(*env);
  t.handler = [env](const Json& args, const CallContext& ctx) { return run(*env, args, ctx); };
  return t;
}

}  // namespace cg::tools
