// The analytics' compact graph: both views, merged repeats, contains only in the undirected one,
// and the compact node (a qualified name equal to the name is stored once).
#include <gtest/gtest.h>

#include "codegraph/graph/symbol_graph.h"
#include "snapshot_builder.h"

namespace cg::graph {
namespace {

using model::RefKind;
using testing::SnapshotBuilder;

std::vector<std::pair<std::string, double>> arcsOf(const SymbolGraph& g, const Adjacency& view,
                                                   const std::string& name) {
  std::vector<std::pair<std::string, double>> out;
  for (uint32_t i = 0; i < g.nodes.size(); ++i) {
    if (g.nodes[i]->name != name) continue;
    for (uint32_t a = view.begin[i]; a < view.begin[i + 1]; ++a)
      out.emplace_back(g.nodes[view.arcs[a].to]->name, view.arcs[a].weight);
  }
  return out;
}

TEST(SymbolGraph, EachEdgeOnceInTheDirectedViewAndAtBothEndsInTheUndirectedOne) {
  SnapshotBuilder b;
  const int64_t a = b.node("a"), bb = b.node("b"), c = b.node("c"), d = b.node("d");
  b.edge(a, bb, RefKind::kCalls);          // 1.0
  b.edge(a, bb, RefKind::kUses, 0.5);      // 0.6 * 0.5 = 0.3, merged with the call
  b.edge(bb, c, RefKind::kContains);       // undirected only, weight 1
  b.edge(a, a, RefKind::kCalls);           // a self loop is dropped
  b.edge(d, a, RefKind::kAccesses);        // 0.4
  b.edge(a, 99, RefKind::kCalls);          // an end the snapshot does not hold: ignored
  int freed = 0;
  auto g = buildSymbolGraph(b.snapshot(), {}, [&] { ++freed; });
  EXPECT_EQ(freed, 1);
  ASSERT_EQ(g.nodes.size(), 4u);

  using Arcs = std::vector<std::pair<std::string, double>>;
  EXPECT_EQ(arcsOf(g, g.out, "a"), (Arcs{{"b", 1.3}}));
  EXPECT_EQ(arcsOf(g, g.out, "b"), Arcs{});
  EXPECT_EQ(arcsOf(g, g.out, "d"), (Arcs{{"a", 0.4}}));
  EXPECT_EQ(g.out.arcs.size(), 2u);

  EXPECT_EQ(arcsOf(g, g.adj, "a"), (Arcs{{"b", 1.3}, {"d", 0.4}}));
  EXPECT_EQ(arcsOf(g, g.adj, "b"), (Arcs{{"a", 1.3}, {"c", 1.0}}));
  EXPECT_EQ(arcsOf(g, g.adj, "c"), (Arcs{{"b", 1.0}}));
  EXPECT_EQ(arcsOf(g, g.adj, "d"), (Arcs{{"a", 0.4}}));
  EXPECT_EQ(g.adj.arcs.size(), 6u);
}

TEST(GraphNode, AQualifiedNameEqualToTheNameIsStoredOnce) {
  model::GraphNode n;
  n.name = "kmalloc";
  n.setQualifiedName("kmalloc");
  EXPECT_TRUE(n.qualified.empty());
  EXPECT_EQ(n.qualifiedName(), "kmalloc");
  n.setQualifiedName("Slab.kmalloc");
  EXPECT_EQ(n.qualified, "Slab.kmalloc");
  EXPECT_EQ(n.qualifiedName(), "Slab.kmalloc");
  n.path = std::make_shared<const std::string>("mm/slab.c");
  n.kind = model::SymbolKind::kMethod;
  EXPECT_EQ(n.uid(), "mm/slab.c::Slab.kmalloc::method");
  // An empty qualified name stays empty (it is not taken for "the same as the name").
  n.setQualifiedName("");
  EXPECT_EQ(n.qualifiedName(), "");
  EXPECT_EQ(n.uid(), "mm/slab.c::::method");
  n.setQualifiedName("kmalloc");
  EXPECT_TRUE(n.qualifiedIsName);
  EXPECT_EQ(n.uid(), "mm/slab.c::kmalloc::method");
}

}  // namespace
}  // namespace cg::graph
