; TypeScript-only declarations, read after javascript.scm (the TypeScript grammars have both).

(abstract_class_declaration) @class
(interface_declaration) @class
(enum_declaration) @class
(function_signature) @def
(method_signature) @def
(abstract_method_signature) @def
(public_field_definition value: [(arrow_function) (function_expression)]) @def
