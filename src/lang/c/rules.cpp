// C's rules for name resolution (include/codegraph/lang/rules.h): headers declare what source files
// define; the ISO C library.
#include <algorithm>

#include "../rules_support.h"
#include "codegraph/lang/rules.h"

namespace cg::lang {
namespace {

// "x.h" → next to the includer, else any file whose path ends with it (the one sharing the
// longest directory prefix with the includer first). (C++ shares it.)
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  const std::string dir = directoryOf(imp.fromPath);
  auto hit = besideElseBySuffix(files, imp.fromPath, imp.module);
  if (hit.size() > 1) {  // by suffix: the file beside the includer is one at most
    auto common = [&dir](const std::string& p) {
      size_t n = 0;
      while (n < p.size() && n < dir.size() && p[n] == dir[n]) ++n;
      return n;
    };
    std::stable_sort(hit.begin(), hit.end(), [&](int64_t a, int64_t b) {
      return common(files.pathOf(a)) > common(files.pathOf(b));
    });
  }
  return hit;
}

bool isHeader(std::string_view path) {
  size_t dot = path.rfind('.');
  if (dot == std::string_view::npos) return false;
  std::string_view ext = path.substr(dot + 1);
  return ext == "h" || ext == "hh" || ext == "hpp" || ext == "hxx" || ext == "h++" || ext == "inl";
}

}  // namespace

const Rules& cRules() {
  // clang-format off
  static const Rules kRules{
      .id = "c", .splitDeclarations = true, .localsShadowCalls = true,
      .builtinNames = WordList(
          // <stdio.h>
          "printf fprintf sprintf snprintf vprintf vfprintf vsprintf vsnprintf scanf fscanf "
          "sscanf vscanf vfscanf vsscanf fopen freopen fclose fflush fread fwrite fgetc fgets "
          "fputc fputs getc getchar gets putc putchar puts ungetc fseek ftell rewind fgetpos "
          "fsetpos feof ferror clearerr perror remove rename tmpfile tmpnam setbuf setvbuf "
          // <stdlib.h>
          "malloc calloc realloc free aligned_alloc abort exit atexit at_quick_exit quick_exit "
          "_Exit getenv system atoi atol atoll atof strtol strtoll strtoul strtoull strtod "
          "strtof strtold abs labs llabs div ldiv lldiv rand srand qsort bsearch mblen mbtowc "
          "wctomb mbstowcs wcstombs "
          // <string.h>
          "memcpy memmove memset memcmp memchr strcpy strncpy strcat strncat strcmp strncmp "
          "strcoll strxfrm strchr strrchr strstr strspn strcspn strpbrk strtok strlen strerror "
          "strdup strndup "
          // <ctype.h>
          "isalnum isalpha isblank iscntrl isdigit isgraph islower isprint ispunct isspace "
          "isupper isxdigit tolower toupper "
          // <math.h>
          "sqrt pow exp log log10 log2 sin cos tan asin acos atan atan2 sinh cosh tanh floor "
          "ceil round trunc fabs fmod fmin fmax hypot cbrt "
          // <time.h>, <signal.h>, <setjmp.h>, <assert.h>, <stdarg.h>
          "time clock difftime mktime localtime gmtime strftime asctime ctime signal raise "
          "setjmp longjmp assert va_start va_end va_arg va_copy"),
      .moduleFiles = moduleFiles,
      .unnamedImport = everyNameVisible,  // an include: every top-level name of the header
      .isHeader = isHeader, .sourceExtensions = {".c", ".cc", ".cpp", ".cxx"}};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
