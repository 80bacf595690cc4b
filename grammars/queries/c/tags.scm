; C extraction queries (tree-sitter-c). Capture vocabulary: docs/captures.md.
; Order matters: when two patterns capture the same definition node or name node, the first wins,
; so context-specific patterns come before general ones.
;
; Shapes used below (tree-sitter-c):
;   `int x = 1;`           (declaration type: declarator: (init_declarator declarator: (identifier)))
;   `char *p, buf[8];`     one declaration, two declarators separated by ","
;   `int (*cb)(int);`      (function_declarator declarator: (parenthesized_declarator (pointer_declarator ...)))
;   `int f(void);`         a prototype: (declaration declarator: (function_declarator ...)) - never a definition
;
; Cost: the declarator shapes are nested by their outer node, `(pointer_declarator declarator: [...])`
; once rather than one alternative per shape. Each alternative of a `declarator:` field is a cursor
; state that lives to the end of the declaration (a declaration can have several declarators), and
; the states of one pattern are compared pairwise at every node: ten alternatives cost 45
; comparisons per node, four cost 6. Same matches.

; ===================================================================== definitions

; ---- declarations that are not symbols: locals, misread lines ---------------------------
; The variable patterns further down match declarations anywhere and say `(#is-not? local)`:
; those inside a @local.scope node are not symbols. The scopes: function definitions (their K&R
; parameter declarations too) and, outside them, the blocks, `for` and case statements of code
; the parser misread at file scope (a macro before a function head). One capture per node and
; no children: nothing stays waiting through a function body.
[(function_definition) (compound_statement) (for_statement) (case_statement)] @local.scope
; Declarations the parser could only recover from (a missing `;` or an ERROR child) are
; macro-heavy lines it misread: `ZEXTERN int ZEXPORT deflate OF((z_streamp strm));`,
; `SQLITE_API sqlite3_int64 sqlite3_changes64(sqlite3*);`. Their "declarators" are macro
; names and type names, never variables. (Not a pattern per declarator: in a misread table of
; thousands of "declarators" their states were compared pairwise at every node.)
(declaration (MISSING)) @local.scope
(declaration (ERROR)) @local.scope

; ---- macros -----------------------------------------------------------------------------
; `#define SQ(x) ...`: the signature stops before the replacement text.
(preproc_function_def name: (identifier) @name value: (preproc_arg)? @body) @definition.macro
; `#define MAX 10`: the signature is the whole definition.
(preproc_def name: (identifier) @name) @definition.macro

; ---- functions (definitions only; prototypes are not extracted) -------------------------
; (`@type`: the result type, pointers dropped: `struct foo *f()` → foo)
; `int f(...) {}`, `char *f(...) {}`, `char **f(...) {}`, `int (*f(void))(int) {}`
(function_definition
  type: (_) @type
  declarator: [
    (function_declarator declarator: [
      (identifier) @name
      (parenthesized_declarator (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))])
    (pointer_declarator declarator: [
      (function_declarator declarator: (identifier) @name)
      (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))])
    (attributed_declarator (function_declarator declarator: (identifier) @name))
  ]) @definition.function

; ---- struct / union / enum types --------------------------------------------------------
; `typedef struct { ... } name;`: an anonymous type named by its typedef is that type.
(type_definition type: (struct_specifier !name body: (_) @body) declarator: (type_identifier) @name) @definition.struct
(type_definition type: (union_specifier !name body: (_) @body) declarator: (type_identifier) @name) @definition.union
(type_definition type: (enum_specifier !name body: (_) @body) declarator: (type_identifier) @name) @definition.enum
; `struct point { ... }` (also inside a typedef or a declaration)
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
(union_specifier name: (type_identifier) @name body: (_)) @definition.union
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum

; ---- enum members ------------------------------------------------------------------------
(enumerator name: (identifier) @name) @definition.constant

; ---- typedefs ----------------------------------------------------------------------------
; Declarator shapes of an alias: `t`, `*p_t`, `**pp_t`, `arr_t[4]`, `fn_t(int)`, `(fn_t)(int)`,
; `(*cb_t)(int)`, `*(*make_t)(void)`; `typedef int intptr_t;` (tree-sitter-c parses the
; standard names size_t, ssize_t, intptr_t, ... as primitive types).
; `typedef struct point {...} point_t, *point_p;` and `typedef int a_t, b_t;`: the alias is the
; declarator alone, so the struct defined in the same statement is its sibling, not its child,
; and every alias of a several-declarator typedef is kept (common shapes).
(type_definition
  type: (_ body: (_))
  declarator: [
    (type_identifier) @name
    (primitive_type) @name
    (pointer_declarator declarator: [
      (type_identifier) @name
      (pointer_declarator declarator: (type_identifier) @name)])
    (array_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
  ] @definition.type)
(type_definition
  declarator: [
    (type_identifier) @name
    (primitive_type) @name
    (pointer_declarator declarator: [
      (type_identifier) @name
      (pointer_declarator declarator: (type_identifier) @name)])
    (array_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
  ] @definition.type
  ",")
(type_definition
  ","
  declarator: [
    (type_identifier) @name
    (primitive_type) @name
    (pointer_declarator declarator: [
      (type_identifier) @name
      (pointer_declarator declarator: (type_identifier) @name)])
    (array_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
  ] @definition.type)
; `typedef unsigned long ulong;`, `typedef struct point *point_p;`, `typedef int (*cmp_fn)(int, int);`
(type_definition
  declarator: [
    (type_identifier) @name
    (primitive_type) @name
    (pointer_declarator declarator: [
      (type_identifier) @name
      (pointer_declarator declarator: (type_identifier) @name)
      (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))])
    (array_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: [
      (type_identifier) @name
      (parenthesized_declarator [
        (type_identifier) @name
        (pointer_declarator declarator: (type_identifier) @name)])])
  ]) @definition.type

; ---- struct / union members --------------------------------------------------------------
; (`@type` of a member or variable: its declared type without pointers, `struct`, `const`)
; Declarator shapes of a member name: `x`, `*p`, `**pp`, `buf[8]`, `grid[2][2]`, `*items[4]`,
; `(*cb)(int)`, `*(*make)(void)`, `(*handlers[4])(int)`, `(*row)[8]`.
; `int x, y;`, `char *next, buf[4];`: several declarators, each one its own field (common shapes)
(field_declaration
  type: (_) @type
  declarator: [
    (field_identifier) @name
    (pointer_declarator declarator: [
      (field_identifier) @name
      (pointer_declarator declarator: (field_identifier) @name)])
    (array_declarator declarator: (field_identifier) @name)
  ] @definition.field
  ",")
(field_declaration
  type: (_) @type
  ","
  declarator: [
    (field_identifier) @name
    (pointer_declarator declarator: [
      (field_identifier) @name
      (pointer_declarator declarator: (field_identifier) @name)])
    (array_declarator declarator: (field_identifier) @name)
  ] @definition.field)
; `struct { int a; } inner;`: a member whose type has a body is the declarator alone
(field_declaration
  type: (_ body: (_))
  declarator: [
    (field_identifier) @name
    (pointer_declarator declarator: [
      (field_identifier) @name
      (pointer_declarator declarator: (field_identifier) @name)])
    (array_declarator declarator: (field_identifier) @name)
  ] @definition.field)
; `int x;`, `char *name;`, `int buf[8];`, `unsigned flag : 1;`, `void (*cb)(int);`
(field_declaration
  type: (_) @type
  declarator: [
    (field_identifier) @name
    (pointer_declarator declarator: [
      (field_identifier) @name
      (pointer_declarator declarator: (field_identifier) @name)
      (array_declarator declarator: (field_identifier) @name)
      (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name)))])
    (array_declarator declarator: [
      (field_identifier) @name
      (array_declarator declarator: (field_identifier) @name)
      (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name))])
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: [
      (field_identifier) @name
      (array_declarator declarator: (field_identifier) @name)])))
  ]) @definition.field

; ---- module-level variables and constants ------------------------------------------------
; (`extern` declarations are not definitions; `(#is-not? local)`: none inside a function)
; Declarator shapes of a variable name, with or without an initialiser: `x`, `*p`, `**pp`,
; `buf[8]`, `grid[2][2]`, `*names[4]`, `(*handler)(int)`, `*(*make)(void)`, `(*table[4])(int)`,
; `(*row)[8]`. A function declarator around the name itself is a prototype: never matched.
; `int a, *b = 0;`: several declarators, each one its own variable (common shapes)
((declaration
   type: (_) @type
   declarator: [
     (identifier) @name
     (pointer_declarator declarator: [
       (identifier) @name
       (pointer_declarator declarator: (identifier) @name)])
     (array_declarator declarator: (identifier) @name)
     (init_declarator declarator: [
       (identifier) @name
       (pointer_declarator declarator: [
         (identifier) @name
         (pointer_declarator declarator: (identifier) @name)])
       (array_declarator declarator: (identifier) @name)])
   ] @definition.variable
   ",") @_decl
 (#not-match? @_decl "^extern\\b")
 (#is-not? local))
((declaration
   type: (_) @type
   ","
   declarator: [
     (identifier) @name
     (pointer_declarator declarator: [
       (identifier) @name
       (pointer_declarator declarator: (identifier) @name)])
     (array_declarator declarator: (identifier) @name)
     (init_declarator declarator: [
       (identifier) @name
       (pointer_declarator declarator: [
         (identifier) @name
         (pointer_declarator declarator: (identifier) @name)])
       (array_declarator declarator: (identifier) @name)])
   ] @definition.variable) @_decl
 (#not-match? @_decl "^extern\\b")
 (#is-not? local))
; `struct { int a; } config = {...};`: a variable whose type has a body is the declarator alone
((declaration
   type: (_ body: (_))
   declarator: [
     (identifier) @name
     (pointer_declarator declarator: [
       (identifier) @name
       (pointer_declarator declarator: (identifier) @name)])
     (array_declarator declarator: (identifier) @name)
     (init_declarator declarator: [
       (identifier) @name
       (pointer_declarator declarator: [
         (identifier) @name
         (pointer_declarator declarator: (identifier) @name)])
       (array_declarator declarator: (identifier) @name)])
   ] @definition.variable) @_decl
 (#not-match? @_decl "^extern\\b")
 (#is-not? local))
; `static const int LIMIT = 4;`, `const char *const NAME = "x";`, `const int table[] = {...};`,
; `const char *const names[] = {...};` (`const char *p` is a variable: the pointer is not const)
((declaration
   (type_qualifier) @_const
   type: (_ !body) @type
   declarator: [
     (identifier) @name
     (array_declarator declarator: (identifier) @name)
     (pointer_declarator (type_qualifier) @_const2 declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
     (init_declarator declarator: [
       (identifier) @name
       (array_declarator declarator: (identifier) @name)
       (pointer_declarator (type_qualifier) @_const2 declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])])
   ]) @definition.constant
 (#eq? @_const "const")
 (#eq? @_const2 "const")
 (#not-match? @definition.constant "^extern\\b")
 (#is-not? local))
; `static int counter = 0;`, `char *names[4];`, `int (*handler)(int) = f;`
((declaration
   type: (_ !body) @type
   declarator: [
     (identifier) @name
     (pointer_declarator declarator: [
       (identifier) @name
       (pointer_declarator declarator: (identifier) @name)
       (array_declarator declarator: (identifier) @name)
       (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)))])
     (array_declarator declarator: [
       (identifier) @name
       (array_declarator declarator: (identifier) @name)
       (parenthesized_declarator (pointer_declarator declarator: (identifier) @name))])
     (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: [
       (identifier) @name
       (array_declarator declarator: (identifier) @name)])))
     (init_declarator declarator: [
       (identifier) @name
       (pointer_declarator declarator: [
         (identifier) @name
         (pointer_declarator declarator: (identifier) @name)
         (array_declarator declarator: (identifier) @name)
         (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)))])
       (array_declarator declarator: [
         (identifier) @name
         (array_declarator declarator: (identifier) @name)
         (parenthesized_declarator (pointer_declarator declarator: (identifier) @name))])
       (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: [
         (identifier) @name
         (array_declarator declarator: (identifier) @name)])))])
   ]) @definition.variable
 (#not-match? @definition.variable "^extern\\b")
 (#is-not? local))

; ===================================================================== local bindings
; Parameters and locals with their declared types (`struct foo *p`, `const foo_t *q`, `int n`):
; they type calls on those names (`p->ops->fn()` stays a call through a function pointer).
(parameter_declaration
  type: (_) @type
  declarator: [
    (identifier) @name
    (pointer_declarator declarator: [
      (identifier) @name
      (pointer_declarator declarator: (identifier) @name)])
  ]) @binding
(compound_statement
  (declaration
    type: (_) @type
    declarator: [
      (identifier) @name
      (pointer_declarator declarator: (identifier) @name)
      (init_declarator declarator: [
        (identifier) @name
        (pointer_declarator declarator: (identifier) @name)])
    ]) @binding)

; ===================================================================== references

; ---- includes ----------------------------------------------------------------------------
; `#include <stdio.h>` / `#include "a/b.h"` (the whole header: no @name)
(preproc_include path: [(string_literal) (system_lib_string)] @module) @reference.import

; ---- calls -------------------------------------------------------------------------------
; `f(x)`
(call_expression function: (identifier) @name) @reference.call
; `obj.fn(x)`, `ops->fn(x)`: a call through a function-pointer member, qualified by its object
(call_expression function: (field_expression argument: (_) @qualifier field: (field_identifier) @name)) @reference.call

; ---- type uses ---------------------------------------------------------------------------
; a type name in a declaration, parameter, field, cast, sizeof or compound literal
(_ type: (type_identifier) @name @reference.type)
; `struct point *p` (an elaborated type without a body)
(struct_specifier !body name: (type_identifier) @name) @reference.type
(union_specifier !body name: (type_identifier) @name) @reference.type
(enum_specifier !body name: (type_identifier) @name) @reference.type

; ---- writes ------------------------------------------------------------------------------
; `x = 1`, `x += 1`, and the object of `x.f = 1`, `x[i] = 1`, `x.a.b = 1`
(assignment_expression left: (identifier) @name) @reference.write
(assignment_expression left: [(field_expression argument: (identifier) @name)
                              (subscript_expression argument: (identifier) @name)]) @reference.write
(assignment_expression left: [(field_expression argument: [(field_expression argument: (identifier) @name)
                                                           (subscript_expression argument: (identifier) @name)])
                              (subscript_expression argument: [(field_expression argument: (identifier) @name)
                                                               (subscript_expression argument: (identifier) @name)])]) @reference.write
; `x++`, `--x`, and the object of `x.n++`, `x[i]--`, `x.a.b++`
(update_expression argument: (identifier) @name) @reference.write
(update_expression argument: [(field_expression argument: (identifier) @name)
                              (subscript_expression argument: (identifier) @name)
                              (field_expression argument: [(field_expression argument: (identifier) @name)
                                                           (subscript_expression argument: (identifier) @name)])
                              (subscript_expression argument: [(field_expression argument: (identifier) @name)
                                                               (subscript_expression argument: (identifier) @name)])]) @reference.write

; ---- reads -------------------------------------------------------------------------------
; identifiers in expression position (members after `.`/`->` are field_identifiers, never read)
; `x += 1` and `x++` read x as well as writing it
(assignment_expression left: (identifier) @name operator: ["+=" "-=" "*=" "/=" "%=" "&=" "|=" "^=" "<<=" ">>="]) @reference.read
(update_expression argument: (identifier) @name) @reference.read
(assignment_expression right: (identifier) @name) @reference.read
(init_declarator value: (identifier) @name) @reference.read
(binary_expression [left: (identifier) @name right: (identifier) @name]) @reference.read
(unary_expression argument: (identifier) @name) @reference.read
(pointer_expression argument: (identifier) @name) @reference.read
(conditional_expression [condition: (identifier) @name consequence: (identifier) @name alternative: (identifier) @name]) @reference.read
(parenthesized_expression (identifier) @name) @reference.read
(argument_list (identifier) @name) @reference.read
(return_statement (identifier) @name) @reference.read
(expression_statement (identifier) @name) @reference.read
(comma_expression [left: (identifier) @name right: (identifier) @name]) @reference.read
(subscript_expression [argument: (identifier) @name index: (identifier) @name]) @reference.read
(field_expression argument: (identifier) @name) @reference.read
(cast_expression value: (identifier) @name) @reference.read
(sizeof_expression value: (identifier) @name) @reference.read
(initializer_list (identifier) @name) @reference.read
(initializer_pair value: (identifier) @name) @reference.read
(case_statement value: (identifier) @name) @reference.read

; ===================================================================== complexity

; decision points: if / else if, loops, case arms (not `default:`), ternaries, && and ||
(if_statement) @branch
(for_statement) @branch
(while_statement) @branch
(do_statement) @branch
(case_statement value: (_)) @branch
(conditional_expression) @branch
(binary_expression operator: ["&&" "||"]) @branch
