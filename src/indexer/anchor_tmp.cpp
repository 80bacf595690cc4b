namespace cg { void indexer_module_anchor() {} }
