// Test helper: small hand-made GraphSnapshots (symbols named n0, n1, ... in folder `dir/`).
#pragma once

#include <string>
#include <vector>

#include "codegraph/model/graph_source.h"

namespace cg::graph::testing {

class SnapshotBuilder {
 public:
  // Adds a symbol; returns its id (ids start at 1, in insertion order unless `id` is given).
  int64_t node(const std::string& name, const std::string& path = "src/a.go",
               model::SymbolKind kind = model::SymbolKind::kFunction, int64_t id = 0) {
    model::GraphNode n;
    n.id = id ? id : static_cast<int64_t>(snap_.nodes.size()) + 1;
    n.name = name;
    n.setQualifiedName(name);
    n.path = std::make_shared<const std::string>(path);
    n.kind = kind;
    snap_.nodes.push_back(n);
    return n.id;
  }
  void edge(int64_t from, int64_t to, model::RefKind kind = model::RefKind::kCalls, double confidence = 1.0) {
    snap_.edges.push_back({from, to, kind, confidence});
  }
  model::GraphSnapshot& snapshot() { return snap_; }

 private:
  model::GraphSnapshot snap_;
};

}  // namespace cg::graph::testing
