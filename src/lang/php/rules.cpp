// PHP's rules for name resolution (include/codegraph/lang/rules.h): PSR-4 namespaces; `$this`; core
// functions are global.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
namespace {

// A require/include path ("lib/x.php", "/x.inc"), as opposed to a `use` namespace name.
bool isPath(const std::string& m) {
  return m.find('/') != std::string::npos || m.find('.') != std::string::npos;
}

// require/include "x.php" (`__DIR__ . '/x.php'`): beside the file, else a path ending in it.
// use A\B\C (PSR-4: one class a file): the file C.php under the longest suffix of A/B/ found.
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  if (isPath(imp.module)) {
    std::string m = imp.module;
    m.erase(0, m.find_first_not_of('/'));
    return besideElseBySuffix(files, imp.fromPath, m);
  }
  auto segs =
      splitOn(replaceAll(imp.module + (imp.name.empty() ? "" : "\\" + imp.name), "\\", "/"), "/");
  std::erase(segs, std::string());
  for (size_t start = 0; start < segs.size(); ++start) {
    auto hit = files.bySuffix(joinSegments(segs, start, segs.size()) + ".php");
    if (!hit.empty() && (start + 1 < segs.size() || hit.size() == 1)) return hit;
  }
  return {};
}

// A require makes every top-level name of the file visible; `use A\B\C` binds C.
ImportNames unnamedImport(const FileLookup& files, const Import& imp,
                          const std::vector<int64_t>& found) {
  if (isPath(imp.module)) return everyNameVisible(files, imp, found);
  return {imp.module.substr(imp.module.rfind('\\') + 1), false};
}

}  // namespace
const Rules& phpRules() {
  // clang-format off
  static const Rules kRules{
      .id = "php", .directoryPackage = true,
      .builtinNames = WordList(
          "echo print isset unset empty die exit eval list array define defined constant "
          "function_exists class_exists interface_exists method_exists property_exists "
          "is_callable call_user_func call_user_func_array func_get_args get_class "
          "get_parent_class get_called_class get_object_vars spl_autoload_register count strlen "
          "strpos stripos strrpos substr str_replace str_contains str_starts_with str_ends_with "
          "sprintf printf vsprintf implode explode join trim ltrim rtrim strtolower strtoupper "
          "ucfirst lcfirst ucwords str_repeat str_pad str_split wordwrap nl2br htmlspecialchars "
          "addslashes preg_match preg_match_all preg_replace preg_replace_callback preg_split "
          "preg_quote array_map array_filter array_reduce array_keys array_values array_merge "
          "array_slice array_splice array_search array_key_exists array_key_first array_key_last "
          "in_array array_push array_pop array_shift array_unshift array_unique array_flip "
          "array_combine array_fill array_column array_diff array_intersect array_walk "
          "array_reverse range sort rsort usort uasort uksort ksort krsort asort arsort compact "
          "extract min max abs floor ceil round intval floatval strval boolval settype gettype "
          "is_array is_string is_int is_integer is_float is_bool is_null is_numeric is_object "
          "is_resource is_iterable is_countable json_encode json_decode serialize unserialize "
          "var_dump var_export print_r error_log trigger_error set_error_handler "
          "set_exception_handler file_exists file_get_contents file_put_contents fopen fclose "
          "fread fwrite fgets is_file is_dir mkdir rmdir unlink rename copy realpath dirname "
          "basename pathinfo glob scandir getenv putenv time microtime date mktime strtotime "
          "sleep usleep random_int mt_rand rand uniqid md5 sha1 hash base64_encode base64_decode "
          "iterator_to_array array_is_list Exception ErrorException Error TypeError ValueError "
          "ArgumentCountError ArithmeticError DivisionByZeroError RuntimeException "
          "LogicException InvalidArgumentException DomainException LengthException "
          "OutOfRangeException OutOfBoundsException RangeException OverflowException "
          "UnderflowException UnexpectedValueException BadFunctionCallException "
          "BadMethodCallException JsonException Throwable Traversable Iterator IteratorAggregate "
          "ArrayAccess Countable Stringable Serializable JsonSerializable Closure Generator "
          "stdClass ArrayObject ArrayIterator SplObjectStorage DateTime DateTimeImmutable "
          "DateTimeInterface DateInterval WeakMap UnitEnum BackedEnum"),
      .builtinMethods = WordList(
          "getMessage getCode getPrevious getFile getLine getTrace getTraceAsString format "
          "modify getTimestamp setTimestamp getIterator offsetGet offsetSet offsetExists "
          "offsetUnset count current key next rewind valid jsonSerialize"),
      .moduleFiles = moduleFiles, .unnamedImport = unnamedImport};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
