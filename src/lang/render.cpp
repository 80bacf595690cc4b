#include "codegraph/lang/extractor.h"

namespace cg::lang {

std::string renderExtraction(const ExtractedFile& file) {
  std::string out;
  if (!file.packageName.empty()) out += "package " + file.packageName + "\n";
  if (!file.title.empty()) out += "title " + file.title + "\n";
  for (const auto& s : file.symbols) {
    out += "def ";
    out += model::toString(s.kind);
    out += ' ' + s.qualifiedName + ' ' + std::to_string(s.range.line) + '-' +
           std::to_string(s.range.endLine) + ' ';
    out += model::toString(s.visibility);
    out += " cc=" + std::to_string(s.complexity);
    if (!s.typeExpr.empty()) out += " type=" + s.typeExpr;
    out += " | " + s.signature + "\n";
  }
  for (const auto& r : file.refs) {
    out += "ref ";
    out += model::toString(r.kind);
    out += ' ';
    out += r.source >= 0 ? file.symbols[r.source].qualifiedName : std::string("<top>");
    out += " -> ";
    if (!r.qualifier.empty()) out += r.qualifier + '.';
    out += r.name.empty() ? std::string("*") : r.name;
    out += " @" + std::to_string(r.line) + ':' + std::to_string(r.column);
    if (!r.module.empty()) out += " module=" + r.module;
    if (!r.alias.empty()) out += " alias=" + r.alias;
    if (!r.receiver.empty()) out += " receiver=" + r.receiver;
    out += '\n';
  }
  for (const auto& m : file.mentions) out += "mention " + m + "\n";
  return out;
}

}  // namespace cg::lang
