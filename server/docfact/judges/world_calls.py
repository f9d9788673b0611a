"""Where a function's calls and keywords may lead (:mod:`docfact.judges.world` names these
answers with the others): whether a call could come back into the function unseen, the project
decorators that wrap it, the project entity a name refers to, and what becomes of a keyword
that reaches its ``**kwargs``."""

from __future__ import annotations

import ast
import re
from typing import cast

from docfact.judges.attribute_lists import only_project_class
from docfact.judges.base import JudgeContext, member_of
from docfact.judges.function_ast import shared_function_ast
from docfact.judges.world_classes import decorator_name, subclass_versions
from docfact.judges.world_functions import placeholder_body, signature_closed
from docfact.model import Entity

# ---- calls that could come back ----------------------------------------------------------------

# builtins that take ``self`` and call none of its methods that could lead back to the caller
_INERT_WITH_SELF = frozenset({"isinstance", "issubclass", "id", "type", "hash", "super", "callable", "hasattr",
                              "getattr", "setattr", "delattr", "vars", "dir", "object.__setattr__",
                              "object.__getattribute__", "object.__new__", "weakref.ref", "copy.copy"})
_NAME_BUILDERS = frozenset({"getattr", "methodcaller", "attrgetter", "operator.methodcaller", "operator.attrgetter",
                            "__getattribute__", "object.__getattribute__"})


def _dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = _dotted(node.value)
        return None if head is None else f"{head}.{node.attr}"
    return None


def _method_of_own_class(ctx: JudgeContext, fn: Entity, name: str) -> bool:
    if not fn.parent:
        return False
    member = ctx.graph.entity(f"{fn.module}.{fn.parent}.{name}")
    return member is not None and member.kind in ("function", "method")


def may_call_back(ctx: JudgeContext, fn: Entity, same_name: bool = True) -> str | None:
    """Why a call ``fn`` makes could lead back into ``fn`` without docfact seeing it (None when
    its calls are a closed world for that question): it calls a callable taken from a container
    or returned by a call (``RULES[kind](node)``, ``getattr(self, "on_" + tag)(node)``), builds a
    method name at run time (``getattr``/``methodcaller`` with a computed name), calls a method of
    its own name on another object (``child.walk()``, ``self.items[i].walk()``: an instance of the
    same class, or of a type docfact cannot know), or hands itself, a bound method of its class or
    ``self`` to a callee that may call it (``map(Node.total, kids)``, ``lib.rebuild(t, self.prune)``).
    ``same_name=False`` leaves out the method of its own name on another object: a rule that asks
    which calls run (not whether ``fn`` runs again) reads those methods itself."""
    if fn.language != "python":
        return None
    key = ("world-call-back", fn.qualname, id(fn), same_name)
    if key in ctx.run_cache:
        return cast("str | None", ctx.run_cache[key])
    tree = shared_function_ast(ctx, fn)
    reason: str | None = None if tree is not None else "its code does not parse"
    owner = fn.parent.rsplit(".", 1)[-1] if fn.parent else None
    own_refs = {fn.name, f"self.{fn.name}", f"cls.{fn.name}"} | ({f"{owner}.{fn.name}"} if owner else set())
    for node in ast.walk(tree) if tree is not None else ():
        if reason is not None:
            break
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        callee = _dotted(func)
        if not isinstance(func, (ast.Name, ast.Attribute)):
            reason = "it calls a callable taken from a container or returned by a call"
        elif same_name and isinstance(func, ast.Attribute) and func.attr == fn.name and callee not in own_refs:
            reason = f"it calls `.{fn.name}()` of another object, which may be of its own class"
        elif callee in _NAME_BUILDERS and node.args[1:2] and not (
                isinstance(node.args[1], ast.Constant) and node.args[1].value != fn.name):
            reason = "it looks a method up by a name computed at run time"
        elif callee in ("methodcaller", "attrgetter", "operator.methodcaller", "operator.attrgetter") and node.args \
                and not (isinstance(node.args[0], ast.Constant) and node.args[0].value != fn.name):
            reason = "it looks a method up by a name computed at run time"
        else:
            reason = _hands_back(ctx, fn, node, callee, own_refs)
    ctx.run_cache[key] = reason
    return reason


def _hands_back(ctx: JudgeContext, fn: Entity, node: ast.Call, callee: str | None, own_refs: set[str]) -> str | None:
    """Why the call ``node`` in ``fn`` may call back: it hands ``fn`` itself, ``self``/``cls``
    or a bound method of ``fn``'s class to the callee; None when it hands none of them."""
    reason: str | None = None
    for arg in (*node.args, *(k.value for k in node.keywords)):
        if isinstance(arg, ast.Starred):
            arg = arg.value
        text = _dotted(arg)
        if text is None:
            continue
        if text in own_refs:
            reason = f"it hands `{text}` to `{callee or 'a callee'}`, which may call it"
        elif text in ("self", "cls") and callee not in _INERT_WITH_SELF:
            reason = f"it hands `{text}` to `{callee or 'a callee'}`, which may call back"
        elif text.startswith(("self.", "cls.")) and text.count(".") == 1 \
                and _method_of_own_class(ctx, fn, text.split(".", 1)[1]):
            reason = f"it hands the bound method `{text}` to `{callee or 'a callee'}`, which may call back"
        if reason is not None:
            break
    return reason


def project_decorators(ctx: JudgeContext, fn: Entity) -> list[Entity]:
    """The project functions that decorate ``fn`` (by the decorator's last name), with the
    functions nested in them (the wrapper that replaces ``fn``)."""
    out: list[Entity] = []
    for d in fn.decorators:
        for dec in ctx.graph.entities_named(decorator_name(d)):
            if dec.kind not in ("function", "method") or dec is fn:
                continue
            out.append(dec)
            fi = ctx.graph.file(dec.path)
            if fi is not None:
                out += [x for x in fi.entities if x.local_name.startswith(dec.local_name + ".")
                        and x.kind in ("function", "method")]
    return out


# ---- keywords handed on ------------------------------------------------------------------------

def resolved_entity(ctx: JudgeContext, name: str, scope: Entity | None = None) -> Entity | None:
    """The project entity ``name`` refers to from ``scope`` (the documented entity by default);
    None when it names none or the resolver fails (a resolver problem is not a finding)."""
    scope = scope or ctx.entity
    if scope is None:
        return None
    try:
        got = ctx.graph.resolve(name, scope)
    except Exception:
        return None
    return got.entity if got is not None else None


def keyword_fate(ctx: JudgeContext, fn: Entity, name: str) -> str:
    """What becomes of a keyword ``name`` that reaches ``fn`` through its ``**kwargs``:

    - ``"taken"``: ``fn`` reads that key itself (``kwargs.get("desc")``), or hands its keywords on
      to a call whose parameters include ``name``, take any keyword, or cannot be read (another
      library, a name docfact cannot resolve, ``super()``);
    - ``"refused"``: ``fn`` uses its ``**kwargs`` only to hand them on, and every callee is a
      project function or class whose closed signature lacks ``name`` (calling ``fn`` with it
      raises ``TypeError``);
    - ``"ignored"``: ``fn``'s body never names its ``**kwargs`` (nor reads its frame), its
      signature is the one callers use, it is no stub and no project subclass overrides it: a
      keyword passed there is swallowed unread;
    - ``"kept"``: anything else (the keywords are stored or iterated): docfact cannot tell.
    """
    kwarg = next((p.name.lstrip("*") for p in fn.params if p.kind == "kwarg"), None)
    if kwarg is None:
        return "kept"
    if re.search(rf"\b{re.escape(kwarg)}\s*(?:\[|\.(?:get|pop|setdefault)\()\s*['\"]{re.escape(name)}['\"]", fn.code):
        return "taken"
    node = shared_function_ast(ctx, fn)
    if node is None:
        return "taken"
    forwards = uses = 0
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and n.id == kwarg:
            uses += 1
        elif isinstance(n, ast.Call):
            handed = sum(1 for k in n.keywords
                         if k.arg is None and isinstance(k.value, ast.Name) and k.value.id == kwarg)
            if handed and not _callee_refuses(ctx, fn, n, name):
                return "taken"
            forwards += handed
    if uses == 0:
        return "ignored" if _swallows_keywords(ctx, fn, node) else "kept"
    return "refused" if forwards and uses == forwards else "kept"


_READS_FRAME = re.compile(r"\b(?:locals|vars)\(\s*\)|\b_getframe\b|\binspect\.|\bcurrentframe\b")


def _swallows_keywords(ctx: JudgeContext, fn: Entity, node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether keywords that reach ``fn``'s unread ``**kwargs`` are dropped for certain: not a
    stub (an interface documents what implementations take), no decorator or frame reading
    that could use them, and no project subclass with its own version of the method."""
    body = node.body[1:] if node.body and isinstance(node.body[0], ast.Expr) \
        and isinstance(node.body[0].value, ast.Constant) else node.body
    stub = all(isinstance(b, (ast.Pass, ast.Raise)) or (isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant))
               for b in body)
    if stub or fn.is_abstract or placeholder_body(ctx, fn) or _READS_FRAME.search(fn.code) \
            or not signature_closed(ctx, fn):
        return False
    cls = ctx.owner_class if ctx.entity is fn or fn.kind == "method" else None
    if fn.kind == "method" and cls is None:
        return False
    return cls is None or (_plain_hierarchy(ctx, cls) and not _overridden_below(ctx, cls, fn.name))


def _plain_hierarchy(ctx: JudgeContext, cls: Entity) -> bool:
    """Whether no metaclass or class decorator of ``cls`` or its bases can see a call's
    arguments before ``__init__`` does: every base is a project class (or ``object``) that
    docfact reads whole, each with a plain metaclass and no decorator it cannot follow."""
    stack, seen = [cls], set()
    while stack:
        c = stack.pop()
        if c.qualname in seen:
            continue
        seen.add(c.qualname)
        if len(seen) > 50 or not signature_closed(ctx, c):
            return False
        for base in c.bases:
            name = base.split("[")[0].rsplit(".", 1)[-1].strip()
            if name in ("object", "ABC", "Generic", "Protocol") or name.startswith("metaclass="):
                continue
            found = only_project_class(ctx, name)
            if found is None:
                return False
            stack.append(found)
    return True


def _overridden_below(ctx: JudgeContext, cls: Entity, method: str) -> bool:
    """Whether a project subclass of ``cls`` (at any depth) defines ``method`` itself."""
    return any(impl is not None or not known for impl, known in subclass_versions(ctx, cls, method))


def _callee_refuses(ctx: JudgeContext, fn: Entity, call: ast.Call, name: str) -> bool:
    """Whether the callee of ``call`` is a project function or class whose closed signature
    takes neither ``name`` nor any keyword."""
    callee = _dotted(call.func)
    if callee is None or callee.startswith(("super", "self.", "cls.")):
        return False  # ``super().__init__(**kw)``, a method of the instance: not followed
    target = resolved_entity(ctx, callee, fn)
    if target is None:
        return False
    if target.kind == "class":
        fi = ctx.graph.file(target.path)
        init = member_of(fi, target, "__init__") if fi is not None else None
        if init is None:
            return False
        target = init
    return target.kind in ("function", "method") and signature_closed(ctx, target) \
        and not any(p.kind == "kwarg" or p.name.lstrip("*") == name for p in target.params)
