// Scala's rules for name resolution (include/codegraph/lang/rules.h): a package per package clause;
// imports stay in their file.
#include "codegraph/lang/rules.h"
#include "../java/jvm_modules.h"
#include "../rules_support.h"

namespace cg::lang {
const Rules& scalaRules() {
  // clang-format off
  static const Rules kRules{
      .id = "scala", .implicitThis = true, .directoryPackage = true, .importsStayLocal = true,
      .qualifierMaySpellPackage = true, .openMembers = true,
      .builtinNames = WordList(
          "Any AnyRef AnyVal Nothing Null Unit Boolean Byte Short Int Long Float Double Char "
          "String BigInt BigDecimal Option Some None Either Left Right Try Success Failure List "
          "Nil Seq IndexedSeq Vector Map Set Array Iterator Iterable Range Tuple2 Tuple3 "
          "Function1 PartialFunction Ordering Ordered Numeric Serializable StringBuilder "
          "Exception RuntimeException Throwable Error IllegalArgumentException "
          "IllegalStateException UnsupportedOperationException NoSuchElementException "
          "IndexOutOfBoundsException NullPointerException ArithmeticException println print "
          "printf require assert assume identity implicitly summon locally classOf"),
      .builtinMethods = WordList(
          "map flatMap filter filterNot foreach fold foldLeft foldRight reduce collect exists "
          "forall find head headOption tail last lastOption isEmpty nonEmpty size length "
          "contains get getOrElse orElse toList toSeq toSet toMap toArray toVector mkString zip "
          "zipWithIndex groupBy sortBy sortWith sorted reverse take drop takeWhile dropWhile "
          "distinct sum max min count indexOf apply update updated toString equals hashCode "
          "isDefined flatten iterator hasNext next"),
      .libraryQualifiers = WordList("Math System String Predef"), .libraryQualifierByHead = true,
      .moduleFiles = [](const FileLookup& files, const Import& imp) {
        return java::jvmModuleFiles(files, imp, true, "_");
      },
      .wildcardName = "_"};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
