// profileQuery: where a language's extraction query spends its time (a development aid behind
// `codegraph-mcp debug-query-profile`). Each pattern of the compiled query is compiled alone
// and run over the same parsed trees; patterns cost roughly additively in the combined query,
// so the slowest ones alone are the ones worth rewriting.
#include <tree_sitter/api.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "codegraph/lang/extractor.h"
#include "codegraph/support/cpu_clock.h"
#include "query_set.h"

namespace cg::lang {
namespace {

uint64_t runQuery(TSQuery* query, const std::vector<TSTree*>& trees, uint64_t* matches) {
  TSQueryCursor* cursor = ts_query_cursor_new();
  ts_query_cursor_set_match_limit(cursor, 4096);
  ts_query_cursor_set_max_start_depth(cursor, kDeepTreeDepth);  // as the extractor runs it
  const uint64_t start = threadCpuMicros();
  for (TSTree* tree : trees) {
    ts_query_cursor_exec(cursor, query, ts_tree_root_node(tree));
    TSQueryMatch m;
    while (ts_query_cursor_next_match(cursor, &m)) ++*matches;
  }
  const uint64_t spent = threadCpuMicros() - start;
  ts_query_cursor_delete(cursor);
  return spent;
}

}  // namespace

Expected<std::string> profileQuery(const Language& language, const std::vector<std::string>& sources,
                                   uint32_t top) {
  const CompiledQuery* cq = QuerySet::instance().forLanguage(language);
  if (!cq || !language.grammar)
    return makeError(ErrorCode::kNotFound, "no extraction query for " + std::string(language.name));
  auto text = querySource(language.id);
  if (!text) return text.error();

  TSParser* parser = ts_parser_new();
  ts_parser_set_language(parser, language.grammar());
  std::vector<TSTree*> trees;
  const uint64_t parseStart = threadCpuMicros();
  for (const auto& s : sources)
    if (TSTree* t = ts_parser_parse_string(parser, nullptr, s.data(), static_cast<uint32_t>(s.size())))
      trees.push_back(t);
  const uint64_t parseMicros = threadCpuMicros() - parseStart;
  ts_parser_delete(parser);

  uint64_t allMatches = 0;
  const uint64_t allMicros = runQuery(cq->query, trees, &allMatches);

  struct Row {
    uint64_t micros = 0, matches = 0;
    uint32_t line = 0;
    std::string head;
  };
  std::vector<Row> rows;
  uint64_t sum = 0;
  const uint32_t patterns = ts_query_pattern_count(cq->query);
  for (uint32_t i = 0; i < patterns; ++i) {
    uint32_t b = ts_query_start_byte_for_pattern(cq->query, i);
    uint32_t e = ts_query_end_byte_for_pattern(cq->query, i);
    if (e <= b || e > text->size()) continue;
    std::string pattern = text->substr(b, e - b);
    uint32_t errorOffset = 0;
    TSQueryError error = TSQueryErrorNone;
    TSQuery* q = ts_query_new(language.grammar(), pattern.data(), static_cast<uint32_t>(pattern.size()),
                              &errorOffset, &error);
    if (!q) continue;
    Row r;
    r.micros = runQuery(q, trees, &r.matches);
    ts_query_delete(q);
    r.line = static_cast<uint32_t>(std::count(text->begin(), text->begin() + b, '\n')) + 1;
    r.head = pattern.substr(0, pattern.find('\n'));
    if (r.head.size() > 90) r.head = r.head.substr(0, 90) + "...";
    sum += r.micros;
    rows.push_back(std::move(r));
  }
  for (TSTree* t : trees) ts_tree_delete(t);
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.micros > b.micros; });

  char buf[512];
  std::string out;
  std::snprintf(buf, sizeof buf,
                "%s: %zu files; parse %.3fs; combined query %.3fs (%llu matches, %u patterns); "
                "patterns alone: %.3fs in total\n",
                std::string(language.name).c_str(), sources.size(), parseMicros / 1e6,
                allMicros / 1e6, static_cast<unsigned long long>(allMatches), patterns, sum / 1e6);
  out += buf;
  out += "  seconds  share  matches  line  pattern (combined source, inherits resolved)\n";
  for (size_t i = 0; i < rows.size() && i < top; ++i) {
    std::snprintf(buf, sizeof buf, "  %7.3f  %4.1f%%  %7llu  %4u  %s\n", rows[i].micros / 1e6,
                  sum ? 100.0 * static_cast<double>(rows[i].micros) / static_cast<double>(sum) : 0.0,
                  static_cast<unsigned long long>(rows[i].matches), rows[i].line, rows[i].head.c_str());
    out += buf;
  }
  return out;
}

}  // namespace cg::lang
