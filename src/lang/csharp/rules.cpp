// C#'s rules for name resolution (include/codegraph/lang/rules.h): a namespace is a package;
// partial classes; `base` is `super`.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
namespace {

// `using A.B;` names a namespace: its files. `using static A.B.C;` / `using X = A.B.C;` name a
// type: the file C.cs of namespace A.B, else every file of that namespace.
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  const std::string& module = imp.module;
  auto hit = files.byPackage(module, imp.language);
  if (!hit.empty()) return hit;
  size_t dot = module.rfind('.');
  if (dot == std::string::npos) return {};
  hit = files.byPackage(module.substr(0, dot), imp.language);
  std::vector<int64_t> named;
  for (int64_t id : hit)
    if (basenameOf(files.pathOf(id)) == module.substr(dot + 1) + ".cs") named.push_back(id);
  return named.empty() ? hit : named;
}

}  // namespace
const Rules& csharpRules() {
  // clang-format off
  static const Rules kRules{
      .id = "csharp", .implicitThis = true, .directoryPackage = true, .importsStayLocal = true,
      .qualifierMaySpellPackage = true, .enclosingNamespacesInScope = true, .partialTypes = true,
      .openMembers = true, .superAlias = "base",
      .builtinNames = WordList(
          "Object String Boolean Byte SByte Char Decimal Double Single Int16 Int32 Int64 UInt16 "
          "UInt32 UInt64 IntPtr UIntPtr Void Array Enum Delegate Attribute Type Math Console "
          "Convert Environment GC Guid DateTime DateTimeOffset TimeSpan Nullable Lazy Random "
          "Tuple ValueTuple Span ReadOnlySpan Memory ReadOnlyMemory Func Action Predicate "
          "Comparison EventHandler EventArgs IDisposable IAsyncDisposable IComparable IEquatable "
          "IFormattable ICloneable IServiceProvider Uri Version StringComparison StringComparer "
          "Exception SystemException ArgumentException ArgumentNullException "
          "ArgumentOutOfRangeException InvalidOperationException NotSupportedException "
          "NotImplementedException NullReferenceException IndexOutOfRangeException "
          "KeyNotFoundException FormatException InvalidCastException OverflowException "
          "DivideByZeroException ObjectDisposedException OperationCanceledException "
          "TimeoutException AggregateException ObsoleteAttribute SerializableAttribute "
          "FlagsAttribute Obsolete Serializable Flags nameof "
          // System.Collections.Generic, System.Text, System.Threading(.Tasks)
          "List Dictionary HashSet SortedSet SortedDictionary Queue Stack LinkedList "
          "KeyValuePair IEnumerable IEnumerator ICollection IList IDictionary ISet IReadOnlyList "
          "IReadOnlyCollection IReadOnlyDictionary IComparer IEqualityComparer Comparer "
          "EqualityComparer StringBuilder Task ValueTask CancellationToken Thread Interlocked"),
      .builtinMethods = WordList(
          "ToString Equals GetHashCode GetType Add AddRange Remove RemoveAt RemoveAll Insert "
          "Contains ContainsKey ContainsValue TryGetValue TryAdd Clear IndexOf Select SelectMany "
          "Where ToList ToArray ToDictionary ToHashSet Any All First FirstOrDefault Last "
          "LastOrDefault Single SingleOrDefault Count Sum Min Max Average OrderBy "
          "OrderByDescending ThenBy GroupBy Distinct Skip Take Concat Zip Aggregate Cast OfType "
          "AsEnumerable Append Prepend Reverse Sort Join Split Trim TrimStart TrimEnd Substring "
          "StartsWith EndsWith Replace ToUpper ToLower Format IsNullOrEmpty IsNullOrWhiteSpace "
          "CompareTo Dispose DisposeAsync Wait WaitAsync ConfigureAwait GetAwaiter GetResult "
          "ContinueWith Invoke BeginInvoke Write WriteLine Read ReadLine ReadToEnd Flush Close "
          "Peek Push Pop Enqueue Dequeue MoveNext GetEnumerator CopyTo Clone "
          "ThrowIfCancellationRequested"),
      .libraryQualifiers = WordList(
          "Console Math String Convert Environment GC Guid DateTime TimeSpan Task Array Enum "
          "Path File Directory Encoding Interlocked Thread"),
      .libraryQualifierByHead = true, .moduleFiles = moduleFiles,
      .unnamedImport = everyNameVisible};  // a `using`: every type of the namespace
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
