// Java's rules for name resolution (include/codegraph/lang/rules.h): a package per folder and
// package clause; imports stay in their file; java.lang is imported implicitly.
#include "codegraph/lang/rules.h"
#include "../rules_support.h"
#include "jvm_modules.h"

namespace cg::lang {
const Rules& javaRules() {
  // clang-format off
  static const Rules kRules{
      .id = "java", .implicitThis = true, .directoryPackage = true, .importsStayLocal = true,
      .qualifierMaySpellPackage = true, .implicitImport = "java.lang",
      // Overloads of one arity (`append(String)`, `append(Object)`): javac picks by argument types,
      // the first declared is right 34-73% of the time against javac (docs/ACCURACY.md): below 0.5,
      // so no edge; the reference stays unresolved with its candidate count.
      .confidence = withConfidence({{Evidence::kAmbiguousScope, 0},
                                    {Evidence::kAmbiguous, 0}}),  // 19% of 106 on commons-lang3
      .builtinNames = WordList(
          "Object String StringBuilder StringBuffer CharSequence Integer Long Short Byte Double "
          "Float Boolean Character Number Void Math StrictMath System Runtime Process "
          "ProcessBuilder Thread ThreadGroup ThreadLocal InheritableThreadLocal Runnable Class "
          "ClassLoader Enum Record Iterable Comparable AutoCloseable Cloneable Appendable "
          "Readable Module Package StackTraceElement StackWalker SecurityManager Override "
          "Deprecated SuppressWarnings FunctionalInterface SafeVarargs Throwable Exception "
          "RuntimeException Error ArithmeticException ArrayIndexOutOfBoundsException "
          "ArrayStoreException ClassCastException ClassNotFoundException "
          "CloneNotSupportedException EnumConstantNotPresentException IllegalAccessException "
          "IllegalArgumentException IllegalCallerException IllegalMonitorStateException "
          "IllegalStateException IllegalThreadStateException IndexOutOfBoundsException "
          "InstantiationException InterruptedException NegativeArraySizeException "
          "NoSuchFieldException NoSuchMethodException NullPointerException NumberFormatException "
          "ReflectiveOperationException SecurityException StringIndexOutOfBoundsException "
          "TypeNotPresentException UnsupportedOperationException AssertionError "
          "ExceptionInInitializerError InternalError LinkageError NoClassDefFoundError "
          "OutOfMemoryError StackOverflowError UnsupportedClassVersionError VirtualMachineError"),
      .builtinMethods = WordList(
          "equals hashCode toString length charAt substring indexOf lastIndexOf contains "
          "startsWith endsWith isEmpty isBlank size get put putAll putIfAbsent add addAll remove "
          "removeAll retainAll containsKey containsValue keySet values entrySet getKey getValue "
          "stream parallelStream map filter collect forEach reduce flatMap sorted distinct limit "
          "skip findFirst findAny anyMatch allMatch noneMatch iterator hasNext next append "
          "format valueOf trim strip split toLowerCase toUpperCase getClass compareTo "
          "compareToIgnoreCase equalsIgnoreCase close clear toArray asList of ofNullable orElse "
          "orElseGet orElseThrow isPresent ifPresent getName getMessage getCause printStackTrace "
          "intValue longValue doubleValue booleanValue replace replaceAll matches getBytes chars "
          "join lock unlock await signal signalAll wait notify notifyAll start interrupt sleep "
          "println print printf flush write read getOrDefault computeIfAbsent computeIfPresent "
          "compute merge subList addFirst addLast removeFirst removeLast peek poll offer push "
          "pop"),
      .libraryQualifiers = WordList(
          "String Math System Integer Long Double Float Boolean Character Objects Arrays "
          "Collections Thread Runtime StrictMath Byte Short Class"),
      .libraryQualifierByHead = true,
      .moduleFiles = [](const FileLookup& files, const Import& imp) {
        return java::jvmModuleFiles(files, imp, false, "");
      }};
  // clang-format on
  return kRules;
}

}  // namespace cg::lang
