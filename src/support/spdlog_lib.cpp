// spdlog's out-of-line definitions, compiled once.
//
// Debian ships spdlog without a static archive (DEPENDENCIES.md), so the library is built from
// its headers. In header-only mode every file that includes <spdlog/spdlog.h> compiles the whole
// logger, registry and pattern formatter again: about 18 s of compiler time per file at -O2 -g,
// most of a cold build's time in the files that log. Instead every file is compiled in spdlog's
// compiled mode (SPDLOG_COMPILED_LIB, set on the cg_spdlog target: the headers then only
// declare), and this file includes the definitions (the *-inl.h headers) once, with the sink
// classes we use instantiated explicitly.
#ifndef SPDLOG_COMPILED_LIB
#error "spdlog_lib.cpp is spdlog's compiled part: build with SPDLOG_COMPILED_LIB (cg_spdlog)"
#endif

#include <mutex>

#include <spdlog/common-inl.h>
#include <spdlog/details/backtracer-inl.h>
#include <spdlog/details/file_helper-inl.h>
#include <spdlog/details/log_msg-inl.h>
#include <spdlog/details/log_msg_buffer-inl.h>
#include <spdlog/details/null_mutex.h>
#include <spdlog/details/os-inl.h>
#include <spdlog/details/periodic_worker-inl.h>
#include <spdlog/details/registry-inl.h>
#include <spdlog/logger-inl.h>
#include <spdlog/pattern_formatter-inl.h>
#include <spdlog/sinks/ansicolor_sink-inl.h>
#include <spdlog/sinks/base_sink-inl.h>
#include <spdlog/sinks/basic_file_sink-inl.h>
#include <spdlog/sinks/sink-inl.h>
#include <spdlog/sinks/stdout_color_sinks-inl.h>
#include <spdlog/sinks/stdout_sinks-inl.h>
#include <spdlog/spdlog-inl.h>

// The sinks: ours (stderr, a file) and the registry's default logger (a coloured stdout sink,
// created at start-up and replaced by setupLogging before anything is logged).
template class spdlog::sinks::base_sink<std::mutex>;
template class spdlog::sinks::base_sink<spdlog::details::null_mutex>;
template class spdlog::sinks::basic_file_sink<std::mutex>;
template class spdlog::sinks::stdout_sink_base<spdlog::details::console_mutex>;
template class spdlog::sinks::stdout_sink<spdlog::details::console_mutex>;
template class spdlog::sinks::stderr_sink<spdlog::details::console_mutex>;
template class spdlog::sinks::ansicolor_sink<spdlog::details::console_mutex>;
template class spdlog::sinks::ansicolor_stdout_sink<spdlog::details::console_mutex>;
template class spdlog::sinks::ansicolor_stderr_sink<spdlog::details::console_mutex>;
