// What one directory entry is, and whether the walk keeps it: the two steps behind
// classifyFile (walker.h), split so the walk can consult the ignore rules between them.
//
//   1. resolveEntry: lstat the entry; a symlink is resolved (realpath) and kept only when its
//      canonical target stays inside the root (else kSymlinkOutside; ELOOP is kSymlinkLoop; a
//      dangling link is kUnreadable). The result says regular file, directory, missing (the
//      entry vanished: a deleted tracked file in git mode) or something else (fifo, socket,
//      device: never opened, counted kUnsupported).
//   2. classifyContent, in this order, for a regular file (or a link to one):
//        a. size > maxFileBytes: kTooLarge when the name has a language, else kUnsupported; the
//           file is not opened at all (so a shebang script over the limit without an extension
//           counts as unsupported);
//        b. an extension no language claims (not `.h`, which needs content): kUnsupported, the
//           file is not opened;
//        c. a file the caller already knows (WalkOptions::known: the index holds it with the
//           same size and mtime) keeps its language without being opened (the walker does this
//           step, before calling classifyContent);
//        d. open and read the first 8 KiB (errors: kUnreadable with the message);
//        e. no language from the name and the first 512 bytes: kUnsupported;
//        f. a NUL byte in the 8 KiB: kBinary;
//        g. minified (looksMinified below, code languages only; Markdown is prose and its
//           paragraphs are often one long line): kMinified.
//
// Both functions only read; they are safe to call from any number of threads.
#pragma once

#include <sys/stat.h>

#include <optional>
#include <string>
#include <string_view>

#include "codegraph/indexer/walker.h"

namespace cg::indexer {

// A file bigger than this may be minified; smaller ones never are (a short config or stub with
// one long line is still worth indexing).
constexpr uint64_t kMinifiedMinFileBytes = 2048;
// How much of a file is read to decide binary / minified.
constexpr size_t kHeadBytes = 8192;
// How much of that detectLanguage sees (shebang, C++ markers and includes in a .h; the
// commands that show one file's extraction pass the same).
constexpr size_t kLanguageHeadBytes = 4096;

// Minified: in a file of more than kMinifiedMinFileBytes, the first 8 KiB (`head`) holds a line
// longer than 4000 bytes (an unterminated run at the end of the buffer counts), or its average
// line length is over 300 bytes. Hand-written code averages 30-80 bytes a line and rarely has a
// 300-byte line; bundlers put a whole module on one line.
bool looksMinified(std::string_view head, uint64_t fileSize);

struct ResolvedEntry {
  enum class Kind : uint8_t {
    kRegular,    // a file (possibly through an inside symlink): classify its content
    kDirectory,  // a directory (possibly through an inside symlink)
    kMissing,    // lstat: ENOENT / ENOTDIR
    kSkipped,    // `reason` (+ `error`) says why: unreadable, symlink outside or loop
    kSpecial,    // fifo, socket, device
  };
  Kind kind = Kind::kSkipped;
  SkipReason reason = SkipReason::kUnreadable;
  std::string error;  // for kSkipped: what went wrong, for the walk's error list
  struct stat st {};  // of the entry, or of the symlink's target
  bool viaSymlink = false;
  std::string target;  // for symlinks: the canonical target (absolute)
};

// absPath = root + "/" + relPath; the caller vouches that every directory above the entry stays
// inside root (the walk checks each directory as it enters it).
ResolvedEntry resolveEntry(std::string_view root, const std::string& absPath);

// Step 2 above for a resolved regular file. relPath names it for language detection; error
// receives the message when the verdict is kUnreadable.
FileVerdict classifyContent(const ResolvedEntry& entry, const std::string& absPath,
                            std::string_view relPath, uint64_t maxFileBytes, std::string* error);

// True when `path` is `root` or below it (both canonical).
bool isInsideRoot(std::string_view root, std::string_view path);

// The modification time of `st` in nanoseconds since the epoch.
int64_t mtimeNs(const struct stat& st);

}  // namespace cg::indexer
