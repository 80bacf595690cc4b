// Go's rules for name resolution (include/codegraph/lang/rules.h): a package is a directory;
// methods are declared outside their type; files belong to builds.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"
#include "build_constraints.h"

namespace cg::lang {
namespace {

bool isTestFile(std::string_view path) {
  return endsWith(path, "_test.go");
}

}  // namespace

const Rules& goRules() {
  static const Rules kRules = [] {
    Rules r;
    r.id = "go";
    r.family = "go";
    r.directoryPackage = true;
    r.importsStayLocal = true;
    r.dottedMemberOwner = true;
    r.ownerInSamePackage = true;
    r.packageIsDirectory = true;
    r.structuralImplements = true;
    r.testFilesPrivate = true;
    r.confidence[static_cast<int>(Evidence::kSamePackage)] = 1.0;
    r.isTestFile = isTestFile;
    r.isOtherBuild = go::isOtherBuild;
    r.builtinNames = WordList(
        "bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune "
        "string uint uint8 uint16 uint32 uint64 uintptr any comparable true false iota nil append "
        "cap clear close complex copy delete imag len make max min new panic print println real "
        "recover");
    // Methods of the standard library's values (errors, readers and writers, locks, testing.T,
    // time.Time, reflect.Value, printers) that code calls far more often on those than on a
    // repository type; names a repository commonly defines itself (Add, Set, Get, Run, RLock)
    // are left out (measured against go/types: docs/ACCURACY.md).
    r.builtinMethods = WordList(
        "Error String Close Read Write Lock Unlock Wait Done Len Less Swap Seek Bytes Reset "
        "WriteString WriteByte WriteRune ReadRune ReadString ReadBytes UnreadByte Err Fatal Fatalf "
        "Errorf Helper Logf Skip Skipf Cleanup TempDir Parallel Sub Since Unix UnixNano Before "
        "After Equal IsZero Seconds Milliseconds Nanoseconds Deadline Value Int Intn Int63 Float64 "
        "Uint16 Uint32 Uint64 PutUint16 PutUint32 PutUint64 Println Printf Print Sprintf Fprintf "
        "Elem Kind NumField NumMethod IsNil IsValid");
    return r;
  }();
  return kRules;
}

}  // namespace cg::lang
