#pragma once
// Generated at configure time from grammars/queries/**/*.scm: every query file, embedded.
namespace cg::lang::generated {
struct EmbeddedQuery {
  const char* path;  // relative to grammars/queries, e.g. "python/tags.scm"
  const char* text;
};
inline constexpr EmbeddedQuery kQueries[] = {
@CG_QUERY_ENTRIES@  {nullptr, nullptr}};
}  // namespace cg::lang::generated
