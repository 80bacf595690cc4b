#pragma once
// Generated at configure time (CMakeLists.txt, cg_embed_files): the data files the lang module
// reads, embedded, so that the binary needs nothing beside it.
namespace cg::lang::generated {
struct EmbeddedFile {
  const char* path;
  const char* text;
};
// grammars/queries/**/*.scm, by path relative to grammars/queries, e.g. "python/tags.scm".
inline constexpr EmbeddedFile kQueries[] = {
@CG_QUERY_ENTRIES@  {nullptr, nullptr}};
// src/lang/<id>/words.txt, by path relative to src/lang, e.g. "go/words.txt".
inline constexpr EmbeddedFile kWordFiles[] = {
@CG_WORD_ENTRIES@  {nullptr, nullptr}};
}  // namespace cg::lang::generated
