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
  if (bindingFamily(languageId) != "c") return false;
  return qualifier == "std" || qualifier.rfind("std::", 0) == 0 || qualifier == "::std" ||
         qualifier.rfind("::std::", 0) == 0;
}

}  // namespace cg::lang
