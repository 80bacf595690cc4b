namespace cg { void graph_module_anchor() {} }
