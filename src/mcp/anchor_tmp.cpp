namespace cg { void mcp_module_anchor() {} }
