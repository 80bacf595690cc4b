// Logging setup. Every log line goes to stderr or to a file, never to stdout: stdout belongs to
// the MCP protocol. Call setupLogging once, before any thread starts.
#pragma once

#include <string>

#include "codegraph/support/expected.h"

namespace cg::support {

// level: trace, debug, info, warn, error, off. file: empty = stderr.
Status setupLogging(const std::string& level, const std::string& file);

}  // namespace cg::support
