; inherits: typescript
; TSX = TypeScript (everything in typescript/tags.scm, loaded first) + JSX references.

; JSX components are calls (capitalised names; lowercase tags are HTML elements):
; <Button />, <Layout>...</Layout>
((jsx_opening_element
  name: (identifier) @name) @reference.call
  (#match? @name "^[A-Z]"))

((jsx_self_closing_element
  name: (identifier) @name) @reference.call
  (#match? @name "^[A-Z]"))

; <ui.Card>, <Foo.Bar />
(jsx_opening_element
  name: (member_expression
    object: (_) @qualifier
    property: (property_identifier) @name)) @reference.call

(jsx_self_closing_element
  name: (member_expression
    object: (_) @qualifier
    property: (property_identifier) @name)) @reference.call

; ... and the object of a member tag is read: `<ThemeContext.Provider>` reads ThemeContext
(jsx_opening_element
  name: (member_expression
    object: (identifier) @name @reference.read))

(jsx_self_closing_element
  name: (member_expression
    object: (identifier) @name @reference.read))
