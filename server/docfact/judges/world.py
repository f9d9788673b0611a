"""Is this world closed? One answer for every rule that fires on an absence.

A rule that reports a name, attribute, parameter, call or raise docfact did *not* find may speak
only when the place it looked in is closed: docfact can list everything that place holds. This
module is the one place that decides that, for the four kinds of place rules look in:

- :func:`module_names_closed` — a module's names (open: a module ``__getattr__``, lazy loading
  through ``lazy_loader`` / ``__getattr__`` + ``__all__``, star imports of modules docfact cannot
  read such as compiled extensions, writes to ``globals()`` / ``sys.modules``);
- :func:`module_binds` — whether a module binds a name: True (in its source or in its ``.pyi``
  stub, read as the interface it is), False (absent and the module is closed), None (open);
- :func:`class_attributes_closed` — a class's attributes (open: an external base, a class
  decorator or metaclass docfact cannot follow, ``__getattr__`` / ``__getattribute__``,
  ``setattr(Class, ...)`` anywhere in the project; for one name also when a subclass or code
  outside the class sets it);
- :func:`signature_closed` — a function's signature (open: a decorator docfact cannot follow may
  replace it, e.g. a deprecation alias that renames arguments);
- :func:`behaviour_closed` — a function's behaviour (open as the signature, and when the code is
  a ``.pyi`` stub, abstract, or a placeholder/dispatcher body that only returns its arguments,
  ``None`` or ``NotImplemented``, or raises ``NotImplementedError``);
- :func:`constructor_fields` — the constructor arguments of a dataclass / attrs class, fields
  of its project base classes included;
- :func:`overload_params` — the parameters of a function's ``@overload`` signatures (each one
  exists);
- :func:`unknown_decorators` — the decorators of an entity docfact cannot follow;
- :func:`doc_convention` — a dotted name the docs of several files use alike (a stand-in the
  project's manual defines).

Every answer is computed from the project's index and graph, once per run (``ctx.run_cache``).
The answers live by the kind of place they are about: modules in
:mod:`docfact.judges.world_modules`, classes in :mod:`docfact.judges.world_classes`, signatures
and bodies in :mod:`docfact.judges.world_functions`, calls and keywords handed on in
:mod:`docfact.judges.world_calls`; this module names them all, so a rule asks ``world.<answer>``
without knowing where it lives.
"""

from __future__ import annotations

from docfact.judges.world_calls import (
    keyword_fate,
    may_call_back,
    project_decorators,
    resolved_entity,
)
from docfact.judges.world_classes import (
    ENUM_API,
    ENUM_BASES,
    KNOWN_CLASS_DECORATORS,
    class_attributes_closed,
    constructor_fields,
    doc_convention,
    enum_based,
    open_sibling_member,
    subclass_defines,
)
from docfact.judges.world_functions import (
    KNOWN_FUNCTION_DECORATORS,
    behaviour_closed,
    overload_params,
    override_params,
    overrides_of,
    signature_closed,
    unknown_decorators,
)
from docfact.judges.world_modules import (
    module_binds,
    module_names_closed,
    project_tree_partial,
    stub_path,
)

__all__ = [
    "ENUM_API", "ENUM_BASES", "KNOWN_CLASS_DECORATORS", "KNOWN_FUNCTION_DECORATORS", "behaviour_closed",
    "class_attributes_closed", "constructor_fields", "doc_convention", "enum_based", "keyword_fate",
    "may_call_back", "module_binds", "module_names_closed", "open_sibling_member", "overload_params",
    "override_params", "overrides_of", "project_decorators", "project_tree_partial", "resolved_entity",
    "signature_closed", "stub_path", "subclass_defines", "unknown_decorators",
]
