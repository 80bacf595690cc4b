#include "codegraph/support/log.h"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

namespace cg::support {

Status setupLogging(const std::string& level, const std::string& file) {
  auto lvl = spdlog::level::from_str(level);
  if (lvl == spdlog::level::off && level != "off") {
    return makeError(ErrorCode::kInvalidArgument,
                     "--log-level must be one of trace, debug, info, warn, error, off (got '" +
                         level + "')");
  }
  std::shared_ptr<spdlog::logger> logger;
  try {
    if (file.empty()) {
      logger = std::make_shared<spdlog::logger>(
          "codegraph", std::make_shared<spdlog::sinks::stderr_sink_mt>());
    } else {
      logger = std::make_shared<spdlog::logger>(
          "codegraph", std::make_shared<spdlog::sinks::basic_file_sink_mt>(file, false));
    }
  } catch (const spdlog::spdlog_ex& e) {
    return makeError(ErrorCode::kIo, "cannot open log file '" + file + "': " + e.what());
  }
  logger->set_level(lvl);
  logger->set_pattern("[%Y-%m-%d %H:%M:%S.%e] [%l] %v");
  logger->flush_on(spdlog::level::warn);
  spdlog::set_default_logger(logger);
  return okStatus();
}

}  // namespace cg::support
