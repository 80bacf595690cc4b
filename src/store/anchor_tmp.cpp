namespace cg { void store_module_anchor() {} }
