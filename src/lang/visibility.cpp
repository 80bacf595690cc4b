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

// Modifier text: the @modifiers capture, else the first child whose type mentions "modifier".
std::string_view modifierText(const VisibilityInput& in) {
  if (in.modifiers) return textOf(*in.modifiers, in.source);
  uint32_t n = ts_node_child_count(in.node);
  for (uint32_t i = 0; i < n && i < 8; ++i) {
    TSNode c = ts_node_child(in.node, i);
    const char* t = ts_node_type(c);
    if (std::strstr(t, "modifier") || std::strstr(t, "visibility")) return textOf(c, in.source);
  }
  return {};
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
      if (auto v = fromKeywords(modifierText(in))) return *v;
      // Interface members are public in Java, C#, Kotlin.
      if (in.parent && in.parent->kind == model::SymbolKind::kInterface) return Visibility::kPublic;
      return isMember(in) ? lang.defaultMemberVisibility : lang.defaultTopVisibility;
    }
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
