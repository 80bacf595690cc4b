#include "codegraph/lang/modules.h"

namespace cg::lang {

std::string directoryOf(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::string basenameOf(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string replaceAll(std::string s, const std::string& from, const std::string& to) {
  size_t pos = 0;
  while ((pos = s.find(from, pos)) != std::string::npos) {
    s.replace(pos, from.size(), to);
    pos += to.size();
  }
  return s;
}

std::vector<std::string> splitOn(const std::string& s, const std::string& sep) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (true) {
    size_t next = s.find(sep, pos);
    out.push_back(s.substr(pos, next == std::string::npos ? std::string::npos : next - pos));
    if (next == std::string::npos) break;
    pos = next + sep.size();
  }
  return out;
}

std::string joinPath(const std::string& dir, const std::string& rel) {
  std::vector<std::string> parts;
  for (const auto& p : splitOn(dir.empty() ? rel : dir + "/" + rel, "/")) {
    if (p.empty() || p == ".") continue;
    if (p == "..") {
      if (parts.empty()) return {};
      parts.pop_back();
      continue;
    }
    parts.push_back(p);
  }
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "/") + p;
  return out;
}

std::vector<int64_t> firstOf(const FileLookup& files, std::initializer_list<std::string> paths,
                             bool suffix) {
  for (const auto& p : paths) {
    auto hit = suffix ? files.bySuffix(p) : files.exact(p);
    if (!hit.empty()) return hit;
  }
  return {};
}

}  // namespace cg::lang
