#include "codegraph/lang/builtins.h"

#include <string>
#include <unordered_map>
#include <unordered_set>

namespace cg::lang {
namespace {

// Built-in names per language, space-separated. To extend: add names (or a row).
struct BuiltinRow {
  std::string_view language;
  std::string_view names;
};

constexpr BuiltinRow kBuiltins[] = {
    // Python: the `builtins` module (3.11) + dunder entry points.
    {"python",
     "ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup "
     "BlockingIOError BrokenPipeError BufferError BytesWarning ChildProcessError "
     "ConnectionAbortedError ConnectionError ConnectionRefusedError ConnectionResetError "
     "DeprecationWarning EOFError Ellipsis EncodingWarning EnvironmentError Exception "
     "ExceptionGroup False FileExistsError FileNotFoundError FloatingPointError FutureWarning "
     "GeneratorExit IOError ImportError ImportWarning IndentationError IndexError "
     "InterruptedError IsADirectoryError KeyError KeyboardInterrupt LookupError MemoryError "
     "ModuleNotFoundError NameError None NotADirectoryError NotImplemented NotImplementedError "
     "OSError OverflowError PendingDeprecationWarning PermissionError ProcessLookupError "
     "RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning "
     "StopAsyncIteration StopIteration SyntaxError SyntaxWarning SystemError SystemExit TabError "
     "TimeoutError True TypeError UnboundLocalError UnicodeDecodeError UnicodeEncodeError "
     "UnicodeError UnicodeTranslateError UnicodeWarning UserWarning ValueError Warning "
     "ZeroDivisionError __build_class__ __debug__ __import__ abs aiter all anext any ascii bin "
     "bool breakpoint bytearray bytes callable chr classmethod compile complex copyright credits "
     "delattr dict dir divmod enumerate eval exec exit filter float format frozenset getattr "
     "globals hasattr hash help hex id input int isinstance issubclass iter len license list "
     "locals map max memoryview min next object oct open ord pow print property quit range repr "
     "reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip"},
    // JavaScript / TypeScript / TSX: ECMAScript globals, common host globals (browser, Node),
    // TypeScript's global utility types.
    {"js",
     "Object Array Promise Map Set WeakMap WeakSet WeakRef FinalizationRegistry JSON Math Date "
     "RegExp Error TypeError RangeError SyntaxError ReferenceError EvalError URIError "
     "AggregateError Symbol BigInt Number String Boolean Function Proxy Reflect Intl Atomics "
     "ArrayBuffer SharedArrayBuffer DataView Int8Array Uint8Array Uint8ClampedArray Int16Array "
     "Uint16Array Int32Array Uint32Array Float32Array Float64Array BigInt64Array BigUint64Array "
     "parseInt parseFloat isNaN isFinite encodeURI encodeURIComponent decodeURI "
     "decodeURIComponent escape unescape eval globalThis undefined NaN Infinity console "
     "setTimeout clearTimeout setInterval clearInterval setImmediate clearImmediate "
     "queueMicrotask structuredClone fetch require process Buffer URL URLSearchParams "
     "TextEncoder TextDecoder AbortController AbortSignal Event EventTarget atob btoa window "
     "document navigator "
     "Partial Required Readonly Record Pick Omit Exclude Extract NonNullable ReturnType "
     "Parameters ConstructorParameters InstanceType Awaited PromiseLike ArrayLike Iterable "
     "IterableIterator AsyncIterable AsyncIterableIterator ReadonlyArray ReadonlyMap "
     "ReadonlySet ThisType Uppercase Lowercase Capitalize Uncapitalize"},
    // Java: java.lang (implicitly imported everywhere).
    {"java",
     "Object String StringBuilder StringBuffer CharSequence Integer Long Short Byte Double Float "
     "Boolean Character Number Void Math StrictMath System Runtime Process ProcessBuilder Thread "
     "ThreadGroup ThreadLocal InheritableThreadLocal Runnable Class ClassLoader Enum Record "
     "Iterable Comparable AutoCloseable Cloneable Appendable Readable Module Package "
     "StackTraceElement StackWalker SecurityManager Override Deprecated SuppressWarnings "
     "FunctionalInterface SafeVarargs Throwable Exception RuntimeException Error "
     "ArithmeticException ArrayIndexOutOfBoundsException ArrayStoreException "
     "ClassCastException ClassNotFoundException CloneNotSupportedException "
     "EnumConstantNotPresentException IllegalAccessException IllegalArgumentException "
     "IllegalCallerException IllegalMonitorStateException IllegalStateException "
     "IllegalThreadStateException IndexOutOfBoundsException InstantiationException "
     "InterruptedException NegativeArraySizeException NoSuchFieldException "
     "NoSuchMethodException NullPointerException NumberFormatException "
     "ReflectiveOperationException SecurityException StringIndexOutOfBoundsException "
     "TypeNotPresentException UnsupportedOperationException AssertionError "
     "ExceptionInInitializerError InternalError LinkageError NoClassDefFoundError "
     "OutOfMemoryError StackOverflowError UnsupportedClassVersionError VirtualMachineError"},
    // C#: the System namespace's common types (in scope through `using System;`, which
    // binds no file of the repository) and the types behind the keyword aliases.
    {"csharp",
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
     "EqualityComparer StringBuilder Task ValueTask CancellationToken Thread Interlocked"},
    // Kotlin: kotlin.* and kotlin.collections/io/text functions and types imported by default.
    {"kotlin",
     "Any Unit Nothing String Int Long Short Byte Double Float Boolean Char Number Array "
     "IntArray LongArray ByteArray CharArray DoubleArray FloatArray BooleanArray List MutableList "
     "Set MutableSet Map MutableMap Collection MutableCollection Iterable Iterator Sequence Pair "
     "Triple Comparable Comparator Lazy Result Regex StringBuilder Throwable Exception "
     "RuntimeException Error IllegalArgumentException IllegalStateException "
     "IndexOutOfBoundsException NullPointerException UnsupportedOperationException "
     "NoSuchElementException ArithmeticException ClassCastException NumberFormatException "
     "Deprecated Suppress JvmStatic JvmField JvmOverloads JvmName Volatile Synchronized "
     "println print readLine readln listOf listOfNotNull mutableListOf arrayListOf setOf "
     "mutableSetOf hashSetOf linkedSetOf mapOf mutableMapOf hashMapOf linkedMapOf emptyList "
     "emptySet emptyMap emptyArray arrayOf intArrayOf sequenceOf buildList buildMap buildString "
     "lazy require requireNotNull check checkNotNull error TODO repeat run let apply also with "
     "takeIf takeUnless to maxOf minOf"},
    // Scala: scala._ and Predef (imported everywhere) and java.lang's common classes.
    {"scala",
     "Any AnyRef AnyVal Nothing Null Unit Boolean Byte Short Int Long Float Double Char String "
     "BigInt BigDecimal Option Some None Either Left Right Try Success Failure List Nil Seq "
     "IndexedSeq Vector Map Set Array Iterator Iterable Range Tuple2 Tuple3 Function1 "
     "PartialFunction Ordering Ordered Numeric Serializable StringBuilder "
     "Exception RuntimeException Throwable Error IllegalArgumentException "
     "IllegalStateException UnsupportedOperationException NoSuchElementException "
     "IndexOutOfBoundsException NullPointerException ArithmeticException println print printf "
     "require assert assume identity implicitly summon locally classOf"},
    // Swift: the standard library's common types and global functions, Foundation's basics.
    {"swift",
     "Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 Double Float Bool String "
     "Character Substring Array Dictionary Set Optional Result Error Never Void Any AnyObject "
     "AnyHashable Range ClosedRange Sequence Collection Equatable Hashable Comparable Codable "
     "Encodable Decodable Identifiable CustomStringConvertible CustomDebugStringConvertible "
     "Sendable Error print debugPrint fatalError precondition preconditionFailure assert "
     "assertionFailure min max abs zip stride repeatElement type swap "
     "NSObject Date Data URL UUID DispatchQueue NotificationCenter JSONEncoder JSONDecoder"},
    // Go: the universe block (predeclared types, constants, nil and built-in functions).
    {"go",
     "bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune "
     "string uint uint8 uint16 uint32 uint64 uintptr any comparable true false iota nil append "
     "cap clear close complex copy delete imag len make max min new panic print println real "
     "recover"},
    // Rust: the std prelude (types, variants, traits, functions) and std's macros.
    {"rust",
     "Vec String Box Option Some None Result Ok Err Clone Copy Send Sync Sized Unpin Drop Fn "
     "FnMut FnOnce Iterator IntoIterator DoubleEndedIterator ExactSizeIterator Extend "
     "FromIterator Default Eq PartialEq Ord PartialOrd AsRef AsMut Into From TryFrom TryInto "
     "ToString ToOwned drop println print eprintln eprint format vec panic assert assert_eq "
     "assert_ne debug_assert debug_assert_eq debug_assert_ne write writeln unreachable "
     "unimplemented todo matches dbg format_args concat stringify include include_str "
     "include_bytes env option_env cfg line column file module_path compile_error"},
    // Ruby: Kernel's methods and Module's declarations (callable bare anywhere), the core
    // classes and modules.
    {"ruby",
     "puts print p pp printf sprintf format putc gets readline readlines warn raise fail exit "
     "exit! abort at_exit sleep rand srand loop lambda proc block_given? catch throw caller "
     "binding eval instance_eval instance_exec class_eval module_eval send public_send "
     "__send__ respond_to? require require_relative load autoload include extend prepend "
     "attr attr_reader attr_writer attr_accessor private protected public module_function "
     "private_constant private_class_method public_class_method alias_method define_method "
     "instance_variable_get instance_variable_set freeze frozen? dup clone tap then "
     "yield_self is_a? kind_of? instance_of? nil? to_s to_str to_a to_h to_i to_f inspect hash "
     "object_id system spawn open select trap Integer Float String Array Hash Rational "
     "Complex Object BasicObject Module Class Kernel Comparable Enumerable Enumerator "
     "Struct Data Proc Method Symbol Numeric Range Regexp MatchData Time IO File Dir "
     "Exception StandardError RuntimeError ArgumentError TypeError NameError NoMethodError "
     "KeyError IndexError StopIteration NotImplementedError IOError SystemExit Errno "
     "ZeroDivisionError FrozenError RangeError ScriptError LoadError Thread Mutex Fiber "
     "ObjectSpace GC Process Signal Marshal Math ENV ARGV STDIN STDOUT STDERR NilClass "
     "TrueClass FalseClass"},
    // PHP: language constructs written as calls, the most used core functions, the core
    // classes and interfaces.
    {"php",
     "echo print isset unset empty die exit eval list array define defined constant "
     "function_exists class_exists interface_exists method_exists property_exists is_callable "
     "call_user_func call_user_func_array func_get_args get_class get_parent_class "
     "get_called_class get_object_vars spl_autoload_register count strlen strpos stripos "
     "strrpos substr str_replace str_contains str_starts_with str_ends_with sprintf printf "
     "vsprintf implode explode join trim ltrim rtrim strtolower strtoupper ucfirst lcfirst "
     "ucwords str_repeat str_pad str_split wordwrap nl2br htmlspecialchars addslashes "
     "preg_match preg_match_all preg_replace preg_replace_callback preg_split preg_quote "
     "array_map array_filter array_reduce array_keys array_values array_merge array_slice "
     "array_splice array_search array_key_exists array_key_first array_key_last in_array "
     "array_push array_pop array_shift array_unshift array_unique array_flip array_combine "
     "array_fill array_column array_diff array_intersect array_walk array_reverse range "
     "sort rsort usort uasort uksort ksort krsort asort arsort compact extract min max abs "
     "floor ceil round intval floatval strval boolval settype gettype is_array is_string "
     "is_int is_integer is_float is_bool is_null is_numeric is_object is_resource "
     "is_iterable is_countable json_encode json_decode serialize unserialize var_dump "
     "var_export print_r error_log trigger_error set_error_handler set_exception_handler "
     "file_exists file_get_contents file_put_contents fopen fclose fread fwrite fgets "
     "is_file is_dir mkdir rmdir unlink rename copy realpath dirname basename pathinfo "
     "glob scandir getenv putenv time microtime date mktime strtotime sleep usleep "
     "random_int mt_rand rand uniqid md5 sha1 hash base64_encode base64_decode "
     "iterator_to_array array_is_list "
     "Exception ErrorException Error TypeError ValueError ArgumentCountError "
     "ArithmeticError DivisionByZeroError RuntimeException LogicException "
     "InvalidArgumentException DomainException LengthException OutOfRangeException "
     "OutOfBoundsException RangeException OverflowException UnderflowException "
     "UnexpectedValueException BadFunctionCallException BadMethodCallException JsonException "
     "Throwable Traversable Iterator IteratorAggregate ArrayAccess Countable Stringable "
     "Serializable JsonSerializable Closure Generator stdClass ArrayObject ArrayIterator "
     "SplObjectStorage DateTime DateTimeImmutable DateTimeInterface DateInterval "
     "WeakMap UnitEnum BackedEnum"},
    // Lua 5.1-5.4: the basic functions and the standard library tables.
    {"lua",
     "assert collectgarbage dofile error getmetatable ipairs load loadfile loadstring next "
     "pairs pcall print rawequal rawget rawlen rawset require select setmetatable tonumber "
     "tostring type unpack xpcall getfenv setfenv module _G _VERSION _ENV string table math "
     "io os coroutine debug utf8 package bit32 self"},
    // Bash: the shell's builtins and keywords-as-commands, and the external commands every
    // script calls (coreutils, grep, sed, awk, find, ...).
    {"bash",
     "alias bg bind break builtin caller cd command compgen complete compopt continue declare "
     "dirs disown echo enable eval exec exit export false fc fg getopts hash help history "
     "jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return "
     "set shift shopt source suspend test times trap true type typeset ulimit umask unalias "
     "unset wait [ [[ basename cat chmod chown cp cut date dirname du env expr find grep "
     "egrep fgrep head id install ln ls mkdir mktemp mv printenv realpath rm rmdir sed awk "
     "sleep sort stat tail tee touch tr uname uniq wc which xargs tar gzip curl wget git "
     "sudo ssh bash sh"},
    // C and C++: the ISO C standard library's functions (C++ code calls them bare too).
    {"c",
     // <stdio.h>
     "printf fprintf sprintf snprintf vprintf vfprintf vsprintf vsnprintf scanf fscanf sscanf "
     "vscanf vfscanf vsscanf fopen freopen fclose fflush fread fwrite fgetc fgets fputc fputs "
     "getc getchar gets putc putchar puts ungetc fseek ftell rewind fgetpos fsetpos feof ferror "
     "clearerr perror remove rename tmpfile tmpnam setbuf setvbuf "
     // <stdlib.h>
     "malloc calloc realloc free aligned_alloc abort exit atexit at_quick_exit quick_exit _Exit "
     "getenv system atoi atol atoll atof strtol strtoll strtoul strtoull strtod strtof strtold "
     "abs labs llabs div ldiv lldiv rand srand qsort bsearch mblen mbtowc wctomb mbstowcs "
     "wcstombs "
     // <string.h>
     "memcpy memmove memset memcmp memchr strcpy strncpy strcat strncat strcmp strncmp strcoll "
     "strxfrm strchr strrchr strstr strspn strcspn strpbrk strtok strlen strerror strdup "
     "strndup "
     // <ctype.h>
     "isalnum isalpha isblank iscntrl isdigit isgraph islower isprint ispunct isspace isupper "
     "isxdigit tolower toupper "
     // <math.h>
     "sqrt pow exp log log10 log2 sin cos tan asin acos atan atan2 sinh cosh tanh floor ceil "
     "round trunc fabs fmod fmin fmax hypot cbrt "
     // <time.h>, <signal.h>, <setjmp.h>, <assert.h>, <stdarg.h>
     "time clock difftime mktime localtime gmtime strftime asctime ctime signal raise setjmp "
     "longjmp assert va_start va_end va_arg va_copy"},
};

const std::unordered_map<std::string, std::unordered_set<std::string>>& builtinSets() {
  static const auto kSets = [] {
    std::unordered_map<std::string, std::unordered_set<std::string>> out;
    for (const auto& row : kBuiltins) {
      auto& set = out[std::string(row.language)];
      std::string_view s = row.names;
      while (!s.empty()) {
        size_t start = s.find_first_not_of(' ');
        if (start == std::string_view::npos) break;
        size_t end = s.find(' ', start);
        set.emplace(s.substr(start, end == std::string_view::npos ? end : end - start));
        if (end == std::string_view::npos) break;
        s = s.substr(end);
      }
    }
    return out;
  }();
  return kSets;
}

}  // namespace

std::string_view bindingFamily(std::string_view id) {
  if (id == "c" || id == "cpp") return "c";
  if (id == "javascript" || id == "typescript" || id == "tsx") return "js";
  return id;
}

bool sameBindingFamily(std::string_view a, std::string_view b) {
  return a == b || bindingFamily(a) == bindingFamily(b);
}

bool isBuiltinName(std::string_view languageId, std::string_view name) {
  const auto& sets = builtinSets();
  auto it = sets.find(std::string(bindingFamily(languageId)));
  return it != sets.end() && it->second.count(std::string(name)) > 0;
}

bool isStandardQualifier(std::string_view languageId, std::string_view qualifier) {
  if (languageId == "lua")  // string.format, table.insert, os.time, ...
    return qualifier == "string" || qualifier == "table" || qualifier == "math" ||
           qualifier == "io" || qualifier == "os" || qualifier == "coroutine" ||
           qualifier == "debug" || qualifier == "utf8" || qualifier == "package" ||
           qualifier == "bit32" || qualifier == "_G";
  if (bindingFamily(languageId) != "c") return false;
  return qualifier == "std" || qualifier.rfind("std::", 0) == 0 || qualifier == "::std" ||
         qualifier.rfind("::std::", 0) == 0;
}

}  // namespace cg::lang
