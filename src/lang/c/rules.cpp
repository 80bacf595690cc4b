// C's rules for name resolution (include/codegraph/lang/rules.h): headers declare what source files
// define; the ISO C library.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
namespace {

bool isHeader(std::string_view path) {
  size_t dot = path.rfind('.');
  if (dot == std::string_view::npos) return false;
  std::string_view ext = path.substr(dot + 1);
  return ext == "h" || ext == "hh" || ext == "hpp" || ext == "hxx" || ext == "h++" || ext == "inl";
}

}  // namespace

const Rules& cRules() {
  static const Rules kRules = [] {
    Rules r;
    r.id = "c";
    r.family = "c";
    r.splitDeclarations = true;
    r.isHeader = isHeader;
    r.sourceExtensions = {".c", ".cc", ".cpp", ".cxx"};
    r.builtinNames = WordList(
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
        "longjmp assert va_start va_end va_arg va_copy");
    return r;
  }();
  return kRules;
}

}  // namespace cg::lang
