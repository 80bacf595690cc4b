// GraphNode's derived uid: the same text model::symbolUid makes, and an order equal to comparing
// those texts (the analytics number nodes in it, so a difference would change every result).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "codegraph/model/graph_source.h"

namespace cg::model {
namespace {

GraphNode node(const std::string& path, const std::string& qualified, SymbolKind kind, uint32_t ordinal = 0) {
  GraphNode n;
  n.path = std::make_shared<const std::string>(path);
  n.setQualifiedName(qualified);
  n.kind = kind;
  n.ordinal = ordinal;
  return n;
}

TEST(GraphNodeUid, IsTheStoredForm) {
  EXPECT_EQ(node("src/a.py", "A.run", SymbolKind::kMethod).uid(), "src/a.py::A.run::method");
  EXPECT_EQ(node("src/a.py", "f", SymbolKind::kFunction, 3).uid(), "src/a.py::f::function#3");
  GraphNode noPath;
  noPath.setQualifiedName("x");
  EXPECT_EQ(noPath.uid(), "::x::function");
}

TEST(GraphNodeUid, OrdinalIsReadBackOnlyFromAMatchingUid) {
  EXPECT_EQ(uidOrdinal("a.c::f::function", "a.c", "f", SymbolKind::kFunction), 0);
  EXPECT_EQ(uidOrdinal("a.c::f::function#12", "a.c", "f", SymbolKind::kFunction), 12);
  EXPECT_EQ(uidOrdinal("a.c::f::function", "a.c", "f", SymbolKind::kMacro), -1);
  EXPECT_EQ(uidOrdinal("a.c::g::function", "a.c", "f", SymbolKind::kFunction), -1);
  EXPECT_EQ(uidOrdinal("a.c::f::function#", "a.c", "f", SymbolKind::kFunction), -1);
  EXPECT_EQ(uidOrdinal("a.c::f::function#1", "a.c", "f", SymbolKind::kFunction), -1);
  EXPECT_EQ(uidOrdinal("a.c::f::function#2x", "a.c", "f", SymbolKind::kFunction), -1);
  EXPECT_EQ(uidOrdinal("b/a.c::f::function", "a.c", "f", SymbolKind::kFunction), -1);
}

TEST(GraphNodeUid, OrderIsTheOrderOfTheUidTexts) {
  // Pieces that end where another's continues: a path that is a prefix of another, names with
  // "::" and ':' in them, ordinals that sort as text (#10 before #2), kinds that share prefixes.
  std::vector<GraphNode> nodes = {
      node("a", "b", SymbolKind::kFunction),
      node("a:", "b", SymbolKind::kFunction),
      node("a::b", "c", SymbolKind::kFunction),
      node("a", "b::c", SymbolKind::kFunction),
      node("a", "b", SymbolKind::kFunction, 2),
      node("a", "b", SymbolKind::kFunction, 10),
      node("a", "b", SymbolKind::kField),
      node("a", "b", SymbolKind::kClass),
      node("a", "", SymbolKind::kConstant),
      node("", "a", SymbolKind::kConstant),
      node("a/b.c", "main", SymbolKind::kFunction),
      node("a/b.c", "main", SymbolKind::kMacro),
      node("a/b.cc", "main", SymbolKind::kFunction),
      node("a/b", "c.main", SymbolKind::kFunction),
      node("a", "b:", SymbolKind::kFunction),
      node("a", "b", SymbolKind::kFunction, 3),
  };
  GraphNode unset;  // no path at all
  unset.setQualifiedName("z");
  nodes.push_back(unset);
  for (const auto& a : nodes)
    for (const auto& b : nodes)
      EXPECT_EQ(uidLess(a, b), a.uid() < b.uid()) << a.uid() << " vs " << b.uid();
  // The symbols of one file share one path object; the shortcut for that case agrees too.
  auto shared = std::make_shared<const std::string>("x/y.go");
  GraphNode p = node("", "Run", SymbolKind::kMethod), q = node("", "Run", SymbolKind::kFunction);
  p.path = q.path = shared;
  EXPECT_EQ(uidLess(p, q), p.uid() < q.uid());
  EXPECT_EQ(uidLess(q, p), q.uid() < p.uid());
}

}  // namespace
}  // namespace cg::model
