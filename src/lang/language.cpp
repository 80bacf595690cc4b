#include "codegraph/lang/language.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "codegraph/support/find_by_id.h"

extern "C" {
const TSLanguage* tree_sitter_c();
const TSLanguage* tree_sitter_cpp();
const TSLanguage* tree_sitter_python();
const TSLanguage* tree_sitter_javascript();
const TSLanguage* tree_sitter_typescript();
const TSLanguage* tree_sitter_tsx();
const TSLanguage* tree_sitter_go();
const TSLanguage* tree_sitter_rust();
const TSLanguage* tree_sitter_java();
const TSLanguage* tree_sitter_c_sharp();
const TSLanguage* tree_sitter_ruby();
const TSLanguage* tree_sitter_php();
const TSLanguage* tree_sitter_kotlin();
const TSLanguage* tree_sitter_swift();
const TSLanguage* tree_sitter_scala();
const TSLanguage* tree_sitter_bash();
const TSLanguage* tree_sitter_lua();
}

namespace cg::lang {
namespace {
using V = model::Visibility;
using R = VisibilityRule;

const std::vector<Language>& table() {
  static const std::vector<Language> kTable = {
      {"c", "C", {".c", ".h"}, {}, tree_sitter_c, "::", R::kC, V::kPublic, V::kPublic, true},
      {"cpp", "C++", {".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h++", ".ipp", ".tcc", ".inl"},
       {}, tree_sitter_cpp, "::", R::kCpp, V::kPrivate, V::kPublic, true},
      {"python", "Python", {".py", ".pyi", ".pyw"}, {"python", "python3", "python2"},
       tree_sitter_python, ".", R::kPythonUnderscore, V::kPublic, V::kPublic, true},
      {"javascript", "JavaScript", {".js", ".jsx", ".mjs", ".cjs"}, {"node", "nodejs"},
       tree_sitter_javascript, ".", R::kJsExport, V::kPublic, V::kPrivate, true},
      {"typescript", "TypeScript", {".ts", ".mts", ".cts"}, {"ts-node", "deno", "bun"},
       tree_sitter_typescript, ".", R::kJsExport, V::kPublic, V::kPrivate, true},
      {"tsx", "TSX", {".tsx"}, {}, tree_sitter_tsx, ".", R::kJsExport, V::kPublic, V::kPrivate,
       true},
      {"go", "Go", {".go"}, {}, tree_sitter_go, ".", R::kGoCase, V::kPublic, V::kPublic, true,
       {"golang"}},
      {"rust", "Rust", {".rs"}, {}, tree_sitter_rust, "::", R::kRustPub, V::kPrivate, V::kPrivate,
       true},
      {"java", "Java", {".java"}, {}, tree_sitter_java, ".", R::kModifiers, V::kPackage,
       V::kPackage, true},
      {"csharp", "C#", {".cs"}, {}, tree_sitter_c_sharp, ".", R::kModifiers, V::kPrivate,
       V::kInternal, true},
      {"ruby", "Ruby", {".rb", ".rake", ".gemspec"}, {"ruby"}, tree_sitter_ruby, ".",
       R::kRubySections, V::kPublic, V::kPublic, true},
      {"php", "PHP", {".php", ".phtml"}, {"php"}, tree_sitter_php, "\\", R::kModifiers,
       V::kPublic, V::kPublic, true},
      {"kotlin", "Kotlin", {".kt", ".kts"}, {}, tree_sitter_kotlin, ".", R::kModifiers,
       V::kPublic, V::kPublic, true},
      {"swift", "Swift", {".swift"}, {}, tree_sitter_swift, ".", R::kModifiers, V::kInternal,
       V::kInternal, true},
      {"scala", "Scala", {".scala", ".sc"}, {}, tree_sitter_scala, ".", R::kModifiers,
       V::kPublic, V::kPublic, true},
      {"bash", "Bash", {".sh", ".bash", ".bats"}, {"sh", "bash", "zsh", "dash", "ksh"},
       tree_sitter_bash, ".", R::kModifiers, V::kPublic, V::kPublic, true, {"shell"}},
      {"lua", "Lua", {".lua"}, {"lua", "luajit"}, tree_sitter_lua, ".", R::kLuaLocal,
       V::kPublic, V::kPublic, true},
      {"markdown", "Markdown", {".md", ".markdown"}, {}, nullptr, ".", R::kModifiers, V::kPublic,
       V::kPublic, true},
  };
  return kTable;
}

std::string lowered(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string lowerExtension(std::string_view path) {
  size_t slash = path.rfind('/');
  std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
  size_t dot = base.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return {};
  std::string ext(base.substr(dot));
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

// The interpreter named by a "#!" line: "#!/usr/bin/env python3 -u" → "python3".
std::string_view shebangInterpreter(std::string_view head) {
  if (head.substr(0, 2) != "#!") return {};
  std::string_view line = head.substr(2, head.find('\n') == std::string_view::npos
                                             ? std::string_view::npos
                                             : head.find('\n') - 2);
  auto nextWord = [&line]() {
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    size_t end = line.find_first_of(" \t\r");
    std::string_view word = line.substr(0, end);
    line.remove_prefix(end == std::string_view::npos ? line.size() : end);
    return word;
  };
  std::string_view prog = nextWord();
  size_t slash = prog.rfind('/');
  if (slash != std::string_view::npos) prog = prog.substr(slash + 1);
  if (prog == "env") {
    prog = nextWord();
    while (prog.substr(0, 1) == "-") prog = nextWord();  // env -S
  }
  return prog;
}

// A header is C++ when its head says so: a C++ keyword or construct, or an include of a
// standard C++ header (`#include <string>`: no extension, where C's system headers end in .h).
// A long comment before the first declaration leaves the includes as the only evidence.
bool looksLikeCpp(std::string_view head) {
  static constexpr std::array<std::string_view, 12> kMarkers = {
      "namespace ", "class ",     "template<", "template <", "public:", "private:",
      "protected:", "virtual ",   "std::",     "#include <iostream>", "operator", "constexpr "};
  // The markers in the first 512 bytes only: further down a C header's comments say "class"
  // or "virtual" often enough.
  const std::string_view top = head.substr(0, 512);
  for (auto m : kMarkers)
    if (top.find(m) != std::string_view::npos) return true;
  for (size_t at = head.find("#include <"); at != std::string_view::npos;
       at = head.find("#include <", at + 1)) {
    const size_t start = at + 10, close = head.find('>', start);
    if (close == std::string_view::npos) break;
    const std::string_view name = head.substr(start, close - start);
    if (!name.empty() && name.find_first_of(".\n") == std::string_view::npos) return true;
  }
  return false;
}

}  // namespace

std::span<const Language> allLanguages() { return table(); }

const Language* languageById(std::string_view id) {
  return findById(table(), id);
}

std::vector<std::pair<std::string, std::string>> languageNames() {
  std::vector<std::pair<std::string, std::string>> out;
  auto add = [&out](std::string name, std::string_view id) {
    for (const auto& [n, _] : out)
      if (n == name) return;
    out.emplace_back(std::move(name), std::string(id));
  };
  const auto extracted = [](const Language& l) { return l.extracted && l.grammar != nullptr; };
  for (const auto& l : table())
    if (extracted(l)) add(std::string(l.id), l.id);
  for (const auto& l : table()) {
    if (!extracted(l)) continue;
    add(lowered(l.name), l.id);
    for (auto ext : l.extensions) add(lowered(ext.substr(1)), l.id);
    for (auto alias : l.aliases) add(std::string(alias), l.id);
  }
  return out;
}

bool languageNeedsHead(std::string_view path) {
  std::string ext = lowerExtension(path);
  return ext.empty() || ext == ".h";
}

const Language* detectLanguage(std::string_view path, std::string_view head) {
  std::string ext = lowerExtension(path);
  if (ext == ".h") return languageById(looksLikeCpp(head) ? "cpp" : "c");
  if (!ext.empty()) {
    for (const auto& l : table())
      for (auto e : l.extensions)
        if (e == ext) return &l;
    return nullptr;
  }
  std::string_view interp = shebangInterpreter(head);
  if (interp.empty()) return nullptr;
  for (const auto& l : table())
    for (auto s : l.shebangs)
      if (interp == s || (interp.substr(0, s.size()) == s && interp.size() > s.size() &&
                          (std::isdigit(static_cast<unsigned char>(interp[s.size()])) ||
                           interp[s.size()] == '.')))
        return &l;
  return nullptr;
}

}  // namespace cg::lang
