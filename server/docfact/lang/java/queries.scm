; Coarse captures for the Java extractor: one QueryCursor pass per file.
; Capture names are read by docfact/index/java.py; details are read from the nodes.

(class_declaration) @class
(interface_declaration) @class
(enum_declaration) @class
(record_declaration) @class
(annotation_type_declaration) @class
(method_declaration) @def
(constructor_declaration) @def
(compact_constructor_declaration) @def

(method_invocation) @call
(object_creation_expression) @new
(throw_statement) @raise
(catch_clause) @except
(return_statement) @return
(array_access) @subscript

(package_declaration) @package
(import_declaration) @import

(assignment_expression left: (_) @assign)
(local_variable_declaration declarator: (variable_declarator name: (identifier) @local))

(string_fragment) @strc
(multiline_string_fragment) @strc
(line_comment) @comment
(block_comment) @comment
