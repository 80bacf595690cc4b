// Kotlin's rules for name resolution (include/codegraph/lang/rules.h): a package per package
// clause; extension functions name their receiver with `.`.
#include "codegraph/lang/rules.h"
#include "../java/jvm_modules.h"
#include "../rules_support.h"

namespace cg::lang {
const Rules& kotlinRules() {
  // clang-format off
  static const Rules kRules{
      .id = "kotlin", .implicitThis = true, .directoryPackage = true, .importsStayLocal = true,
      .dottedMemberOwner = true, .qualifierMaySpellPackage = true, .openMembers = true,
      .builtinNames = WordList(
          "Any Unit Nothing String Int Long Short Byte Double Float Boolean Char Number Array "
          "IntArray LongArray ByteArray CharArray DoubleArray FloatArray BooleanArray List "
          "MutableList Set MutableSet Map MutableMap Collection MutableCollection Iterable "
          "Iterator Sequence Pair Triple Comparable Comparator Lazy Result Regex StringBuilder "
          "Throwable Exception RuntimeException Error IllegalArgumentException "
          "IllegalStateException IndexOutOfBoundsException NullPointerException "
          "UnsupportedOperationException NoSuchElementException ArithmeticException "
          "ClassCastException NumberFormatException Deprecated Suppress JvmStatic JvmField "
          "JvmOverloads JvmName Volatile Synchronized println print readLine readln listOf "
          "listOfNotNull mutableListOf arrayListOf setOf mutableSetOf hashSetOf linkedSetOf "
          "mapOf mutableMapOf hashMapOf linkedMapOf emptyList emptySet emptyMap emptyArray "
          "arrayOf intArrayOf sequenceOf buildList buildMap buildString lazy require "
          "requireNotNull check checkNotNull error TODO repeat run let apply also with takeIf "
          "takeUnless to maxOf minOf"),
      .builtinMethods = WordList(
          "toString equals hashCode let apply also run takeIf takeUnless map filter forEach "
          "mapNotNull filterNotNull first firstOrNull last lastOrNull single singleOrNull any "
          "all none count sum sumOf joinToString toList toMutableList toSet toMutableSet toMap "
          "toTypedArray associate associateBy groupBy sortedBy sortedWith sorted reversed "
          "distinct flatMap fold reduce zip plus minus contains containsKey get getOrNull "
          "getOrElse getOrPut getOrDefault put putAll remove add addAll removeAll clear isEmpty "
          "isNotEmpty isNullOrEmpty isBlank isNotBlank orEmpty size length substring split trim "
          "startsWith endsWith replace lowercase uppercase format toInt toLong toDouble toFloat "
          "toBoolean use invoke compareTo iterator hasNext next indexOf lastIndexOf"),
      .libraryQualifiers = WordList("Math System String Integer Long Double Thread"),
      .libraryQualifierByHead = true,
      .moduleFiles = [](const FileLookup& files, const Import& imp) {
        return java::jvmModuleFiles(files, imp, true, "");
      }};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
