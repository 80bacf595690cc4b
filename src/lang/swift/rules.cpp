// Swift's rules for name resolution (include/codegraph/lang/rules.h): a module per target folder;
// extensions name their type with `.`.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
namespace {

// `import MyLib`: the module is a target, SwiftPM's Sources/MyLib/ (any directory so named).
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  return files.byDirectorySuffix(imp.module, imp.language);
}

}  // namespace
const Rules& swiftRules() {
  // clang-format off
  static const Rules kRules{
      .id = "swift", .implicitThis = true, .directoryPackage = true, .dottedMemberOwner = true,
      .openMembers = true,
      .builtinNames = WordList(
          "Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 Double Float Bool String "
          "Character Substring Array Dictionary Set Optional Result Error Never Void Any "
          "AnyObject AnyHashable Range ClosedRange Sequence Collection Equatable Hashable "
          "Comparable Codable Encodable Decodable Identifiable CustomStringConvertible "
          "CustomDebugStringConvertible Sendable Error print debugPrint fatalError precondition "
          "preconditionFailure assert assertionFailure min max abs zip stride repeatElement type "
          "swap NSObject Date Data URL UUID DispatchQueue NotificationCenter JSONEncoder "
          "JSONDecoder"),
      .builtinMethods = WordList(
          "append insert remove removeAll removeFirst removeLast contains map filter reduce "
          "forEach compactMap flatMap sorted sort reversed first last index firstIndex lastIndex "
          "joined split components hasPrefix hasSuffix lowercased uppercased trimmingCharacters "
          "replacingOccurrences description isEmpty count min max dropFirst dropLast prefix "
          "suffix enumerated zip allSatisfy updateValue removeValue keys values encode decode "
          "async sync hash"),
      .libraryQualifiers = WordList(
          "DispatchQueue NotificationCenter FileManager UserDefaults Bundle ProcessInfo"),
      .libraryQualifierByHead = true, .moduleFiles = moduleFiles,
      .unnamedImport = everyNameVisible};  // an `import`: every name of the module
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
