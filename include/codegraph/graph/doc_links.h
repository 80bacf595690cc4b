// Links from Markdown documents to the symbols they name (docs/CONTRACT.md §4 rule).
//
// A mention (a name a document writes in inline code or a code block) links to a symbol when:
//  - plain name (`validateToken`): it equals the symbol's name, the name is at least 4
//    characters long, and at most 3 symbols of the repository carry that name;
//  - qualified name (`AuthService.login`, `auth::Service::login`, `os.Open`; `::` and `.` are the
//    same separator): the last segment is at least 4 characters, and the symbols it denotes are
//    those named by the last segment whose qualified name ends with the whole mention at a
//    segment boundary, or — failing that — whose folder or file stem is the mention's
//    second-to-last segment (`os.Open` → Open in .../os/, `json.loads` → loads in json.py);
//    the "more than 3 do not link" rule counts these.
// A qualified mention is more specific than its parts: `AuthService.login` links login even when
// five classes define a `login`. The parts are extracted as mentions too and link on their own
// merits. Symbols in Markdown files themselves never link. Deterministic, no threads.
#pragma once

#include <vector>

#include "codegraph/model/graph_source.h"

namespace cg::graph {

inline constexpr size_t kMinLinkedNameLength = 4;
inline constexpr size_t kMaxLinkedDefinitions = 3;

// Every link, sorted, without repeats.
std::vector<model::DocLink> linkDocuments(const std::vector<model::GraphNode>& nodes,
                                          const std::vector<model::DocMention>& mentions);

}  // namespace cg::graph
