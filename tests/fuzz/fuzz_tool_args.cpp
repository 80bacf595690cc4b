// libFuzzer target: arbitrary JSON values as the arguments of each tool. Input: a tool name, a
// newline, the JSON (without a known name the first byte picks the tool), through clampArguments + validateArguments and, when valid, the handler against a
// small indexed fixture, then rendered as the server would. Oracle: no crash, no sanitizer
// report, no exception escapes, a non-object is always refused, the rendering is valid JSON.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fuzz_fixture.h"
#include "protocol.h"
#include "tool_call.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)cg::support::setupLogging("off", "");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static auto* fixture = new cg::fuzz::IndexedFixture("tools_app");
  if (size < 1) return 0;
  std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto& tools = fixture->registry().all();
  const cg::tools::Tool* found = nullptr;
  std::string_view json = input.substr(1);
  if (size_t nl = input.find('\n'); nl != std::string_view::npos && nl <= 32) {
    found = fixture->registry().find(std::string(input.substr(0, nl)));
    if (found) json = input.substr(nl + 1);
  }
  const cg::tools::Tool& tool = found ? *found : tools[data[0] % tools.size()];
  auto args = nlohmann::json::parse(json, nullptr, false);
  if (args.is_discarded()) return -1;  // not JSON: not worth keeping in the corpus
  if (!args.is_object()) {
    if (!cg::tools::validateArguments(tool.inputSchema, args)) std::abort();
    return 0;
  }
  auto notes = cg::tools::clampArguments(tool.inputSchema, args);
  if (auto problem = cg::tools::validateArguments(tool.inputSchema, args)) {
    if (problem->empty()) std::abort();
    return 0;
  }
  cg::tools::CallContext ctx;
  auto result = cg::mcp::invokeTool(tool, args, ctx);
  std::string line = cg::mcp::serialize(cg::mcp::renderToolResult(result, notes));
  if (nlohmann::json::parse(line, nullptr, false).is_discarded()) std::abort();
  return 0;
}
