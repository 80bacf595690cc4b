// outline: rendering (outline.h). Text is the indented tree of docs/tools.md (outline): one
// symbol per line as "<kind> <signature>  <start>-<end>" (the kind is left out when the
// signature already starts with a declaration keyword, e.g. "func", "class", "def"), relation
// lines under it as "<relation>: a, b (path:line), +N more". Nothing is JSON-escaped; paths are
// relative.
#include "common.h"
#include "outline.h"

namespace cg::tools::outline {
namespace {

// Signatures starting with one of these say what they declare.
bool speaksForItself(const std::string& signature, const std::string& kind) {
  static const std::set<std::string> keywords = {
      "def",    "async",     "func",    "fn",     "function", "fun",    "class",  "struct",
      "interface", "trait",  "enum",    "type",   "union",    "module", "namespace", "mod",
      "impl",   "object",    "record",  "typedef", "#define", "macro",  "sub",    "pub",
      "export", "abstract",  "sealed",  "data",   "protocol", "extension", "package", "template"};
  size_t end = 0;
  while (end < signature.size() && signature[end] != ' ' && signature[end] != '(' &&
         signature[end] != '<' && signature[end] != ':')
    ++end;
  std::string first = signature.substr(0, end);
  return first == kind || keywords.count(first) > 0;
}

std::string location(const model::Symbol& s) {
  return s.path + ":" + std::to_string(s.range.line);
}

// Where a qualified name's segments end ("a::b::c" → after "a::", after "b::").
std::vector<size_t> segmentEnds(const std::string& q) {
  std::vector<size_t> ends;
  for (size_t i = 0; i < q.size(); ++i) {
    if (q[i] == '.') ends.push_back(i + 1);
    if (q[i] == ':' && i + 1 < q.size() && q[i + 1] == ':') ends.push_back(++i + 1);
  }
  return ends;
}

// `q` without the leading namespaces it shares with the reader's symbol, whole segments only:
// cg::tools::schema read from cg::tools::run is "schema".
std::string relativeName(const std::string& q, const std::string& context) {
  size_t keep = 0;
  for (size_t end : segmentEnds(q))
    if (end <= context.size() && q.compare(0, end, context, 0, end) == 0) keep = end;
  return q.substr(keep);
}

std::string displayName(const model::Symbol& s) {
  return s.qualifiedName.empty() ? s.name : s.qualifiedName;
}

struct Context {
  std::string path;       // the file the reader is in
  std::string qualified;  // the symbol the relation lines hang under
};

std::string label(const Related& r, const Context& ctx) {
  if (r.symbol.id == 0) {
    if (!r.written.empty()) return r.written;
    return r.symbol.path + ":" + std::to_string(r.siteLine);  // a file's top level
  }
  std::string name = relativeName(displayName(r.symbol), ctx.qualified);
  if (r.symbol.path != ctx.path) name += " (" + location(r.symbol) + ")";
  return name;
}

void appendGroups(std::string& out, const std::vector<Group>& groups, int indent,
                  const Context& ctx, const std::string& subject) {
  const auto& table = relationTable();
  for (const auto& g : groups) {
    out.append(static_cast<size_t>(indent) * 2, ' ');
    if (!subject.empty()) out += subject + " ";
    out += table[g.relation].name;
    out += ": ";
    for (size_t i = 0; i < g.items.size(); ++i) {
      if (i) out += ", ";
      out += label(g.items[i], ctx);
    }
    if (g.more) out += ", +" + std::to_string(g.more) + " more";
    out += '\n';
    for (const auto& item : g.items) {
      if (item.expanded.empty()) continue;
      appendGroups(out, item.expanded, indent + 1, ctx,
                   relativeName(displayName(item.symbol), ctx.qualified));
    }
  }
}

// "calledBy (possible, 3 unbound sites of this name): a.py:12 in A.run, ..." and
// "calls (unbound, 2): x.get:40 (3 candidates), ..." (its calls of names the repository
// defines that no evidence bound).
void appendUnproven(std::string& out, const std::vector<Node::Unproven>& unproven, int indent,
                    const Context& ctx) {
  const auto& table = relationTable();
  for (const auto& u : unproven) {
    out.append(static_cast<size_t>(indent) * 2, ' ');
    const std::string count = (u.atLeast ? "at least " : "") + std::to_string(u.count);
    out += table[u.relation].name;
    if (u.sites.empty()) {  // counts alone (a file, folder or project outline)
      out += table[u.relation].incoming
                 ? " (possible): " + count + " unbound site" + (u.count == 1 ? "" : "s") + " of this name\n"
                 : " (unbound): " + count + "\n";
      continue;
    }
    if (table[u.relation].incoming) {
      out += " (possible, " + count + " unbound site" + (u.count == 1 ? "" : "s") + " of this name): ";
      for (size_t i = 0; i < u.sites.size(); ++i) {
        const auto& site = u.sites[i];
        out += (i ? ", " : "") + site.path + ":" + std::to_string(site.line);
        if (!site.sourceUid.empty()) {
          // The enclosing symbol's qualified name: the uid's middle part.
          const size_t a = site.sourceUid.find("::");
          const size_t b = site.sourceUid.rfind("::");
          if (a != std::string::npos && b > a) out += " in " + site.sourceUid.substr(a + 2, b - a - 2);
        }
      }
    } else {
      out += " (unbound, " + count + "): ";
      for (size_t i = 0; i < u.sites.size(); ++i) {
        const auto& site = u.sites[i];
        out += (i ? ", " : "") + (site.qualifier.empty() ? site.name : site.qualifier + "." + site.name) +
               ":" + std::to_string(site.line) + " (" + std::to_string(site.candidates) + " candidates)";
      }
    }
    if (u.count > u.sites.size()) out += ", +" + std::to_string(u.count - u.sites.size()) + " more";
    out += '\n';
  }
  (void)ctx;
}

Json unprovenJson(const std::vector<Node::Unproven>& unproven) {
  const auto& table = relationTable();
  Json out = Json::object();
  for (const auto& u : unproven) {
    Json sites = Json::array();
    for (const auto& site : u.sites) {
      Json j{{"file_path", site.path}, {"line", site.line}};
      if (table[u.relation].incoming)
        j["symbol_uid"] = site.sourceUid.empty() ? Json(nullptr) : Json(site.sourceUid);
      if (!site.qualifier.empty() || !table[u.relation].incoming)
        j["written"] = site.qualifier.empty() ? site.name : site.qualifier + "." + site.name;
      if (!table[u.relation].incoming) j["candidates"] = site.candidates;
      sites.push_back(std::move(j));
    }
    Json entry{{"count", u.count}, {"sites", std::move(sites)}};
    if (u.atLeast) entry["at_least"] = true;
    out[table[u.relation].name] = std::move(entry);
  }
  return out;
}

Json relatedJson(const Related& r) {
  Json j;
  if (r.symbol.id != 0) {
    j["uid"] = r.symbol.uid;
    j["name"] = r.symbol.qualifiedName.empty() ? r.symbol.name : r.symbol.qualifiedName;
    j["path"] = r.symbol.path;
    j["line"] = r.symbol.range.line;
  } else {
    j["uid"] = nullptr;
    j["name"] = r.written.empty() ? r.symbol.path : r.written;
    j["path"] = r.written.empty() ? Json(r.symbol.path) : Json(nullptr);
    j["line"] = r.siteLine;  // no definition: the reference site
  }
  if (!r.expanded.empty()) {
    Json more = Json::object();
    j["relations"] = groupsJson(r.expanded, &more);
    if (!more.empty()) j["more_relations"] = more;
  }
  return j;
}

}  // namespace

std::string renderGroupsText(const std::vector<Group>& groups, int indent,
                             const std::string& contextPath) {
  std::string out;
  appendGroups(out, groups, indent, Context{contextPath, ""}, "");
  return out;
}

std::string renderText(const Node& node) {
  const model::Symbol& s = node.symbol;
  std::string kind(model::toString(s.kind));
  std::string sig = oneLine(s.signature);
  std::string line(static_cast<size_t>(node.indent) * 2, ' ');
  if (sig.empty()) line += kind + " " + s.name;
  else if (speaksForItself(sig, kind)) line += sig;
  else line += kind + " " + sig;
  line += "  ";
  if (node.showPath) line += s.path + ":";
  line += std::to_string(s.range.line);
  if (s.range.endLine > s.range.line) line += "-" + std::to_string(s.range.endLine);
  // Out of its file's tree (project mode) a member says whose it is.
  const std::string qualified = displayName(s);
  if (node.showPath && qualified.size() > s.name.size() + 1 &&
      qualified.compare(qualified.size() - s.name.size(), s.name.size(), s.name) == 0) {
    std::string container = qualified.substr(0, qualified.size() - s.name.size());
    while (!container.empty() && (container.back() == '.' || container.back() == ':'))
      container.pop_back();
    if (!container.empty()) line += "  in " + container;
  }
  line += '\n';
  appendGroups(line, node.groups, node.indent + 1, Context{s.path, qualified}, "");
  appendUnproven(line, node.unproven, node.indent + 1, Context{s.path, qualified});
  return line;
}

Json groupsJson(const std::vector<Group>& groups, Json* moreOut) {
  const auto& table = relationTable();
  Json rel = Json::object();
  for (const auto& g : groups) {
    Json items = Json::array();
    for (const auto& item : g.items) items.push_back(relatedJson(item));
    rel[table[g.relation].name] = std::move(items);
    if (g.more && moreOut) (*moreOut)[table[g.relation].name] = g.more;
  }
  return rel;
}

Json renderJson(const Node& node) {
  const model::Symbol& s = node.symbol;
  Json more = Json::object();
  Json j = symbolJson(s);
  j["relations"] = groupsJson(node.groups, &more);
  if (!more.empty()) j["more_relations"] = std::move(more);
  // Unbound references: incoming ones as "possible", its own calls as "unbound".
  if (!node.unproven.empty()) {
    Json unproven = unprovenJson(node.unproven);
    Json possible = Json::object(), unbound = Json::object();
    for (auto& [name, entry] : unproven.items()) {
      const int r = relationIndex(name);
      (relationTable()[r].incoming ? possible : unbound)[name] = std::move(entry);
    }
    if (!possible.empty()) j["possible"] = std::move(possible);
    if (!unbound.empty()) j["unbound"] = std::move(unbound);
  }
  return j;
}

}  // namespace cg::tools::outline
