#include "visibility.h"

#include <cctype>
#include <cstring>
#include <string>

namespace cg::lang {
namespace {
using model::Visibility;

std::string_view textOf(TSNode n, std::string_view src) {
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (e > src.size() || s > e) return {};
  return src.substr(s, e - s);
}

bool hasWord(std::string_view text, std::string_view word) {
  size_t pos = 0;
  while ((pos = text.find(word, pos)) != std::string_view::npos) {
    bool leftOk = pos == 0 || !(std::isalnum(static_cast<unsigned char>(text[pos - 1])) || text[pos - 1] == '_');
    size_t end = pos + word.size();
    bool rightOk = end >= text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_');
    if (leftOk && rightOk) return true;
    pos = end;
  }
  return false;
}

std::optional<Visibility> fromKeywords(std::string_view text) {
  if (hasWord(text, "private")) return Visibility::kPrivate;
  if (hasWord(text, "protected")) return Visibility::kProtected;
  if (hasWord(text, "internal")) return Visibility::kInternal;
  if (hasWord(text, "public") || hasWord(text, "open")) return Visibility::kPublic;
  if (hasWord(text, "fileprivate")) return Visibility::kPrivate;
  return std::nullopt;
}

// Modifier text: the @modifiers capture, else the children whose type mentions "modifier"
// (from the first to the last of them: C# writes each keyword as a node of its own).
std::string_view modifierText(const VisibilityInput& in) {
  if (in.modifiers) return textOf(*in.modifiers, in.source);
  uint32_t n = ts_node_child_count(in.node);
  uint32_t first = 0, last = 0;
  bool any = false;
  for (uint32_t i = 0; i < n && i < 12; ++i) {
    TSNode c = ts_node_child(in.node, i);
    const char* t = ts_node_type(c);
    if (!std::strstr(t, "modifier") && !std::strstr(t, "visibility")) continue;
    if (!any) first = ts_node_start_byte(c);
    last = ts_node_end_byte(c);
    any = true;
  }
  if (!any || last > in.source.size()) return {};
  return in.source.substr(first, last - first);
}

bool isMember(const VisibilityInput& in) {
  return in.parent && model::isContainer(in.parent->kind);
}

// C/C++: `static` at file scope makes a symbol private to its translation unit. A variable
// captured as its declarator (`static int a = 0, *b;`) takes the specifiers of the declaration
// around it.
bool hasStaticStorage(const VisibilityInput& in) {
  TSNode decl = in.node;
  if (std::strcmp(ts_node_type(decl), "identifier") == 0 && !ts_node_is_null(ts_node_parent(decl)))
    decl = ts_node_parent(decl);
  for (int depth = 0; depth < 4; ++depth) {
    const char* t = ts_node_type(decl);
    size_t len = std::strlen(t);
    if (len < 10 || std::strcmp(t + len - 10, "declarator") != 0) break;
    TSNode parent = ts_node_parent(decl);
    if (ts_node_is_null(parent)) break;
    decl = parent;
  }
  uint32_t n = ts_node_child_count(decl);
  for (uint32_t i = 0; i < n && i < 6; ++i) {
    TSNode c = ts_node_child(decl, i);
    if (std::strcmp(ts_node_type(c), "storage_class_specifier") == 0 &&
        textOf(c, in.source) == "static")
      return true;
  }
  return false;
}

// C++ members: the nearest access specifier before the member in its class body.
std::optional<Visibility> cppAccess(const VisibilityInput& in) {
  TSNode cur = in.node;
  for (int depth = 0; depth < 3; ++depth) {
    TSNode parent = ts_node_parent(cur);
    if (ts_node_is_null(parent)) return std::nullopt;
    if (std::strcmp(ts_node_type(parent), "field_declaration_list") == 0) break;
    cur = parent;
  }
  for (TSNode p = ts_node_prev_sibling(cur); !ts_node_is_null(p); p = ts_node_prev_sibling(p)) {
    if (std::strcmp(ts_node_type(p), "access_specifier") == 0) {
      auto v = fromKeywords(textOf(p, in.source));
      if (v) return v;
    }
  }
  return std::nullopt;
}

// C++: a name declared in an anonymous namespace (`namespace { ... }`) has internal linkage.
bool inAnonymousNamespace(TSNode node) {
  for (TSNode p = ts_node_parent(node); !ts_node_is_null(p); p = ts_node_parent(p)) {
    if (std::strcmp(ts_node_type(p), "namespace_definition") == 0 &&
        ts_node_is_null(ts_node_child_by_field_name(p, "name", 4)))
      return true;
  }
  return false;
}

bool isExported(TSNode node) {
  for (TSNode p = ts_node_parent(node); !ts_node_is_null(p); p = ts_node_parent(p)) {
    const char* t = ts_node_type(p);
    if (std::strcmp(t, "export_statement") == 0) return true;
    if (std::strcmp(t, "program") == 0) return false;
  }
  return false;
}

// Ruby: the statement of a class/module body (or the file) that holds a definition: the
// definition itself, or the call around it (`private def m`, `attr_reader :a`).
TSNode rubyStatement(TSNode node) {
  TSNode cur = node;
  for (int depth = 0; depth < 6; ++depth) {
    TSNode parent = ts_node_parent(cur);
    if (ts_node_is_null(parent)) break;
    const char* t = ts_node_type(parent);
    if (std::strcmp(t, "body_statement") == 0 || std::strcmp(t, "program") == 0) break;
    cur = parent;
  }
  return cur;
}

// The method a Ruby call names (`private` in `private :m`), "" for other nodes.
std::string_view rubyCallName(TSNode n, std::string_view src) {
  if (std::strcmp(ts_node_type(n), "call") != 0) return {};
  TSNode m = ts_node_child_by_field_name(n, "method", 6);
  return ts_node_is_null(m) ? std::string_view() : textOf(m, src);
}

std::optional<Visibility> rubyAccessWord(std::string_view w) {
  if (w == "private" || w == "private_class_method" || w == "private_constant")
    return Visibility::kPrivate;
  if (w == "protected") return Visibility::kProtected;
  if (w == "public" || w == "public_class_method" || w == "public_constant" ||
      w == "module_function")
    return Visibility::kPublic;
  return std::nullopt;
}

// Ruby access control: `private def m` (the call around the definition), `private :m, :n`
// anywhere in the same body, else the nearest `private`/`protected`/`public` section keyword
// above. Singleton methods (`def self.m`) follow only `private_class_method :m`; constants,
// classes and modules only `private_constant :X`.
std::optional<Visibility> rubyAccess(const VisibilityInput& in) {
  using model::SymbolKind;
  const bool singleton = std::strcmp(ts_node_type(in.node), "singleton_method") == 0;
  const SymbolKind k = in.symbol.kind;
  const bool constant = k == SymbolKind::kConstant || k == SymbolKind::kClass ||
                        k == SymbolKind::kModule;
  auto applies = [&](std::string_view w) {
    if (constant) return w == "private_constant" || w == "public_constant";
    if (singleton) return w == "private_class_method" || w == "public_class_method";
    return w == "private" || w == "protected" || w == "public" || w == "module_function";
  };
  const TSNode stmt = rubyStatement(in.node);
  for (TSNode p = ts_node_parent(in.node); !ts_node_is_null(p); p = ts_node_parent(p)) {
    std::string_view w = rubyCallName(p, in.source);
    if (applies(w)) return rubyAccessWord(w);
    if (ts_node_eq(p, stmt)) break;
  }
  TSNode body = ts_node_parent(stmt);
  if (ts_node_is_null(body)) return std::nullopt;
  std::optional<Visibility> named;
  const std::string& name = in.symbol.name;
  uint32_t n = ts_node_named_child_count(body);
  for (uint32_t i = 0; i < n; ++i) {
    TSNode c = ts_node_named_child(body, i);
    std::string_view w = rubyCallName(c, in.source);
    if (w.empty() || !applies(w)) continue;
    TSNode args = ts_node_child_by_field_name(c, "arguments", 9);
    if (ts_node_is_null(args)) continue;
    uint32_t an = ts_node_named_child_count(args);
    for (uint32_t j = 0; j < an; ++j) {
      std::string_view a = textOf(ts_node_named_child(args, j), in.source);
      if (a.size() > 1 && (a.front() == ':' || a.front() == '"' || a.front() == '\'')) a.remove_prefix(1);
      if (!a.empty() && (a.back() == '"' || a.back() == '\'')) a.remove_suffix(1);
      if (a == name) named = rubyAccessWord(w);
    }
  }
  if (named || constant || singleton) return named;
  for (TSNode p = ts_node_prev_named_sibling(stmt); !ts_node_is_null(p); p = ts_node_prev_named_sibling(p)) {
    if (std::strcmp(ts_node_type(p), "identifier") != 0) continue;
    if (auto v = rubyAccessWord(textOf(p, in.source)); v && applies(textOf(p, in.source))) return v;
  }
  return std::nullopt;
}

// Lua: a definition written with `local` (`local function f`, `local x = 1`, `local a, b`): the
// node itself or the declaration around its name starts with the keyword.
bool luaLocal(TSNode node) {
  TSNode cur = node;
  for (int depth = 0; depth < 4 && !ts_node_is_null(cur); ++depth, cur = ts_node_parent(cur)) {
    const char* t = ts_node_type(cur);
    bool declaration = std::strcmp(t, "variable_declaration") == 0 ||
                       std::strcmp(t, "function_declaration") == 0;
    if (!declaration) continue;
    TSNode first = ts_node_child(cur, 0);
    return !ts_node_is_null(first) && std::strcmp(ts_node_type(first), "local") == 0;
  }
  return false;
}

}  // namespace

Visibility decideVisibility(const VisibilityInput& in) {
  const auto& lang = in.language;
  const std::string& name = in.symbol.name;
  switch (lang.visibility) {
    case VisibilityRule::kGoCase:
      return !name.empty() && std::isupper(static_cast<unsigned char>(name[0]))
                 ? Visibility::kPublic
                 : Visibility::kPrivate;
    case VisibilityRule::kPythonUnderscore: {
      bool dunder = name.size() > 4 && name.rfind("__", 0) == 0 &&
                    name.compare(name.size() - 2, 2, "__") == 0;
      if (dunder) return Visibility::kPublic;
      return !name.empty() && name[0] == '_' ? Visibility::kPrivate : Visibility::kPublic;
    }
    case VisibilityRule::kJsExport: {
      if (!name.empty() && name[0] == '#') return Visibility::kPrivate;
      if (auto v = fromKeywords(modifierText(in))) return *v;
      if (isMember(in)) return lang.defaultMemberVisibility;
      if (in.parent && model::isCallable(in.parent->kind)) return Visibility::kPrivate;  // a local
      if (in.parent && model::isTypeLike(in.parent->kind)) return lang.defaultMemberVisibility;
      if (in.parent) return in.parent->visibility;  // members of object literals and object types
      return isExported(in.node) ? Visibility::kPublic : lang.defaultTopVisibility;
    }
    case VisibilityRule::kRustPub: {
      std::string_view mods = modifierText(in);
      if (!mods.empty() && hasWord(mods, "pub")) {
        if (mods.find('(') != std::string_view::npos) return Visibility::kInternal;
        return Visibility::kPublic;
      }
      // Methods of a trait implementation are as visible as the trait: public.
      {
        TSNode list = ts_node_parent(in.node);
        TSNode impl = ts_node_is_null(list) ? list : ts_node_parent(list);
        if (!ts_node_is_null(impl) && std::strcmp(ts_node_type(impl), "impl_item") == 0 &&
            !ts_node_is_null(ts_node_child_by_field_name(impl, "trait", 5)))
          return Visibility::kPublic;
      }
      // Trait items and enum variants are as visible as their container.
      if (in.parent && (in.parent->kind == model::SymbolKind::kTrait ||
                        in.parent->kind == model::SymbolKind::kEnum))
        return in.parent->visibility;
      return Visibility::kPrivate;
    }
    case VisibilityRule::kModifiers: {
      // Scala's qualified access `private[pkg]` / `protected[pkg]` reaches the package:
      // internal (`private[this]` stays private).
      {
        std::string_view mods = modifierText(in);
        size_t open = mods.find("private[");
        if (open == std::string_view::npos) open = mods.find("protected[");
        if (open != std::string_view::npos && mods.find("[this]", open) == std::string_view::npos)
          return Visibility::kInternal;
      }
      {
        // Swift's `private(set) var x` restricts the setter only: the getter's access counts.
        std::string mods(modifierText(in));
        for (size_t at; (at = mods.find("(set)")) != std::string::npos;) {
          size_t start = at;
          while (start > 0 && std::isalpha(static_cast<unsigned char>(mods[start - 1]))) --start;
          mods.erase(start, at + 5 - start);
        }
        if (auto v = fromKeywords(mods)) return *v;
      }
      // Interface members are public in Java, C#, Kotlin.
      if (in.parent && in.parent->kind == model::SymbolKind::kInterface) return Visibility::kPublic;
      // A local function (C# local function, Kotlin/Swift/Scala nested function) is private.
      if (in.parent && model::isCallable(in.parent->kind) &&
          in.symbol.kind == model::SymbolKind::kFunction)
        return Visibility::kPrivate;
      // Enum members (C# enum values, Kotlin/Swift/Scala enum cases) are as visible as their enum.
      if (in.parent && in.parent->kind == model::SymbolKind::kEnum &&
          in.symbol.kind == model::SymbolKind::kConstant)
        return in.parent->visibility;
      return isMember(in) ? lang.defaultMemberVisibility : lang.defaultTopVisibility;
    }
    case VisibilityRule::kRubySections:
      return rubyAccess(in).value_or(Visibility::kPublic);
    case VisibilityRule::kLuaLocal:  // the module table a file returns is its public face
      return luaLocal(in.node) && in.symbol.kind != model::SymbolKind::kModule
                 ? Visibility::kPrivate
                 : Visibility::kPublic;
    case VisibilityRule::kC:
      return hasStaticStorage(in) ? Visibility::kPrivate : Visibility::kPublic;
    case VisibilityRule::kCpp: {
      // Members of classes (and enumerators) follow access rules; names in a namespace are
      // namespace-scope names.
      if (isMember(in) && in.parent->kind != model::SymbolKind::kNamespace) {
        if (auto v = cppAccess(in)) return *v;
        bool isClass = in.parent->kind == model::SymbolKind::kClass;
        return isClass ? Visibility::kPrivate : Visibility::kPublic;
      }
      return hasStaticStorage(in) || inAnonymousNamespace(in.node) ? Visibility::kPrivate
                                                                    : Visibility::kPublic;
    }
  }
  return Visibility::kPublic;
}

}  // namespace cg::lang
