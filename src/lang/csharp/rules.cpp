// C#'s rules for name resolution (include/codegraph/lang/rules.h): a namespace is a package;
// partial classes; `base` is `super`.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
const Rules& csharpRules() {
  static const Rules kRules = [] {
    Rules r;
    r.id = "csharp";
    r.family = "csharp";
    r.implicitThis = true;
    r.directoryPackage = true;
    r.importsStayLocal = true;
    r.qualifierMaySpellPackage = true;
    r.enclosingNamespacesInScope = true;
    r.partialTypes = true;
    r.superAlias = "base";
    r.builtinNames = WordList(
        "Object String Boolean Byte SByte Char Decimal Double Single Int16 Int32 Int64 UInt16 "
        "UInt32 UInt64 IntPtr UIntPtr Void Array Enum Delegate Attribute Type Math Console "
        "Convert Environment GC Guid DateTime DateTimeOffset TimeSpan Nullable Lazy Random Tuple "
        "ValueTuple Span ReadOnlySpan Memory ReadOnlyMemory Func Action Predicate Comparison "
        "EventHandler EventArgs IDisposable IAsyncDisposable IComparable IEquatable IFormattable "
        "ICloneable IServiceProvider Uri Version StringComparison StringComparer Exception "
        "SystemException ArgumentException ArgumentNullException ArgumentOutOfRangeException "
        "InvalidOperationException NotSupportedException NotImplementedException "
        "NullReferenceException IndexOutOfRangeException KeyNotFoundException FormatException "
        "InvalidCastException OverflowException DivideByZeroException ObjectDisposedException "
        "OperationCanceledException TimeoutException AggregateException ObsoleteAttribute "
        "SerializableAttribute FlagsAttribute Obsolete Serializable Flags nameof "
        // System.Collections.Generic, System.Text, System.Threading(.Tasks)
        "List Dictionary HashSet SortedSet SortedDictionary Queue Stack LinkedList KeyValuePair "
        "IEnumerable IEnumerator ICollection IList IDictionary ISet IReadOnlyList "
        "IReadOnlyCollection IReadOnlyDictionary IComparer IEqualityComparer Comparer "
        "EqualityComparer StringBuilder Task ValueTask CancellationToken Thread Interlocked");
    r.builtinMethods = WordList(
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
        "ThrowIfCancellationRequested");
    r.libraryQualifiers = WordList(
        "Console Math String Convert Environment GC Guid DateTime TimeSpan Task Array Enum Path "
        "File Directory Encoding Interlocked Thread");
    r.libraryQualifierByHead = true;
    return r;
  }();
  return kRules;
}

}  // namespace cg::lang
