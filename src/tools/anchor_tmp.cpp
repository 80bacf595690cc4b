namespace cg { void tools_module_anchor() {} }
