// Generated at configure time from grammars/package.json: the pinned grammar packages and
// their versions, for `codegraph-mcp doctor`.
#pragma once
inline constexpr const char* kGrammarManifest = R"cgmanifest(@CG_GRAMMAR_MANIFEST@)cgmanifest";
