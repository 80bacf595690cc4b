// Ruby's rules for name resolution (include/codegraph/lang/rules.h): `require` paths; Kernel
// methods are callable bare everywhere; `self` is implicit.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"

namespace cg::lang {
namespace {

// require_relative "x" / require "a/b": beside the requiring file first, else a file whose
// path ends with it (lib/a/b.rb: the load path is not known).
std::vector<int64_t> moduleFiles(const FileLookup& files, const Import& imp) {
  std::string m = imp.module;
  if (endsWith(m, ".rb")) m = m.substr(0, m.size() - 3);
  auto local = files.exact(joinPath(directoryOf(imp.fromPath), m) + ".rb");
  if (!local.empty()) return local;
  if (m.rfind("./", 0) == 0 || m.rfind("../", 0) == 0) return {};
  return files.bySuffix(m + ".rb");
}

}  // namespace
const Rules& rubyRules() {
  // clang-format off
  static const Rules kRules{
      .id = "ruby", .implicitThis = true, .openMembers = true,
      .builtinNames = WordList(
          "puts print p pp printf sprintf format putc gets readline readlines warn raise fail "
          "exit exit! abort at_exit sleep rand srand loop lambda proc block_given? catch throw "
          "caller binding eval instance_eval instance_exec class_eval module_eval send "
          "public_send __send__ respond_to? require require_relative load autoload include "
          "extend prepend attr attr_reader attr_writer attr_accessor private protected public "
          "module_function private_constant private_class_method public_class_method "
          "alias_method define_method instance_variable_get instance_variable_set freeze frozen? "
          "dup clone tap then yield_self is_a? kind_of? instance_of? nil? to_s to_str to_a to_h "
          "to_i to_f inspect hash object_id system spawn open select trap Integer Float String "
          "Array Hash Rational Complex Object BasicObject Module Class Kernel Comparable "
          "Enumerable Enumerator Struct Data Proc Method Symbol Numeric Range Regexp MatchData "
          "Time IO File Dir Exception StandardError RuntimeError ArgumentError TypeError "
          "NameError NoMethodError KeyError IndexError StopIteration NotImplementedError IOError "
          "SystemExit Errno ZeroDivisionError FrozenError RangeError ScriptError LoadError "
          "Thread Mutex Fiber ObjectSpace GC Process Signal Marshal Math ENV ARGV STDIN STDOUT "
          "STDERR NilClass TrueClass FalseClass"),
      .builtinMethods = WordList(
          "each each_with_index each_with_object map collect select filter reject inject reduce "
          "find detect include? push << pop shift unshift size length count empty? any? all? "
          "none? first last keys values key? has_key? fetch merge merge! delete join split strip "
          "chomp gsub sub upcase downcase start_with? end_with? to_sym to_proc sort sort_by min "
          "max sum uniq flatten compact zip group_by each_pair each_key each_value flat_map take "
          "drop concat call new send"),
      .libraryQualifiers = WordList("File Dir IO Time Process Kernel Math JSON YAML ENV Thread"),
      .libraryQualifierByHead = true, .moduleFiles = moduleFiles,
      .unnamedImport = everyNameVisible};  // a require: every top-level name of the file
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
