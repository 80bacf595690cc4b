#!/usr/bin/env python3
"""Definition recall of the C++ queries against universal-ctags.

Same method as ctags_recall_c.py (shared code there): a ctags tag is found when one of our
definitions in the same file has the same name and its range contains the tag's line.

Usage:
  tests/bench/ctags_recall_cpp.py [PATH ...] [--tool BIN] [--queries DIR] [--top N] [--dump FILE]
  (default: /usr/include/boost/filesystem, /usr/include/boost/asio/*.hpp, boost/asio/ip,
   boost/asio/impl)

Kinds compared (ctags' default C++ kinds): class, struct, union, enum, enumerator, function
(definitions, in or out of a class), member (data members), variable, typedef (typedef and
`using X = ...`), macro, namespace. Not compared:
  - prototypes (ctags: off by default): in-class method declarations, which we do extract, are
    prototypes to ctags, and namespace-scope prototypes we deliberately do not extract;
  - extern variables, locals, parameters, labels, macro and template parameters (off by default);
  - `using` directives and declarations, namespace aliases (off by default or reference-only);
  - `header` tags (references); tags ctags names itself (`__anon...`: lambdas, anonymous types);
  - ctags' misreadings of a macro call as a definition's name: 175 in the default set, e.g.
    `BOOST_ASIO_INITFN_AUTO_RESULT_TYPE_PREFIX(ReadToken, ...) async_read(...)` reported as a
    function named BOOST_ASIO_INITFN_AUTO_RESULT_TYPE_PREFIX.
Most remaining misses are code tree-sitter cannot parse without a preprocessor: macros in
parameter lists (`BOOST_ASIO_MOVE_ARG(Handler) handler`) or before return types, `#if` inside
a class head or an expression; such a class or file becomes an ERROR node.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ next to the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

CPP_KIND_MAP = {
    "macro": {"macro"},
    "function": {"function", "method", "constructor"},
    "enum": {"enum"},
    "enumerator": {"constant"},
    "struct": {"struct", "class"},
    "class": {"class", "struct"},
    "union": {"union"},
    "typedef": {"type", "struct", "union", "enum", "class"},
    "member": {"field"},
    "variable": {"variable", "constant", "field"},
    "namespace": {"namespace"},
}
CPP_EXCLUDED_KINDS = {
    "prototype": "prototypes (ctags: off by default; in-class declarations are extracted as methods)",
    "externvar": "extern declarations are not definitions (ctags: off by default)",
    "local": "local variables are not symbols (ctags: off by default)",
    "parameter": "parameters are not symbols (ctags: off by default)",
    "label": "goto labels are not symbols (ctags: off by default)",
    "macroparam": "macro parameters are not symbols (ctags: off by default)",
    "tparam": "template parameters are not symbols (ctags: off by default)",
    "using": "using directives are references (ctags: reference-only)",
    "name": "using declarations are references (ctags: off by default)",
    "alias": "namespace aliases (ctags: off by default)",
    "header": "#include is a reference (imports), not a definition",
}
CPP_EXTS = {".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h++", ".ipp", ".tcc", ".inl", ".h"}
CPP_DEFAULT = ["/usr/include/boost/filesystem", "/usr/include/boost/asio/*.hpp",
               "/usr/include/boost/asio/ip", "/usr/include/boost/asio/impl"]

if __name__ == "__main__":
    import ctags_recall_c
    ctags_recall_c.main(lang="cpp", doc=__doc__)
